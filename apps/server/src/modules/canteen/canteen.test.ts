import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
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
  it("starts with the defaults: 09:00 on the day, 2 weeks, 5 portions, R50", async () => {
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
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      "cutoffDaysBefore",
      "cutoffTime",
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
});
