import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();
let asAdmin: string;
let asCook: string;
let asStudent: string;
it.beforeAll(async ({ app, db }) => {
  asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
  asCook = await signIn(app, await createUser(db, { roleId: 3 }));
  asStudent = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id);
});

const read = (app: App, cookie?: string) => request(app, "GET", "/api/canteen-settings", { cookie });
const save = (app: App, body: unknown, cookie?: string) =>
  request(app, "PUT", "/api/canteen-settings", { cookie, body });

describe("GET and PUT /api/canteen-settings", () => {
  it("starts with the defaults: 09:00 on the day, 2 weeks, 5 portions, R50, amber at 10 and red at 20 minutes", async ({
    app,
  }) => {
    const res = await read(app, asStudent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { ...CANTEEN_RULES_DEFAULTS, version: 1 } });
    expect(res.headers.etag).toBe('"1"');
    expect((await read(app)).statusCode).toBe(401);
  });

  it("lets only an admin change them, and stores what the domain made of the input", async ({ app }) => {
    const rules = {
      cutoffTime: "14:30",
      cutoffDaysBefore: 1,
      weeksAhead: 3,
      maxQuantity: 4,
      lowBalanceThreshold: "75,5",
      offlineSaleLimit: "50.00",
      kitchenServiceStart: "06:45",
      kitchenWarnMinutes: 15,
      kitchenLateMinutes: 45,
    };
    for (const cookie of [asCook, asStudent]) {
      expect((await save(app, rules, cookie)).statusCode).toBe(403);
    }
    expect((await read(app, asCook)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);

    const res = await save(app, rules, asAdmin);
    expect(res.statusCode).toBe(200);
    const saved = { ...rules, lowBalanceThreshold: "75.50", offlineSaleLimit: "50.00" };
    expect(res.json()).toEqual({
      success: true,
      message: "Die kantien se reëls is gestoor.",
      data: { ...saved, version: 2 },
    });
    expect(res.headers.etag).toBe('"2"');
    expect((await read(app, asCook)).json().data).toMatchObject(saved);

    // Put back for the other tests.
    expect((await save(app, CANTEEN_RULES_DEFAULTS, asAdmin)).statusCode).toBe(200);
  });

  it("refuses values out of range field by field, in the admin's language, and changes nothing", async ({
    app,
  }) => {
    const res = await request(app, "PUT", "/api/canteen-settings", {
      cookie: asAdmin,
      body: {
        cutoffTime: "25:00",
        cutoffDaysBefore: 9,
        weeksAhead: 0,
        maxQuantity: 50,
        lowBalanceThreshold: "abc",
        offlineSaleLimit: "5000",
        kitchenServiceStart: "7:30",
        kitchenWarnMinutes: 0,
        kitchenLateMinutes: 601,
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      "cutoffDaysBefore",
      "cutoffTime",
      "kitchenLateMinutes",
      "kitchenServiceStart",
      "kitchenWarnMinutes",
      "lowBalanceThreshold",
      "maxQuantity",
      "offlineSaleLimit",
      "weeksAhead",
    ]);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(JSON.stringify(body.details)).toContain("Voer 'n tyd in as UU:MM, bv. 09:00.");
    expect(JSON.stringify(body.details)).toContain("Voer 1 tot 20 porsies in.");
    for (const unknownField of [{ ...CANTEEN_RULES_DEFAULTS, id: 2 }, { cutoffTime: "10:00" }, []]) {
      expect((await save(app, unknownField, asAdmin)).statusCode).toBe(400);
    }
    expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
  });

  describe("the kitchen's start of service", () => {
    const withStart = (kitchenServiceStart: unknown) => ({ ...CANTEEN_RULES_DEFAULTS, kitchenServiceStart });

    it("starts at 07:30, is saved by an admin as HH:MM and read by the kitchen", async ({ app }) => {
      expect((await read(app, asCook)).json().data.kitchenServiceStart).toBe("07:30");
      const res = await save(app, withStart("06:15"), asAdmin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.kitchenServiceStart).toBe("06:15");
      expect((await read(app, asCook)).json().data.kitchenServiceStart).toBe("06:15");
      expect((await save(app, CANTEEN_RULES_DEFAULTS, asAdmin)).statusCode).toBe(200);
    });

    it("refuses a time that is not HH:MM, or none, on its field in the envelope, and changes nothing", async ({
      app,
    }) => {
      for (const bad of ["7:30", "24:00", "07:60", "07.30", "", 730, null]) {
        const res = await save(app, withStart(bad), asAdmin);
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: "validation_failed",
          message: expect.any(String),
          details: [
            {
              field: "kitchenServiceStart",
              message: "Voer die tyd in waarop die kombuis begin as UU:MM, bv. 07:30.",
            },
          ],
        });
      }
      const { kitchenServiceStart: _left, ...without } = CANTEEN_RULES_DEFAULTS;
      expect((await save(app, without, asAdmin)).statusCode).toBe(400);
      expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
    });

    it("is guarded by the database too", async ({ app, db }) => {
      for (const value of ["7:30", "24:00", "late"]) {
        await expect(
          db.execute(sql`update canteen_settings set kitchen_service_start = ${value} where id = 1`),
        ).rejects.toThrow();
      }
      expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
    });
  });

  describe("the kitchen's ageing thresholds", () => {
    const withAgeing = (kitchenWarnMinutes: unknown, kitchenLateMinutes: unknown) => ({
      ...CANTEEN_RULES_DEFAULTS,
      kitchenWarnMinutes,
      kitchenLateMinutes,
    });

    it("saves both, from 1 to 600 minutes, and every signed-in user reads them", async ({ app }) => {
      for (const [warn, late] of [
        [1, 2],
        [599, 600],
        [25, 40],
      ] as const) {
        const res = await save(app, withAgeing(warn, late), asAdmin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ kitchenWarnMinutes: warn, kitchenLateMinutes: late });
      }
      for (const cookie of [asCook, asStudent]) {
        expect((await read(app, cookie)).json().data).toMatchObject(withAgeing(25, 40));
      }
      expect((await save(app, CANTEEN_RULES_DEFAULTS, asAdmin)).statusCode).toBe(200);
    });

    it("refuses red at or before amber, on the red field, and changes nothing", async ({ app }) => {
      for (const [warn, late] of [
        [20, 20],
        [30, 20],
      ]) {
        const res = await save(app, withAgeing(warn, late), asAdmin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: "validation_failed",
          details: [
            { field: "kitchenLateMinutes", message: "Die drempel vir rooi moet later wees as dié vir geel." },
          ],
        });
      }
      expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
    });

    it("refuses minutes out of range or not whole, saying so in the admin's language", async ({ app }) => {
      for (const [warn, late] of [
        [0, 20],
        [10, 601],
        [-5, 20],
        [10.5, 20],
        ["10", 20],
        [null, 20],
      ]) {
        const res = await save(app, withAgeing(warn, late), asAdmin);
        expect(res.statusCode, `${warn}/${late}`).toBe(400);
        expect(res.json().code).toBe("validation_failed");
      }
      // The admin's language is their setting (Afrikaans), whatever the browser asks for.
      const res = await request(app, "PUT", "/api/canteen-settings", {
        cookie: asAdmin,
        body: withAgeing(10, 601),
        headers: { "accept-language": "en" },
      });
      expect(res.json().details).toEqual([
        { field: "kitchenLateMinutes", message: "Voer 1 tot 600 minute in." },
      ]);
      expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
    });

    it("are guarded by the database too", async ({ app, db }) => {
      for (const set of [
        sql`kitchen_warn_minutes = 20, kitchen_late_minutes = 20`,
        sql`kitchen_warn_minutes = 0`,
        sql`kitchen_late_minutes = 601`,
      ]) {
        await expect(db.execute(sql`update canteen_settings set ${set} where id = 1`)).rejects.toThrow();
      }
      expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
    });
  });
});

