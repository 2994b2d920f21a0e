import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ALLERGY_CONSENT_VERSION } from "@kantien/domain/allergens";
import type { MyLearner } from "@kantien/domain/guardians";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { importStatement } from "../../modules/money-in/bank-statements/import";
import { dayReport } from "../../modules/reports/day-report";
import { request } from "../../test/request";
import { createTestApp, openTestDatabase, type TestDatabase, testBackend } from "../../test/test-app";
import { type Database, openPostgres, queryRows } from "../client";
import {
  DEMO_ACCOUNTS,
  DEMO_ALLERGIES,
  DEMO_PASSWORD,
  DEMO_TOP_UP_KINDS,
  existingDemoAccounts,
  hasUsers,
  seedDemo,
} from "./demo";

describe("the demo seed", () => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    // On PostgreSQL a second pool plays the second server process; PGlite has one connection.
    second = testBackend === "postgres" ? await openPostgres(database.url!, 2) : database;
  });
  afterAll(async () => {
    if (second !== database) await second.close();
    await database.drop();
  });

  it("is loaded once when two processes start on one empty database at the same time", async () => {
    expect(await existingDemoAccounts(database.db)).toEqual([]);
    const seeded = await Promise.all([
      seedDemo(database.db, "Africa/Johannesburg", new Date()),
      seedDemo(second.db, "Africa/Johannesburg", new Date()),
    ]);
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const [{ count }] = (await queryRows(
      database.db,
      sql`select count(*)::int as count from users where lower(email) like '%@kantien.example'`,
      z.object({ count: z.coerce.number() }),
    )) as [{ count: number }];
    expect(Number(count)).toBe(DEMO_ACCOUNTS.length + 40);
    expect(await existingDemoAccounts(database.db)).toEqual([...DEMO_ACCOUNTS]);
  });

  it("adds nothing to a database that has users", async () => {
    expect(await hasUsers(database.db)).toBe(true);
    expect(await seedDemo(database.db, "Africa/Johannesburg", new Date())).toBe(false);
  });
});

