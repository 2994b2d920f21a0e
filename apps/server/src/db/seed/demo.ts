import type { Allergen, DietTag } from "@kantien/domain/allergens";
import {
  addDaysIso,
  schoolDays,
  schoolWeekOf,
  todayIn,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from "@kantien/domain/dates";
import type { OrderStatus } from "@kantien/domain/order-status";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "../../modules/auth/password";
import { type Db, queryRows } from "../client";
import {
  clients,
  foodItemAllergens,
  foodItems,
  kantienStaff,
  orderStatusChanges,
  orders,
  userSettings,
  users,
  wallets,
  walletTransactions,
  weeklyMenus,
} from "../schema";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_ACCOUNTS = [
  { email: "admin@kantien.example", roleId: 4, firstName: "Anna", lastName: "Admin" },
  { email: "kok@kantien.example", roleId: 3, firstName: "Koos", lastName: "Kok" },
  { email: "student@kantien.example", roleId: 1, firstName: "Sanet", lastName: "Student" },
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
 * The demo data: three sign-ins, ~40 customers, two weeks of menus, today's kitchen.
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
      .returning({ id: users.id, roleId: users.roleId });
    const admin = accounts.find((a) => a.roleId === 4)!;
    await tx
      .insert(kantienStaff)
      .values(
        accounts
          .filter((a) => a.roleId >= 3)
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
    const student = accounts.find((a) => a.roleId === 1)!;
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
        ...accounts.filter((a) => a.roleId >= 3).map((a) => ({ userId: a.id, balance: "0.00" })),
      ]);
    // The sample bank statements (seed/statements, one per bank) pay these two references, so an
    // admin importing one at /money sees lines matched, waiting for review and unallocated.
    await tx.execute(
      sql`update wallets set payment_reference = case user_id when ${student.id} then ${DEMO_REFERENCES.student}
            else ${DEMO_REFERENCES.firstCustomer} end
          where user_id in (${student.id}, ${customers[0]!.id})`,
    );
    const topUps = balances.filter((b) => b.balance !== "0.00");
    if (topUps.length > 0) {
      await tx.insert(walletTransactions).values(
        topUps.map((b) => ({
          userId: b.userId,
          amount: b.balance,
          balanceAfter: b.balance,
          kind: "top_up" as const,
          reason: "Demo",
          createdBy: admin.id,
        })),
      );
    }

    // Menus for this week and next, Monday to Friday.
    const thisWeek = schoolWeekOf(today);
    const weeks = [thisWeek, schoolWeekOf(addDaysIso(thisWeek.dateFrom, 7))];
    const menus = await tx
      .insert(weeklyMenus)
      .values(weeks.map((w) => ({ dateFrom: w.dateFrom, dateTo: w.dateTo, kantienStaffId: admin.id })))
      .returning({ id: weeklyMenus.id });
    const items = await tx
      .insert(foodItems)
      .values(
        menus.flatMap((menu, weekIndex) =>
          WEEKDAYS.map((day) => {
            const dish = MENU[day][weekIndex % 2]!;
            const declaration = DISH_DECLARATIONS[dish.name];
            return {
              name: dish.name,
              description: dish.description,
              price: dish.price,
              dayOfWeek: day,
              weeklyMenuId: menu.id,
              preparationTime: dish.minutes,
              diet: declaration?.diet ?? [],
              // Checked by the demo admin three days ago.
              ...(declaration && !declaration.unchecked
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
    const todaysItems = todaysWeekday
      ? items.filter((item) => item.dayOfWeek === todaysWeekday).slice(0, 1)
      : items.slice(0, 5);
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
      .returning({ id: orders.id });
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

    // The other school days of both weeks, so the weekly view and the orders summary have
    // a week to show: earlier days delivered (one cancelled), later days waiting.
    const otherDays = weeks.flatMap((w, weekIndex) =>
      schoolDays(w.dateFrom)
        .filter((date) => date !== today)
        .map((date) => ({ date, item: items[weekIndex * 5 + WEEKDAYS.indexOf(weekdayOf(date)!)]! })),
    );
    const weekOrders = otherDays.flatMap(({ date, item }, dayIndex) =>
      Array.from({ length: 4 + (dayIndex % 4) }, (_, n) => {
        const past = date < today;
        const status: OrderStatus = past ? (n === 0 ? "cancelled" : "delivered") : "pending";
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
    if (weekOrders.length > 0) {
      const placedForWeek = await tx.insert(orders).values(weekOrders).returning({ id: orders.id });
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
    return true;
  });
}
