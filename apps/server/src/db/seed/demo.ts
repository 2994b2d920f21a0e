import type { Allergen, DietTag } from "@kantien/domain/allergens";
import { ALLERGY_CONSENT_VERSION } from "@kantien/domain/allergens";
import {
  addDaysIso,
  type IsoDate,
  schoolDays,
  schoolWeekOf,
  todayIn,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from "@kantien/domain/dates";
import { normalizeLinkCode } from "@kantien/domain/guardians";
import { MONEY_CHANNELS, REPORT_CHANNELS } from "@kantien/domain/money-channels";
import type { OrderStatus } from "@kantien/domain/order-status";
import { isGuardianRole, isStaffRole } from "@kantien/domain/roles";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "../../password-hash";
import { type Db, queryRows, type Tx } from "../client";
import {
  clients,
  counterItemStock,
  counterItems,
  customerAllergies,
  dietaryProfiles,
  foodItemAllergens,
  foodItems,
  guardianLinkChanges,
  guardianLinks,
  kantienStaff,
  learnerLimits,
  orderStatusChanges,
  orders,
  userSettings,
  users,
  wallets,
  walletTransactions,
  weeklyMenus,
} from "../schema";

export const DEMO_PASSWORD = "demo1234";

/** Weeks of orders and money before this one: the reports' charts have something to show, and past days to close. */
const HISTORY_WEEKS = 6;
export const DEMO_ACCOUNTS = [
  { email: "admin@kantien.example", roleId: 4, firstName: "Anna", lastName: "Admin" },
  { email: "kok@kantien.example", roleId: 3, firstName: "Koos", lastName: "Kok" },
  { email: "student@kantien.example", roleId: 1, firstName: "Sanet", lastName: "Student" },
  // A student who declared a severe peanut allergy and a milk intolerance, with consent (decision 0041).
  { email: "allergie@kantien.example", roleId: 1, firstName: "Pieter", lastName: "Pienaar" },
  // Sanet's parents (decision 0068): the first guards her and a second learner, the second her only.
  { email: "ouer@kantien.example", roleId: 5, firstName: "Marietjie", lastName: "Student" },
  { email: "ouer2@kantien.example", roleId: 5, firstName: "Johan", lastName: "Student" },
] as const;

/** The demo student's link code, as the school's letter would print it. */
export const DEMO_LINK_CODE = "SANE-T234";

/** What the allergic demo student declared; the other demo student declares none. */
export const DEMO_ALLERGIES = [
  { code: "peanuts", severity: "severe" },
  { code: "milk", severity: "intolerance" },
] as const;

/** The payment references the sample statements name (valid, and made by no sequence number so far). */
export const DEMO_REFERENCES = { student: "KAN7K3Q9Z", firstCustomer: "KAN000000" } as const;

const FIRST_NAMES = [
  "Thabo",
  "Lerato",
  "Pieter",
  "Annelie",
  "Sipho",
  "Marike",
  "Johan",
  "Zanele",
  "Ruan",
  "Naledi",
];
const LAST_NAMES = ["Botha", "Nkosi", "van der Merwe", "Dlamini", "Pretorius", "Mokoena", "Steyn", "Khumalo"];

const MENU: Record<Weekday, { name: string; description: string; price: string; minutes: number }[]> = {
  Maandag: [
    {
      name: "Bobotie met geelrys",
      description: "Gebakte maalvleis met eierbolaag, geelrys en blatjang",
      price: "55.00",
      minutes: 20,
    },
    {
      name: "Hoender-pasta",
      description: "Romerige hoender-pasta met sampioene",
      price: "52.00",
      minutes: 15,
    },
  ],
  Dinsdag: [
    {
      name: "Boerewors-rol",
      description: "Boerewors op 'n rolletjie met tamatie-en-uie-sous",
      price: "38.50",
      minutes: 10,
    },
    {
      name: "Groente-lasagne",
      description: "Lasagne met spinasie, ricotta en tamatie",
      price: "49.00",
      minutes: 20,
    },
  ],
  Woensdag: [
    {
      name: "Vis en skyfies",
      description: "Gebraaide stokvis met skyfies en tartaarsous",
      price: "58.00",
      minutes: 15,
    },
    {
      name: "Bredie met rys",
      description: "Tamatiebredie met lamsvleis en rys",
      price: "60.00",
      minutes: 25,
    },
  ],
  Donderdag: [
    { name: "Pap en vleis", description: "Mieliepap met beesstoof en sous", price: "45.00", minutes: 15 },
    {
      name: "Hoender-satay met rys",
      description: "Hoendersosaties in grondboontjiesous met geelrys",
      price: "54.00",
      minutes: 20,
    },
  ],
  Vrydag: [
    {
      name: "Vetkoek met kerriemaalvleis",
      description: "Vars vetkoek gevul met kerriemaalvleis",
      price: "42.00",
      minutes: 15,
    },
    {
      name: "Pizza Margherita",
      description: "Klein pizza met tamatie, mozzarella en basiliekruid",
      price: "47.50",
      minutes: 12,
    },
  ],
};

/**
 * What each demo dish declares (decision 0041), as a South African school kitchen would: every
 * dish declared, and all but one checked by the demo admin, so the menu shows one unchecked.
 */
const DISH_DECLARATIONS: Record<
  string,
  { contains: Allergen[]; mayContain?: Allergen[]; diet?: DietTag[]; unchecked?: true }
> = {
  "Bobotie met geelrys": { contains: ["gluten", "eggs", "milk"], mayContain: ["sulphites"] },
  "Hoender-pasta": { contains: ["gluten", "milk"], mayContain: ["eggs"], diet: ["halaal"] },
  "Boerewors-rol": { contains: ["gluten", "sulphites"], mayContain: ["mustard"] },
  "Groente-lasagne": { contains: ["gluten", "eggs", "milk"], diet: ["vegetarian"] },
  "Vis en skyfies": { contains: ["fish", "gluten", "eggs"], mayContain: ["mustard"] },
  "Bredie met rys": { contains: [], mayContain: ["celery"], diet: ["halaal"], unchecked: true },
  "Pap en vleis": { contains: [], mayContain: ["celery"], diet: ["halaal"] },
  "Hoender-satay met rys": {
    contains: ["peanuts", "soybeans"],
    mayContain: ["gluten", "sesame"],
    diet: ["halaal"],
  },
  "Vetkoek met kerriemaalvleis": { contains: ["gluten", "eggs", "milk"], mayContain: ["mustard"] },
  "Pizza Margherita": { contains: ["gluten", "milk"], diet: ["vegetarian"] },
};

/** Today's demo kitchen: minutes ago it was created, and its status now. */
const TODAY_ORDERS: { status: OrderStatus; createdMinutesAgo: number; changedMinutesAgo: number }[] = [
  { status: "pending", createdMinutesAgo: 52, changedMinutesAgo: 52 },
  { status: "pending", createdMinutesAgo: 41, changedMinutesAgo: 41 },
  { status: "pending", createdMinutesAgo: 12, changedMinutesAgo: 12 },
  { status: "pending", createdMinutesAgo: 6, changedMinutesAgo: 6 },
  { status: "pending", createdMinutesAgo: 2, changedMinutesAgo: 2 },
  { status: "processing", createdMinutesAgo: 35, changedMinutesAgo: 14 },
  { status: "processing", createdMinutesAgo: 25, changedMinutesAgo: 8 },
  { status: "processing", createdMinutesAgo: 18, changedMinutesAgo: 3 },
  { status: "ready", createdMinutesAgo: 45, changedMinutesAgo: 5 },
  { status: "ready", createdMinutesAgo: 30, changedMinutesAgo: 1 },
  { status: "delivered", createdMinutesAgo: 90, changedMinutesAgo: 40 },
  { status: "delivered", createdMinutesAgo: 80, changedMinutesAgo: 33 },
  { status: "cancelled", createdMinutesAgo: 70, changedMinutesAgo: 60 },
];

/** The kitchen flow up to `status`, for the order's recorded history. */
function historyOf(status: OrderStatus): OrderStatus[] {
  if (status === "cancelled") return ["pending", "cancelled"];
  const flow: OrderStatus[] = ["pending", "processing", "ready", "delivered"];
  return flow.slice(0, flow.indexOf(status) + 1);
}

/** True when the database already holds users: the demo data is loaded only once. */
export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select exists (select 1 from users) as present`,
    z.object({ present: z.boolean() }),
  );
  return Boolean(row?.present);
}

/** Any constant both processes agree on: the key of the seeding's advisory lock. */
const SEED_LOCK_KEY = 4_242_017;

/** Which of the demo sign-ins exist (by email, in any case). */
export async function existingDemoAccounts(db: Db): Promise<(typeof DEMO_ACCOUNTS)[number][]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const present = new Set(rows.map((r) => r.email.toLowerCase()));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}

/**
 * The demo data: four sign-ins (one student with allergies), ~40 customers, two weeks of menus, today's kitchen.
 * Only into a database without users; answers whether it seeded. Two processes starting
 * at once on one PostgreSQL take turns on an advisory lock and the second finds users.
 */
export async function seedDemo(db: Db, timeZone: string, now: Date): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = todayIn(timeZone, now);
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasUsers(tx)) return false;
    const accounts = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash, emailVerifiedAt: now, phoneNumber: "082 555 0100" })),
      )
      .returning({ id: users.id, roleId: users.roleId, email: users.email });
    const admin = accounts.find((a) => a.roleId === 4)!;
    // The demo tops up online through the local simulator (decision 0074), where it is allowed.
    await tx.execute(sql`update payment_settings set provider = 'simulator' where id = 1`);
    await tx
      .insert(kantienStaff)
      .values(
        accounts
          .filter((a) => isStaffRole(a.roleId))
          .map((a, i) => ({ id: a.id, kantienEmployeeNumber: `KANTIEN00${i + 1}` })),
      );

    const customerRows = Array.from({ length: 40 }, (_, i) => ({
      firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 3) % LAST_NAMES.length]!,
      email: `klant${String(i + 1).padStart(2, "0")}@kantien.example`,
      phoneNumber: i % 4 === 0 ? null : `07${i % 10} 555 ${String(1000 + i).slice(-4)}`,
      roleId: i % 5 === 0 ? 2 : 1,
      emailVerifiedAt: now,
      accountCreationTime: minutesAgo((40 - i) * 60 * 24 + 7),
    }));
    const customers = await tx
      .insert(users)
      .values(customerRows)
      .returning({ id: users.id, roleId: users.roleId });
    const student = accounts.find((a) => a.email === "student@kantien.example")!;
    const allergic = accounts.find((a) => a.email === "allergie@kantien.example")!;
    const everyone = [...accounts, ...customers];
    await tx.insert(userSettings).values(everyone.map((u) => ({ userId: u.id })));
    await tx
      .insert(clients)
      .values(
        [student, ...customers]
          .filter((_, i) => i % 3 !== 2)
          .map((u, i) => ({ userId: u.id, akdNumber: `AKD${String(2026000 + i)}` })),
      );

    // Balances come from the ledger: one top-up per customer that has money.
    const balances = [student, ...customers].map((u, i) => ({
      userId: u.id,
      balance: i % 6 === 5 ? "0.00" : (150 + ((i * 37) % 400)).toFixed(2),
    }));
    await tx
      .insert(wallets)
      .values([
        ...balances,
        ...accounts
          .filter((a) => isStaffRole(a.roleId) || isGuardianRole(a.roleId))
          .map((a) => ({ userId: a.id, balance: "0.00" })),
        { userId: allergic.id, balance: "200.00" },
      ]);
    // An adult at the academy: his own consent counts (decision 0068).
    await tx
      .insert(clients)
      .values({ userId: allergic.id, akdNumber: "AKD2026999", dateOfBirth: "2005-06-14" });
    await tx.insert(dietaryProfiles).values({
      userId: allergic.id,
      allergyConsentVersion: ALLERGY_CONSENT_VERSION,
      allergyConsentAt: now,
    });
    await tx
      .insert(customerAllergies)
      .values(DEMO_ALLERGIES.map((allergy) => ({ userId: allergic.id, ...allergy })));
    // The sample bank statements (seed/statements, one per bank) pay these two references, so an
    // admin importing one at /money sees lines matched, waiting for review and unallocated.
    await tx.execute(
      sql`update wallets set payment_reference = case user_id when ${student.id} then ${DEMO_REFERENCES.student}
            else ${DEMO_REFERENCES.firstCustomer} end
          where user_id in (${student.id}, ${customers[0]!.id})`,
    );
    // Menus for the weeks of history, this week and next, Monday to Friday.
    const thisWeek = schoolWeekOf(today);
    const weeks = Array.from({ length: HISTORY_WEEKS + 2 }, (_, w) =>
      schoolWeekOf(addDaysIso(thisWeek.dateFrom, (w - HISTORY_WEEKS) * 7)),
    );
    const nextWeekIndex = HISTORY_WEEKS + 1;
    const menus = await tx
      .insert(weeklyMenus)
      .values(weeks.map((w) => ({ dateFrom: w.dateFrom, dateTo: w.dateTo, kantienStaffId: admin.id })))
      .returning({ id: weeklyMenus.id });
    const items = await tx
      .insert(foodItems)
      .values(
        menus.flatMap((menu, weekIndex) =>
          WEEKDAYS.map((day) => {
            // This week has the first dish of each day, and the weeks alternate from it.
            const dish = MENU[day][Math.abs(weekIndex - HISTORY_WEEKS) % 2]!;
            const declaration = DISH_DECLARATIONS[dish.name];
            return {
              name: dish.name,
              description: dish.description,
              price: dish.price,
              dayOfWeek: day,
              weeklyMenuId: menu.id,
              preparationTime: dish.minutes,
              diet: declaration?.diet ?? [],
              // Checked by the demo admin three days ago; next week holds the one left unchecked.
              ...(declaration && !(declaration.unchecked && weekIndex === nextWeekIndex)
                ? { allergensCheckedBy: admin.id, allergensCheckedAt: minutesAgo(3 * 24 * 60) }
                : {}),
            };
          }),
        ),
      )
      .returning({
        id: foodItems.id,
        name: foodItems.name,
        price: foodItems.price,
        dayOfWeek: foodItems.dayOfWeek,
      });
    await tx.insert(foodItemAllergens).values(
      items.flatMap((item) => {
        const declaration = DISH_DECLARATIONS[item.name];
        if (!declaration) return [];
        return [
          ...declaration.contains.map((code) => ({ foodItemId: item.id, code, level: "contains" as const })),
          ...(declaration.mayContain ?? []).map((code) => ({
            foodItemId: item.id,
            code,
            level: "may_contain" as const,
          })),
        ];
      }),
    );

    // Today's kitchen, in every state; some pending for more than 30 minutes. On a school
    // day the orders are for today's dish; on a weekend the week's dishes stand in.
    const todaysWeekday = weekdayOf(today);
    const thisWeeksItems = items.slice(HISTORY_WEEKS * 5, HISTORY_WEEKS * 5 + 5);
    const todaysItems = todaysWeekday
      ? thisWeeksItems.filter((item) => item.dayOfWeek === todaysWeekday)
      : thisWeeksItems;
    const placed = await tx
      .insert(orders)
      .values(
        TODAY_ORDERS.map((o, i) => {
          const item = todaysItems[i % todaysItems.length]!;
          return {
            userId: customers[i % customers.length]!.id,
            foodItemId: item.id,
            foodItemQuantity: 1 + (i % 3),
            foodItemPrice: item.price,
            status: o.status,
            createdAt: minutesAgo(o.createdMinutesAgo),
            updatedAt: minutesAgo(o.changedMinutesAgo),
            statusChangedAt: minutesAgo(o.changedMinutesAgo),
            deliveryDate: today,
            orderDate: today,
          };
        }),
      )
      .returning(placedColumns);
    const kok = accounts.find((a) => a.roleId === 3)!;
    await tx.insert(orderStatusChanges).values(
      placed.flatMap((order, i) => {
        const o = TODAY_ORDERS[i]!;
        const steps = historyOf(o.status);
        return steps.map((status, step) => {
          const last = step === steps.length - 1;
          const at = last
            ? o.changedMinutesAgo
            : o.createdMinutesAgo - ((o.createdMinutesAgo - o.changedMinutesAgo) * step) / steps.length;
          return {
            orderId: order.id,
            fromStatus: step === 0 ? null : steps[step - 1]!,
            toStatus: status,
            changedBy: step === 0 ? null : kok.id,
            changedAt: minutesAgo(at),
          };
        });
      }),
    );

    // The other school days of every week, so the weekly view, the orders summary and the
    // reports have weeks to show: earlier days delivered (one cancelled, now and then one never
    // collected), later days waiting.
    const otherDays = weeks.flatMap((w, weekIndex) =>
      schoolDays(w.dateFrom)
        .filter((date) => date !== today)
        .map((date) => ({ date, item: items[weekIndex * 5 + WEEKDAYS.indexOf(weekdayOf(date)!)]! })),
    );
    const historyEnds = thisWeek.dateFrom;
    const weekOrders = otherDays.flatMap(({ date, item }, dayIndex) =>
      Array.from({ length: date < historyEnds ? 6 + ((dayIndex * 5) % 9) : 4 + (dayIndex % 4) }, (_, n) => {
        const past = date < today;
        const noShow = date < historyEnds && n === 1 && dayIndex % 3 === 0;
        const status: OrderStatus = past
          ? n === 0
            ? "cancelled"
            : noShow
              ? "ready"
              : "delivered"
          : "pending";
        // Earlier days were ordered the day before; the rest over the last hours.
        const placedAt = past ? new Date(`${addDaysIso(date, -1)}T08:00:00Z`) : minutesAgo(120 + n * 15);
        return {
          userId: customers[(dayIndex * 7 + n * 3) % customers.length]!.id,
          foodItemId: item.id,
          foodItemQuantity: 1 + ((dayIndex + n) % 3),
          foodItemPrice: item.price,
          status,
          createdAt: placedAt,
          updatedAt: placedAt,
          statusChangedAt: placedAt,
          deliveryDate: date,
          orderDate: date,
        };
      }),
    );
    let placedForWeek: PlacedOrder[] = [];
    if (weekOrders.length > 0) {
      placedForWeek = await tx.insert(orders).values(weekOrders).returning(placedColumns);
      await tx.insert(orderStatusChanges).values(
        placedForWeek.flatMap((order, i) => {
          const steps = historyOf(weekOrders[i]!.status);
          return steps.map((status, step) => ({
            orderId: order.id,
            fromStatus: step === 0 ? null : steps[step - 1]!,
            toStatus: status,
            changedBy: step === 0 ? null : kok.id,
            changedAt: weekOrders[i]!.createdAt,
          }));
        }),
      );
    }

    // The wallets' money from the ledger: each order paid when placed, each cancel refunded,
    // and top-ups by cash, card and EFT when a customer's money runs short.
    const ledger = demoLedger({
      wallets: [...balances, { userId: allergic.id, balance: "200.00" }].map((b) => ({
        userId: b.userId,
        target: b.balance,
      })),
      orders: [...placed, ...placedForWeek],
      now,
      createdBy: admin.id,
    });
    if (ledger.rows.length > 0) await tx.insert(walletTransactions).values(ledger.rows);
    for (const [userId, balance] of ledger.balances) {
      await tx.update(wallets).set({ balance }).where(eq(wallets.userId, userId));
    }
    await seedFamily(tx, {
      student,
      secondLearner: customers[2]!,
      parents: accounts.filter((a) => isGuardianRole(a.roleId)),
      blockedDish: items[nextWeekIndex * 5 + 1]!.id,
    });
    await seedCounter(tx, {
      admin: admin.id,
      today,
      thisWeeksDishes: items.slice(HISTORY_WEEKS * 5, HISTORY_WEEKS * 5 + 5).map((item) => item.id),
    });
    return true;
  });
}

/** What the demo counter sells besides the menu (decision 0070): with today's stock where there is one. */
const COUNTER_ITEMS: {
  name: string;
  price: string;
  category: string;
  allergens: { code: Allergen; level: "contains" | "may_contain" }[];
  stock: number | null;
}[] = [
  { name: "Appelsap 330 ml", price: "14.00", category: "Drankies", allergens: [], stock: 48 },
  { name: "Water 500 ml", price: "10.00", category: "Drankies", allergens: [], stock: null },
  {
    name: "Sjokolademelk",
    price: "16.50",
    category: "Drankies",
    allergens: [{ code: "milk", level: "contains" }],
    stock: 24,
  },
  { name: "Piesang", price: "5.00", category: "Vrugte", allergens: [], stock: 30 },
  {
    name: "Muffin",
    price: "15.00",
    category: "Gebak",
    allergens: [
      { code: "gluten", level: "contains" },
      { code: "eggs", level: "contains" },
      { code: "milk", level: "contains" },
    ],
    stock: 4,
  },
  {
    name: "Grondboontjie-stafie",
    price: "9.50",
    category: "Peuselhappies",
    allergens: [{ code: "peanuts", level: "contains" }],
    stock: 20,
  },
];

/**
 * The demo counter (decision 0071): its items, checked, with today's stock, and this week's dishes
 * also sold at the counter, so the counter's sales mode has something to sell.
 */
async function seedCounter(
  tx: Tx,
  { admin, today, thisWeeksDishes }: { admin: string; today: IsoDate; thisWeeksDishes: string[] },
) {
  const added = await tx
    .insert(counterItems)
    .values(
      COUNTER_ITEMS.map(({ stock, ...item }) => ({
        ...item,
        allergensCheckedBy: admin,
        allergensCheckedAt: new Date(),
      })),
    )
    .returning({ id: counterItems.id, name: counterItems.name });
  const stocked = COUNTER_ITEMS.flatMap((item) => {
    const id = added.find((row) => row.name === item.name)?.id;
    return id && item.stock !== null ? [{ counterItemId: id, date: today, quantity: item.stock }] : [];
  });
  if (stocked.length > 0) await tx.insert(counterItemStock).values(stocked);
  await tx.update(foodItems).set({ soldAtCounter: true }).where(inArray(foodItems.id, thisWeeksDishes));
}

/**
 * The demo family (decision 0068): the demo student Sanet (link code `DEMO_LINK_CODE`) and a second
 * learner, both guarded by ouer@ (primary), Sanet also by ouer2@; the second learner has a daily
 * limit and a blocked dish (next week's Tuesday), so Sanet's own ordering is not held back.
 */
async function seedFamily(
  tx: Tx,
  {
    student,
    secondLearner,
    parents,
    blockedDish,
  }: {
    student: { id: string };
    secondLearner: { id: string };
    parents: { id: string; email: string }[];
    blockedDish: string;
  },
) {
  const first = parents.find((p) => p.email === "ouer@kantien.example")!;
  const second = parents.find((p) => p.email === "ouer2@kantien.example")!;
  await tx
    .update(clients)
    .set({ dateOfBirth: "2011-04-03", linkCode: normalizeLinkCode(DEMO_LINK_CODE) })
    .where(eq(clients.userId, student.id));
  await tx.update(clients).set({ dateOfBirth: "2014-08-19" }).where(eq(clients.userId, secondLearner.id));
  const links = [
    { guardianId: first.id, learnerId: student.id, isPrimary: true },
    { guardianId: first.id, learnerId: secondLearner.id, isPrimary: true },
    { guardianId: second.id, learnerId: student.id, isPrimary: false },
  ];
  await tx
    .insert(guardianLinks)
    .values(links.map((l) => ({ ...l, status: "active" as const, createdBy: l.guardianId })));
  await tx.insert(guardianLinkChanges).values(
    links.map((l) => ({
      guardianId: l.guardianId,
      learnerId: l.learnerId,
      change: "linked" as const,
      changedBy: l.guardianId,
    })),
  );
  await tx.insert(learnerLimits).values({
    learnerId: secondLearner.id,
    dailyLimit: "60.00",
    blockedFoodItemIds: [blockedDish],
    updatedBy: first.id,
  });
}

const placedColumns = {
  id: orders.id,
  userId: orders.userId,
  price: orders.foodItemPrice,
  quantity: orders.foodItemQuantity,
  status: orders.status,
  createdAt: orders.createdAt,
  statusChangedAt: orders.statusChangedAt,
};
type PlacedOrder = {
  id: string;
  userId: string;
  price: string;
  quantity: number;
  status: OrderStatus;
  createdAt: Date;
  statusChangedAt: Date;
};

/**
 * The kinds of the channels someone books money in by (not a correction, not the legacy top-up;
 * an online payment comes with its provider's record).
 */
export const DEMO_TOP_UP_KINDS = REPORT_CHANNELS.filter((channel) => MONEY_CHANNELS[channel].byHand).map(
  (channel) => MONEY_CHANNELS[channel].kind,
);
const cents = (rand: string) => Math.round(Number(rand) * 100);
const rand = (value: number) => (value / 100).toFixed(2);

/**
 * The demo's ledger, in time order per wallet: a debit for every order the kitchen took (all
 * but those still pending), a refund for every cancelled one, and a top-up some minutes before a
 * debit the money would not cover (rounded up to R50, by each channel in turn: cash, card, EFT). A wallet
 * that ends below its demo balance gets the rest as a last top-up; the balances are what the
 * rows add up to, so every past day's wallet proof balances.
 */
function demoLedger({
  wallets: targets,
  orders: placed,
  now,
  createdBy,
}: {
  wallets: { userId: string; target: string }[];
  orders: PlacedOrder[];
  now: Date;
  createdBy: string;
}) {
  type Move = {
    at: Date;
    amount: number;
    kind: (typeof walletTransactions.$inferInsert)["kind"];
    orderId: string | null;
  };
  const movesOf = new Map<string, Move[]>();
  for (const order of placed) {
    if (order.status === "pending") continue;
    const moves = movesOf.get(order.userId) ?? [];
    const amount = cents(order.price) * order.quantity;
    moves.push({ at: order.createdAt, amount: -amount, kind: "order", orderId: order.id });
    if (order.status === "cancelled") {
      const at = new Date(Math.max(order.statusChangedAt.getTime(), order.createdAt.getTime() + 60_000));
      moves.push({ at, amount, kind: "refund", orderId: order.id });
    }
    movesOf.set(order.userId, moves);
  }
  const rows: (typeof walletTransactions.$inferInsert)[] = [];
  const balances = new Map<string, string>();
  const firstDay = new Date(
    Math.min(now.getTime(), ...placed.map((o) => o.createdAt.getTime())) - 60 * 60_000,
  );
  targets.forEach(({ userId, target }, walletIndex) => {
    const moves = (movesOf.get(userId) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
    let balance = 0;
    let topUps = 0;
    const write = (move: Move) => {
      balance += move.amount;
      rows.push({
        userId,
        amount: rand(move.amount),
        kind: move.kind,
        balanceAfter: rand(balance),
        orderId: move.orderId,
        createdBy: move.kind === "order" || move.kind === "refund" ? null : createdBy,
        createdAt: move.at,
      });
    };
    const topUp = (amount: number, at: Date) => {
      write({
        at,
        amount,
        kind: DEMO_TOP_UP_KINDS[(walletIndex + topUps) % DEMO_TOP_UP_KINDS.length]!,
        orderId: null,
      });
      topUps += 1;
    };
    // Each row after the one before it, so the running balances read in time order.
    let previous = 0;
    const after = (at: number) => new Date(Math.max(previous + 1, at));
    for (const move of moves) {
      if (balance + move.amount < 0) {
        const short = -(balance + move.amount);
        topUp(
          Math.ceil(short / 5000) * 5000 + 5000 * (walletIndex % 3),
          after(move.at.getTime() - 45 * 60_000),
        );
        previous = rows.at(-1)!.createdAt!.getTime();
      }
      write({ ...move, at: after(move.at.getTime()) });
      previous = rows.at(-1)!.createdAt!.getTime();
    }
    if (balance < cents(target)) {
      const last = previous || firstDay.getTime();
      topUp(cents(target) - balance, after(Math.min(now.getTime() - 60_000, last + 60 * 60_000)));
    }
    balances.set(userId, rand(balance));
  });
  return { rows, balances };
}