describe("the demo orders", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    // A Wednesday at 10:00 in Johannesburg.
    await seedDemo(database.db, "Africa/Johannesburg", new Date("2026-11-25T08:00:00Z"));
  });
  afterAll(() => database.drop());

  it("fill every school day of this week and next with that day's dish", async () => {
    const days = await queryRows(
      database.db,
      sql`select o.delivery_date::text as day, count(*)::int as orders,
            count(*) filter (where f.day_of_week::text <> (array['Maandag','Dinsdag','Woensdag','Donderdag','Vrydag'])[extract(isodow from o.delivery_date)::int])::int as wrong_dish,
            string_agg(distinct o.status::text, ',' order by o.status::text) as statuses
          from orders o join food_items f on f.id = o.food_item_id
          where o.delivery_date >= '2026-11-23'
          group by o.delivery_date order by o.delivery_date`,
      z.object({
        day: z.string(),
        orders: z.coerce.number(),
        wrong_dish: z.coerce.number(),
        statuses: z.string(),
      }),
    );
    expect(days.map((d) => d.day)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
    expect(days.every((d) => d.wrong_dish === 0 && d.orders >= 4)).toBe(true);
    // Earlier days are done, today is the kitchen's day in every state, later days wait.
    expect(days[0]?.statuses).toBe("cancelled,delivered");
    expect(days[2]?.statuses).toBe("cancelled,delivered,pending,processing,ready");
    expect(days[3]?.statuses).toBe("pending");
  });

  it("keep six weeks of history whose every day's wallet proof balances, and whose ledger is the wallets", async () => {
    const days = await queryRows(
      database.db,
      sql`select distinct delivery_date::text as day from orders where delivery_date < '2026-11-25' order by 1`,
      z.object({ day: z.string() }),
    );
    expect(days).toHaveLength(6 * 5 + 2);
    expect(days[0]!.day).toBe("2026-10-12");
    let noShows = 0;
    let sold = 0;
    for (const { day } of days) {
      const report = await dayReport(database.db, { date: day, timeZone: "Africa/Johannesburg" });
      expect(report.walletProof.balanced, day).toBe(true);
      noShows += report.noShows.orders;
      sold += report.sales.orders;
    }
    expect(noShows).toBeGreaterThan(0);
    expect(sold).toBeGreaterThan(200);
    const [mismatch] = await queryRows(
      database.db,
      sql`select count(*)::int as n from wallets w
          where w.balance <> coalesce((select sum(t.amount) from wallet_transactions t where t.user_id = w.user_id), 0)`,
      z.object({ n: z.number() }),
    );
    expect(mismatch!.n).toBe(0);
    const [kinds] = await queryRows(
      database.db,
      sql`select array_agg(distinct kind::text order by kind::text) as kinds from wallet_transactions`,
      z.object({ kinds: z.array(z.string()) }),
    );
    expect(kinds!.kinds).toEqual([...DEMO_TOP_UP_KINDS, "order", "refund"].sort());
  });

  it("declare every dish's allergens: one unchecked, next week's several with an allergen, one with peanuts", async () => {
    const dishes = await queryRows(
      database.db,
      sql`select f.name, m.date_from::text as week, f.allergens_checked_at is not null as checked,
            coalesce(u.first_name || ' ' || u.last_name, '') as checked_by,
            coalesce(array_agg(a.code::text order by a.code) filter (where a.level = 'contains'), '{}') as contains,
            count(a.code)::int as declared
          from food_items f join weekly_menus m on m.id = f.weekly_menu_id
          left join users u on u.id = f.allergens_checked_by
          left join food_item_allergens a on a.food_item_id = f.id
          group by f.id, m.date_from, u.first_name, u.last_name order by m.date_from, f.day_of_week`,
      z.object({
        name: z.string(),
        week: z.string(),
        checked: z.boolean(),
        checked_by: z.string(),
        contains: z.array(z.string()),
        declared: z.coerce.number(),
      }),
    );
    // Six weeks of history, this week and next.
    expect(dishes).toHaveLength(40);
    expect(dishes.every((dish) => dish.declared > 0)).toBe(true);
    expect(dishes.filter((dish) => !dish.checked).map((dish) => dish.name)).toEqual(["Bredie met rys"]);
    expect(new Set(dishes.filter((dish) => dish.checked).map((dish) => dish.checked_by))).toEqual(
      new Set(["Anna Admin"]),
    );
    const nextWeek = dishes.filter((dish) => dish.week === "2026-11-30");
    expect(nextWeek.filter((dish) => dish.contains.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(nextWeek.filter((dish) => dish.contains.includes("peanuts")).map((dish) => dish.name)).toEqual([
      "Hoender-satay met rys",
    ]);
  });
});

describe("the demo student", () => {
  // A Wednesday at 10:00 in Johannesburg: today has closed at 09:00, tomorrow is open.
  const now = new Date("2026-11-25T08:00:00Z");
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    await seedDemo(database.db, "Africa/Johannesburg", now);
    t = await createTestApp({ clock: () => now }, database);
  });
  afterAll(async () => {
    await t.close();
    await t.database.drop();
  });

  it("signs in to the ordering app and orders tomorrow's dish from a funded wallet", async () => {
    const login = await request(t.app, "POST", "/api/my/auth/login", {
      body: { email: "student@kantien.example", password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.cookies.find((c) => c.name === "kantien_session")!;
    const cookie = `kantien_session=${session.value}`;
    const { days } = (await request(t.app, "GET", "/api/my/menu", { cookie })).json().data;
    expect(days.map((d: { orderable: boolean }) => d.orderable)).toEqual([false, false, false, true, true]);
    const thursday = days[3];
    const placed = await request(t.app, "POST", "/api/my/orders", {
      cookie,
      headers: { "idempotency-key": "demo-1" },
      body: { foodItemId: thursday.item.id, deliveryDate: thursday.date, quantity: 1 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Number(placed.json().data.balance)).toBeGreaterThan(0);
    // This student declares no allergies.
    const profile = (await request(t.app, "GET", "/api/my/profile", { cookie })).json().data;
    expect([profile.allergies, profile.allergyConsent]).toEqual([[], null]);
  });

  it("has a second student with consent, a severe peanut allergy, and money to order with", async () => {
    const login = await request(t.app, "POST", "/api/my/auth/login", {
      body: { email: "allergie@kantien.example", password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = `kantien_session=${login.cookies.find((c) => c.name === "kantien_session")!.value}`;
    const profile = (await request(t.app, "GET", "/api/my/profile", { cookie })).json().data;
    expect(profile).toMatchObject({
      firstName: "Pieter",
      allergies: [...DEMO_ALLERGIES],
      allergyConsent: { version: ALLERGY_CONSENT_VERSION, at: now.toISOString() },
      // Of age: his own consent counts.
      guardianConsent: "given",
      managedByGuardian: false,
    });
    const wallet = (await request(t.app, "GET", "/api/my/wallet", { cookie })).json().data;
    expect(wallet.balance).toBe("200.00");
    expect(wallet.transactions).toHaveLength(1);
  });

  it("has a family: a parent of two learners, one with a daily limit and a blocked dish, and a second parent", async () => {
    const signIn = async (email: string) => {
      const login = await request(t.app, "POST", "/api/my/auth/login", {
        body: { email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      return `kantien_session=${login.cookies.find((c) => c.name === "kantien_session")!.value}`;
    };
    const learners = (
      await request(t.app, "GET", "/api/my/learners", { cookie: await signIn("ouer@kantien.example") })
    ).json().data as MyLearner[];
    expect(learners.map((l) => [l.firstName, l.primary, l.status])).toEqual([
      ["Pieter", true, "active"],
      ["Sanet", true, "active"],
    ]);
    expect(learners[0]!.limits).toMatchObject({ dailyLimit: "60.00", weeklyLimit: null });
    expect(learners[0]!.limits!.blockedFoodItemIds).toHaveLength(1);
    expect(learners[1]!.limits).toEqual({
      dailyLimit: null,
      weeklyLimit: null,
      blockedFoodItemIds: [],
      blockedAllergens: [],
    });
    const second = (
      await request(t.app, "GET", "/api/my/learners", { cookie: await signIn("ouer2@kantien.example") })
    ).json().data as MyLearner[];
    expect(second.map((l) => [l.firstName, l.primary])).toEqual([["Sanet", false]]);
  });
});

describe("the sample bank statements", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, "Africa/Johannesburg", new Date("2026-11-25T08:00:00Z"));
  });
  afterAll(() => database.drop());

  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "statements");

  it("one per bank, each imports on the demo canteen with lines matched, for review and unallocated", async () => {
    const [admin] = await queryRows(
      database.db,
      sql`select id from users where email = 'admin@kantien.example'`,
      z.object({ id: z.string() }),
    );
    const banks = new Set<string>();
    for (const file of fs.readdirSync(folder).sort()) {
      const result = await importStatement(database.db, {
        file: fs.readFileSync(path.join(folder, file)),
        fileName: file,
        adminId: admin!.id,
        mail: { config: { publicUrl: "http://localhost:3000", canteenName: "Kantien" } },
        now: new Date(),
      });
      banks.add(result.bank);
      expect(result.credits.matched, file).toBeGreaterThan(0);
      expect(result.credits.review, file).toBeGreaterThan(0);
      expect(result.credits.unallocated, file).toBeGreaterThan(0);
    }
    expect([...banks].sort()).toEqual(["absa", "capitec", "fnb", "nedbank", "ofx", "standard_bank"]);
  });
});
