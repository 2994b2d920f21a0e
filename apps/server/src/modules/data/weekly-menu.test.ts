import { addDaysIso, type IsoDate, mondayOf, todayIn } from "@kantien/domain/dates";
import { message } from "@kantien/domain/messages";
import { suggestNextWeek } from "@kantien/domain/weekly-menu";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { userSettings, weeklyMenus } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createUser, signIn, type TestUser } from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";

const it = appTest();

/** POST /api/admin/data/weekly_menu: the seven date rules, checked by the server. */
describe("creating a weekly menu", () => {
  let admin: TestUser;
  let asAdmin: string;
  let asEnglishAdmin: string;
  let today: IsoDate;
  let weeksAhead = 1;
  /** A fresh Monday-to-Friday week in the future for each test that needs one. */
  const freshWeek = () => {
    const dateFrom = addDaysIso(suggestNextWeek(today).dateFrom, 7 * weeksAhead++);
    return { date_from: dateFrom, date_to: addDaysIso(dateFrom, 4) };
  };

  it.beforeAll(async ({ app, db, config }) => {
    today = todayIn(config.timeZone);
    admin = await createUser(db, { roleId: 4 });
    asAdmin = await signIn(app, admin);
    const english = await createUser(db, { roleId: 4 });
    await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, english.id));
    asEnglishAdmin = await signIn(app, english);
  });

  function create(app: App, payload: Record<string, unknown>, cookie = asAdmin) {
    return request(app, "POST", "/api/admin/data/weekly_menu", {
      cookie,
      body: payload,
    });
  }

  async function menusOf(db: Db, week: { date_from: IsoDate; date_to: IsoDate }) {
    return db
      .select()
      .from(weeklyMenus)
      .where(and(eq(weeklyMenus.dateFrom, week.date_from), eq(weeklyMenus.dateTo, week.date_to)));
  }

  it("creates next week's menu for the signed-in admin", async ({ app }) => {
    const next = suggestNextWeek(today);
    const res = await create(app, {
      date_from: next.dateFrom,
      date_to: next.dateTo,
      kantien_staff_id: "hard-coded",
      creation_date: "2000-01-01",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      data: { date_from: next.dateFrom, date_to: next.dateTo, kantien_staff_id: admin.id },
    });
  });

  it("answers each rule's Afrikaans message with 400", async ({ app, db }) => {
    const week = freshWeek();
    const monday = week.date_from;
    const thisMonday = mondayOf(today);
    const cases: [string, Record<string, unknown>, string][] = [
      ["no dates", {}, "weekly_menu_dates_required"],
      ["empty start", { date_from: "", date_to: week.date_to }, "weekly_menu_dates_required"],
      ["empty end", { date_from: monday, date_to: "" }, "weekly_menu_dates_required"],
      ["null end", { date_from: monday, date_to: null }, "weekly_menu_dates_required"],
      ["reversed", { date_from: week.date_to, date_to: monday }, "weekly_menu_end_not_after_start"],
      ["same day", { date_from: monday, date_to: monday }, "weekly_menu_end_not_after_start"],
      [
        "Monday to Thursday",
        { date_from: monday, date_to: addDaysIso(monday, 3) },
        "weekly_menu_not_five_days",
      ],
      [
        "Monday to Monday",
        { date_from: monday, date_to: addDaysIso(monday, 7) },
        "weekly_menu_not_five_days",
      ],
      [
        "Tuesday to Saturday",
        { date_from: addDaysIso(monday, 1), date_to: addDaysIso(monday, 5) },
        "weekly_menu_not_monday",
      ],
      [
        "Sunday to Thursday",
        { date_from: addDaysIso(monday, -1), date_to: addDaysIso(monday, 3) },
        "weekly_menu_not_monday",
      ],
      // "Ends on Friday" cannot come first: 5 days from a Monday always end on a Friday.
      ["this week", { date_from: thisMonday, date_to: addDaysIso(thisMonday, 4) }, "weekly_menu_not_future"],
      [
        "last week",
        { date_from: addDaysIso(thisMonday, -7), date_to: addDaysIso(thisMonday, -3) },
        "weekly_menu_not_future",
      ],
    ];
    for (const [name, body, code] of cases) {
      const res = await create(app, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({
        success: false,
        code,
        message: message(code as Parameters<typeof message>[0], "af"),
      });
    }
    expect(await db.select().from(weeklyMenus).where(eq(weeklyMenus.dateFrom, thisMonday))).toHaveLength(0);
  });

  it("spells the messages out word for word", async ({ app }) => {
    const week = freshWeek();
    const reversed = await create(app, { date_from: week.date_to, date_to: week.date_from });
    expect(reversed.json().message).toBe("Die einddatum moet ná die begindatum wees");
    const tuesday = await create(app, {
      date_from: addDaysIso(week.date_from, 1),
      date_to: addDaysIso(week.date_to, 1),
    });
    expect(tuesday.json().message).toBe("'n Weeklikse spyskaart moet op 'n Maandag begin");
    expect((await create(app, { date_from: week.date_from })).json().message).toBe(
      "Vul asseblief die begin- en einddatum in",
    );
  });

  it("answers in English to an admin who chose English", async ({ app }) => {
    const week = freshWeek();
    const res = await create(
      app,
      { date_from: week.date_from, date_to: addDaysIso(week.date_from, 3) },
      asEnglishAdmin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "weekly_menu_not_five_days",
      message: "A weekly menu must cover exactly 5 days (Monday to Friday)",
    });
    const created = await create(app, week, asEnglishAdmin);
    expect(created.statusCode).toBe(201);
    const again = await create(app, week, asEnglishAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "A weekly menu with these exact dates already exists. Please choose other dates.",
    );
  });

  it("keeps a malformed date a field error, not a rule", async ({ app }) => {
    const week = freshWeek();
    const res = await create(app, { date_from: "2035-02-30", date_to: week.date_to });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation_failed" });
  });

  it("refuses a week that exists with 409 and its message", async ({ app, db }) => {
    const week = freshWeek();
    expect((await create(app, week)).statusCode).toBe(201);
    const again = await create(app, week);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      code: "weekly_menu_exists",
      message:
        "'n Weeklikse spyskaart met hierdie presiese datums bestaan reeds. Kies asseblief ander datums.",
    });
    expect(await menusOf(db, week)).toHaveLength(1);
  });

  it("creates a week only once when two admins send it at the same moment", async ({ app, db }) => {
    for (let round = 0; round < 3; round++) {
      const week = freshWeek();
      const answers = await Promise.all([create(app, week), create(app, week)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json()).toMatchObject({
        code: "weekly_menu_exists",
        message: message("weekly_menu_exists"),
      });
      expect(await menusOf(db, week)).toHaveLength(1);
    }
  });

  // Deterministic race on PostgreSQL: another transaction has inserted the week but not yet
  // committed, so the check sees nothing and the insert waits on the unique index; when the
  // other commits, the index refuses it (23505) and the answer is the check's own 409.
  it.runIf(testBackend === "postgres")(
    "answers the unique index's refusal like the check's",
    async ({ app, db }) => {
      const week = freshWeek();
      let commit!: () => void;
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const other = db.transaction(async (tx) => {
        await tx.insert(weeklyMenus).values({ dateFrom: week.date_from, dateTo: week.date_to });
        inserted();
        await new Promise<void>((resolve) => {
          commit = resolve;
        });
      });
      await insertedYet;
      const pending = create(app, week);
      let waiting = false;
      for (let i = 0; i < 200 && !waiting; i++) {
        const { rows } = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        waiting = rows[0]!.n > 0;
        if (!waiting) await new Promise((r) => setTimeout(r, 10));
      }
      commit();
      expect(waiting, "the create waited on the unique index").toBe(true);
      await other;
      const res = await pending;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: "weekly_menu_exists",
        message: message("weekly_menu_exists"),
      });
      expect(await menusOf(db, week)).toHaveLength(1);
    },
  );
});