describe("PUT /api/canteen-settings and …/bank-details from two screens (decision 0057)", () => {
  const BANK = "/api/canteen-settings/bank-details";
  const fnb = { bank: "FNB", accountHolder: "Kantien", accountNumber: "6212345678", branchCode: "250655" };
  let otherAdmin: string;
  it.beforeAll(async ({ app, db }) => {
    otherAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
  });

  it("refuses the rules saved from a version another save replaced, with the rules as they now are", async ({
    app,
  }) => {
    const loaded = await read(app, asAdmin);
    const version = loaded.headers.etag as string;
    expect(loaded.json().data.version).toBe(Number(JSON.parse(version)));

    const first = await request(app, "PUT", "/api/canteen-settings", {
      cookie: asAdmin,
      headers: { "if-match": version },
      body: { ...CANTEEN_RULES_DEFAULTS, cutoffTime: "10:15" },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"${Number(JSON.parse(version)) + 1}"`);

    const second = await request(app, "PUT", "/api/canteen-settings", {
      cookie: otherAdmin,
      headers: { "if-match": version },
      body: { ...CANTEEN_RULES_DEFAULTS, maxQuantity: 3 },
    });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().details.current).toEqual({
      ...CANTEEN_RULES_DEFAULTS,
      cutoffTime: "10:15",
      version: Number(JSON.parse(version)) + 1,
    });
    expect((await read(app, asCook)).json().data).toMatchObject({ cutoffTime: "10:15", maxQuantity: 5 });

    // Saved again from the version the refusal answered, it goes through.
    const again = await request(app, "PUT", "/api/canteen-settings", {
      cookie: otherAdmin,
      headers: { "if-match": first.headers.etag as string },
      body: CANTEEN_RULES_DEFAULTS,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("refuses bank details saved from a version another save replaced, with the details as they now are", async ({
    app,
  }) => {
    const loaded = await request(app, "GET", BANK, { cookie: asAdmin });
    const version = loaded.headers.etag as string;

    const first = await request(app, "PUT", BANK, {
      cookie: asAdmin,
      headers: { "if-match": version },
      body: fnb,
    });
    expect(first.statusCode, first.body).toBe(200);

    const second = await request(app, "PUT", BANK, {
      cookie: otherAdmin,
      headers: { "if-match": version },
      body: { ...fnb, bank: "ABSA", branchCode: "632005" },
    });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().details.current).toEqual({
      details: fnb,
      version: Number(JSON.parse(version)) + 1,
    });
    expect((await request(app, "GET", BANK, { cookie: asAdmin })).json().data.details).toEqual(fnb);
  });

  it("are one record: a save of the bank details makes the rules loaded before it stale", async ({ app }) => {
    const version = (await read(app, asAdmin)).headers.etag as string;
    const bank = await request(app, "PUT", BANK, {
      cookie: otherAdmin,
      headers: { "if-match": version },
      body: fnb,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const rules = await request(app, "PUT", "/api/canteen-settings", {
      cookie: asAdmin,
      headers: { "if-match": version },
      body: { ...CANTEEN_RULES_DEFAULTS, weeksAhead: 4 },
    });
    expect([rules.statusCode, rules.json().code]).toEqual([409, "stale"]);
    expect((await read(app, asAdmin)).json().data).toMatchObject(CANTEEN_RULES_DEFAULTS);
  });

  it("refuses a malformed If-Match and changes nothing; a save without one is taken", async ({ app }) => {
    const before = (await read(app, asAdmin)).json().data;
    const res = await request(app, "PUT", "/api/canteen-settings", {
      cookie: asAdmin,
      headers: { "if-match": "seven" },
      body: { ...CANTEEN_RULES_DEFAULTS, weeksAhead: 4 },
    });
    expect([res.statusCode, res.json().code]).toEqual([400, "if_match_invalid"]);
    expect((await read(app, asAdmin)).json().data).toEqual(before);

    const plain = await save(app, CANTEEN_RULES_DEFAULTS, asAdmin);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.version).toBe(before.version + 1);
  });
});
