import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let asAdmin: string;
let asCook: string;
let asStudent: string;
beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await signIn(t.app, await createUser(t.db, { roleId: 4 }));
  asCook = await signIn(t.app, await createUser(t.db, { roleId: 3 }));
  asStudent = await sessionCookieFor(t.db, (await createUser(t.db, { roleId: 1 })).id);
});
afterAll(async () => t.close());

const read = (cookie?: string) => request(t.app, "GET", "/api/canteen-settings", { cookie });
const save = (body: unknown, cookie?: string) =>
  request(t.app, "PUT", "/api/canteen-settings", { cookie, body });

describe("GET and PUT /api/canteen-settings", () => {
  it("starts with the defaults: 09:00 on the day, 2 weeks, 5 portions, R50, amber at 10 and red at 20 minutes", async () => {
    const res = await read(asStudent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: CANTEEN_RULES_DEFAULTS });
    expect((await read()).statusCode).toBe(401);
  });

  it("lets only an admin change them, and stores what the domain made of the input", async () => {
    const rules = {
      cutoffTime: "14:30",
      cutoffDaysBefore: 1,
      weeksAhead: 3,
      maxQuantity: 4,
      lowBalanceThreshold: "75,5",
      kitchenWarnMinutes: 15,
      kitchenLateMinutes: 45,
    };
    for (const cookie of [asCook, asStudent]) {
      expect((await save(rules, cookie)).statusCode).toBe(403);
    }
    expect((await read(asCook)).json().data).toEqual(CANTEEN_RULES_DEFAULTS);

    const res = await save(rules, asAdmin);
    expect(res.statusCode).toBe(200);
    const saved = { ...rules, lowBalanceThreshold: "75.50" };
    expect(res.json()).toEqual({ success: true, message: "Die kantien se reëls is gestoor.", data: saved });
    expect((await read(asCook)).json().data).toEqual(saved);

    // Put back for the other tests.
    expect((await save(CANTEEN_RULES_DEFAULTS, asAdmin)).statusCode).toBe(200);
  });

  it("refuses values out of range field by field, in the admin's language, and changes nothing", async () => {
    const res = await request(t.app, "PUT", "/api/canteen-settings", {
      cookie: asAdmin,
      body: {
        cutoffTime: "25:00",
        cutoffDaysBefore: 9,
        weeksAhead: 0,
        maxQuantity: 50,
        lowBalanceThreshold: "abc",
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
      "kitchenWarnMinutes",
      "lowBalanceThreshold",
      "maxQuantity",
      "weeksAhead",
    ]);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(JSON.stringify(body.details)).toContain("Voer 'n tyd in as UU:MM, bv. 09:00.");
    expect(JSON.stringify(body.details)).toContain("Voer 1 tot 20 porsies in.");
    for (const unknownField of [{ ...CANTEEN_RULES_DEFAULTS, id: 2 }, { cutoffTime: "10:00" }, []]) {
      expect((await save(unknownField, asAdmin)).statusCode).toBe(400);
    }
    expect((await read(asAdmin)).json().data).toEqual(CANTEEN_RULES_DEFAULTS);
  });

  describe("the kitchen's ageing thresholds", () => {
    const withAgeing = (kitchenWarnMinutes: unknown, kitchenLateMinutes: unknown) => ({
      ...CANTEEN_RULES_DEFAULTS,
      kitchenWarnMinutes,
      kitchenLateMinutes,
    });

    it("saves both, from 1 to 600 minutes, and every signed-in user reads them", async () => {
      for (const [warn, late] of [
        [1, 2],
        [599, 600],
        [25, 40],
      ] as const) {
        const res = await save(withAgeing(warn, late), asAdmin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ kitchenWarnMinutes: warn, kitchenLateMinutes: late });
      }
      for (const cookie of [asCook, asStudent]) {
        expect((await read(cookie)).json().data).toEqual(withAgeing(25, 40));
      }
      expect((await save(CANTEEN_RULES_DEFAULTS, asAdmin)).statusCode).toBe(200);
    });

    it("refuses red at or before amber, on the red field, and changes nothing", async () => {
      for (const [warn, late] of [
        [20, 20],
        [30, 20],
      ]) {
        const res = await save(withAgeing(warn, late), asAdmin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: "validation_failed",
          details: [
            { field: "kitchenLateMinutes", message: "Die rooi drempel moet later wees as die geel een." },
          ],
        });
      }
      expect((await read(asAdmin)).json().data).toEqual(CANTEEN_RULES_DEFAULTS);
    });

    it("refuses minutes out of range or not whole, saying so in the admin's language", async () => {
      for (const [warn, late] of [
        [0, 20],
        [10, 601],
        [-5, 20],
        [10.5, 20],
        ["10", 20],
        [null, 20],
      ]) {
        const res = await save(withAgeing(warn, late), asAdmin);
        expect(res.statusCode, `${warn}/${late}`).toBe(400);
        expect(res.json().code).toBe("validation_failed");
      }
      // The admin's language is their setting (Afrikaans), whatever the browser asks for.
      const res = await request(t.app, "PUT", "/api/canteen-settings", {
        cookie: asAdmin,
        body: withAgeing(10, 601),
        headers: { "accept-language": "en" },
      });
      expect(res.json().details).toEqual([
        { field: "kitchenLateMinutes", message: "Voer 1 tot 600 minute in." },
      ]);
      expect((await read(asAdmin)).json().data).toEqual(CANTEEN_RULES_DEFAULTS);
    });

    it("are guarded by the database too", async () => {
      for (const set of [
        sql`kitchen_warn_minutes = 20, kitchen_late_minutes = 20`,
        sql`kitchen_warn_minutes = 0`,
        sql`kitchen_late_minutes = 601`,
      ]) {
        await expect(t.db.execute(sql`update canteen_settings set ${set} where id = 1`)).rejects.toThrow();
      }
      expect((await read(asAdmin)).json().data).toEqual(CANTEEN_RULES_DEFAULTS);
    });
  });
});
