import { ALLERGY_CONSENT_VERSION } from "@kantien/domain/allergens";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { buildApp } from "../../app";
import type { Db } from "../../db/client";
import { allergyAccessLog, customerAllergies, dietaryProfiles, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createOrder, createUser, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";

const NOW = new Date("2030-05-06T08:00:00Z");
const it = appTest({ clock: () => NOW });

const PEANUTS_SEVERE = [{ code: "peanuts", severity: "severe" }];

async function signedIn(db: Db, roleId: 1 | 2 | 3 | 4) {
  const user = await createUser(db, { roleId });
  return { ...user, cookie: await sessionCookieFor(db, user.id, NOW) };
}
async function rowsOf(db: Db, userId: string) {
  return {
    allergies: await db.select().from(customerAllergies).where(eq(customerAllergies.userId, userId)),
    profiles: await db.select().from(dietaryProfiles).where(eq(dietaryProfiles.userId, userId)),
    log: await db
      .select({ action: allergyAccessLog.action, by: allergyAccessLog.accessedBy })
      .from(allergyAccessLog)
      .where(eq(allergyAccessLog.userId, userId)),
  };
}

describe("an admin and a customer's allergies", () => {
  it("opens them only on purpose, and each opening is logged", async ({ app, db }) => {
    const admin = await signedIn(db, 4);
    const customer = await signedIn(db, 1);
    await request(app, "PUT", "/api/my/profile", {
      cookie: customer.cookie,
      body: {
        firstName: "Pieter",
        lastName: "Pienaar",
        phoneNumber: null,
        language: "af",
        theme: "light",
        allergies: PEANUTS_SEVERE,
        diet: ["halaal"],
        allergyConsent: true,
      },
    });
    // The customer's detail itself carries none of it, and logs nothing.
    const detail = await request(app, "GET", `/api/customers/${customer.id}`, { cookie: admin.cookie });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain("peanuts");
    expect((await rowsOf(db, customer.id)).log).toEqual([]);

    const opened = await request(app, "GET", `/api/customers/${customer.id}/allergies`, {
      cookie: admin.cookie,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toEqual({
      allergies: PEANUTS_SEVERE,
      diet: ["halaal"],
      allergyConsent: { version: ALLERGY_CONSENT_VERSION, at: NOW.toISOString(), recordedBy: null },
      version: 2,
    });
    expect(opened.headers.etag).toBe('"2"');
    expect((await rowsOf(db, customer.id)).log).toEqual([{ action: "view", by: admin.id }]);
  });

  it("enters them for a customer who phoned in, with the consent recorded as given to the admin", async ({
    app,
    db,
  }) => {
    const admin = await signedIn(db, 4);
    const customer = await signedIn(db, 2);
    const url = `/api/customers/${customer.id}/allergies`;
    const refused = await request(app, "PUT", url, {
      cookie: admin.cookie,
      body: { allergies: PEANUTS_SEVERE, diet: [] },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([400, "consent_required"]);
    expect(await rowsOf(db, customer.id)).toEqual({ allergies: [], profiles: [], log: [] });

    const saved = await request(app, "PUT", url, {
      cookie: admin.cookie,
      body: {
        allergies: [{ code: "milk", severity: "intolerance" }, ...PEANUTS_SEVERE],
        diet: ["vegan"],
        allergyConsent: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: "Die klant se allergieë en dieet is gestoor.",
      data: {
        allergies: [...PEANUTS_SEVERE, { code: "milk", severity: "intolerance" }],
        diet: ["vegan"],
        allergyConsent: {
          version: ALLERGY_CONSENT_VERSION,
          at: NOW.toISOString(),
          recordedBy: "Toets Gebruiker 4",
        },
        version: 2,
      },
    });
    expect(saved.headers.etag).toBe('"2"');
    const rows = await rowsOf(db, customer.id);
    expect(rows.profiles).toMatchObject([{ allergyConsentRecordedBy: admin.id }]);
    expect(rows.log).toEqual([{ action: "edit", by: admin.id }]);

    // The customer sees them on their profile, and who opened them in their data.
    const mine = await request(app, "GET", "/api/my/data", { cookie: customer.cookie });
    expect(mine.json()).toMatchObject({
      allergies: [...PEANUTS_SEVERE, { code: "milk", severity: "intolerance" }],
      allergyConsent: { recordedBy: "Toets Gebruiker 4" },
      allergyAccessLog: [{ at: NOW.toISOString(), action: "edit", by: "Toets Gebruiker 4" }],
    });

    // Withdrawn on the customer's word: the allergies go at once.
    const withdrawn = await request(app, "PUT", url, {
      cookie: admin.cookie,
      body: { allergies: [], diet: ["vegan"], allergyConsent: false },
    });
    expect(withdrawn.json().data).toEqual({
      allergies: [],
      diet: ["vegan"],
      allergyConsent: null,
      version: 3,
    });
    expect((await rowsOf(db, customer.id)).allergies).toEqual([]);
  });

  it("refuses cooks, customers and hostile bodies, and logs nothing", async ({ app, db }) => {
    const admin = await signedIn(db, 4);
    const customer = await signedIn(db, 1);
    const url = `/api/customers/${customer.id}/allergies`;
    for (const caller of [await signedIn(db, 3), await signedIn(db, 1), customer]) {
      const read = await request(app, "GET", url, { cookie: caller.cookie });
      const write = await request(app, "PUT", url, {
        cookie: caller.cookie,
        body: { allergies: PEANUTS_SEVERE, diet: [], allergyConsent: true },
      });
      expect([read.statusCode, write.statusCode], `role ${caller.roleId}`).toEqual([403, 403]);
    }
    expect((await request(app, "GET", url)).statusCode).toBe(401);
    for (const body of [
      { allergies: [{ code: "peanuts", severity: "deadly" }], diet: [] },
      {
        allergies: [
          { code: "gluten", severity: "allergy" },
          { code: "gluten", severity: "severe" },
        ],
        diet: [],
      },
      { allergies: PEANUTS_SEVERE, diet: ["paleo"], allergyConsent: true },
      { allergies: PEANUTS_SEVERE, diet: [], allergyConsent: true, allergyConsentRecordedBy: customer.id },
      { allergies: PEANUTS_SEVERE, allergyConsent: true },
      { diet: [] },
    ]) {
      const res = await request(app, "PUT", url, { cookie: admin.cookie, body });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, "validation_failed"]);
    }
    // A staff member's id, an unknown one, or no id at all names no customer.
    const cook = await signedIn(db, 3);
    for (const id of [cook.id, "00000000-0000-4000-8000-000000000000", "nie-'n-id"]) {
      const res = await request(app, "GET", `/api/customers/${id}/allergies`, { cookie: admin.cookie });
      expect(res.statusCode, id).toBe(404);
      const put = await request(app, "PUT", `/api/customers/${id}/allergies`, {
        cookie: admin.cookie,
        body: { allergies: [], diet: [] },
      });
      expect(put.statusCode, id).toBe(404);
    }
    expect(await rowsOf(db, customer.id)).toEqual({ allergies: [], profiles: [], log: [] });
    expect(await rowsOf(db, cook.id)).toEqual({ allergies: [], profiles: [], log: [] });
  });

  it("leave nothing behind when the customer is removed, anonymised or deleted", async ({ app, db }) => {
    const admin = await signedIn(db, 4);
    const withOrders = await signedIn(db, 1);
    const withoutHistory = await signedIn(db, 1);
    await createOrder(db, { userId: withOrders.id, foodItemId: (await createFoodItem(db)).id });
    for (const customer of [withOrders, withoutHistory]) {
      await request(app, "PUT", `/api/customers/${customer.id}/allergies`, {
        cookie: admin.cookie,
        body: { allergies: PEANUTS_SEVERE, diet: ["halaal"], allergyConsent: true },
      });
      expect((await rowsOf(db, customer.id)).allergies).toHaveLength(1);
      const removed = await request(app, "DELETE", `/api/customers/${customer.id}`, { cookie: admin.cookie });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await rowsOf(db, customer.id)).toEqual({ allergies: [], profiles: [], log: [] });
    }
    const [anonymised] = await db.select({ id: users.id }).from(users).where(eq(users.id, withOrders.id));
    expect(anonymised).toBeDefined();
  });
});

describe("where allergies never go", () => {
  it("not into the orders' CSV export", async ({ app, db }) => {
    const admin = await signedIn(db, 4);
    const customer = await signedIn(db, 1);
    await request(app, "PUT", `/api/customers/${customer.id}/allergies`, {
      cookie: admin.cookie,
      body: { allergies: [{ code: "lupin", severity: "severe" }], diet: ["halaal"], allergyConsent: true },
    });
    const item = await createFoodItem(db, { name: "Vetkoek" });
    await createOrder(db, { userId: customer.id, foodItemId: item.id, deliveryDate: "2030-05-07" });
    const csv = await request(app, "GET", `/api/orders/export.csv?customer=${customer.id}`, {
      cookie: admin.cookie,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain("Vetkoek");
    for (const word of ["lupin", "Lupien", "severe", "Ernstig", "halaal", "Halaal"])
      expect(csv.body).not.toContain(word);
  });

  it("not into the server's log, whatever the request", async ({ config, database, db }) => {
    const lines: string[] = [];
    const app = await buildApp({
      config,
      database,
      logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const admin = await signedIn(db, 4);
      const customer = await signedIn(db, 1);
      const profile = { firstName: "A", lastName: "B", phoneNumber: null, language: "af", theme: "light" };
      const allergies = [{ code: "lupin", severity: "severe" }];
      for (const body of [
        { ...profile, allergies },
        { ...profile, allergies, allergyConsent: true },
        { ...profile, allergies: [{ code: "lupin", severity: "anaphylaxis" }] },
      ]) {
        await request(app, "PUT", "/api/my/profile", { cookie: customer.cookie, body });
      }
      await request(app, "PUT", "/api/my/profile", {
        cookie: customer.cookie,
        body: '{"allergies": [lupin',
        headers: { "content-type": "application/json" },
      });
      await request(app, "GET", `/api/customers/${customer.id}/allergies`, { cookie: admin.cookie });
      await request(app, "PUT", `/api/customers/${customer.id}/allergies`, {
        cookie: admin.cookie,
        body: { allergies, diet: [] },
      });
      await request(app, "GET", "/api/my/data", { cookie: customer.cookie });
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join("\n")).not.toMatch(/lupin|severe|anaphylaxis/);
    } finally {
      await app.close();
    }
  });
});

describe("PUT /api/customers/:id/allergies from two screens (decision 0057)", () => {
  const profile = (allergies: unknown) => ({
    firstName: "Pieter",
    lastName: "Pienaar",
    phoneNumber: null,
    language: "af",
    theme: "light",
    allergies,
    diet: [],
    allergyConsent: true,
  });

  it("refuses an admin's save from a version the customer's own profile replaced, with the allergies now", async ({
    app,
    db,
  }) => {
    const admin = await signedIn(db, 4);
    const customer = await signedIn(db, 1);
    const url = `/api/customers/${customer.id}/allergies`;
    const opened = await request(app, "GET", url, { cookie: admin.cookie });
    const version = opened.headers.etag as string;
    expect(version).toBe('"1"');

    // Meanwhile the customer gives their allergies on their phone.
    const own = await request(app, "PUT", "/api/my/profile", {
      cookie: customer.cookie,
      headers: { "if-match": version },
      body: profile(PEANUTS_SEVERE),
    });
    expect(own.statusCode, own.body).toBe(200);

    const saved = await request(app, "PUT", url, {
      cookie: admin.cookie,
      headers: { "if-match": version },
      body: { allergies: [{ code: "milk", severity: "intolerance" }], diet: ["vegan"], allergyConsent: true },
    });
    expect([saved.statusCode, saved.json().code]).toEqual([409, "stale"]);
    expect(saved.json().details.current).toMatchObject({ allergies: PEANUTS_SEVERE, diet: [], version: 2 });
    const rows = await rowsOf(db, customer.id);
    expect(rows.allergies).toMatchObject([{ code: "peanuts", severity: "severe" }]);
    // The refused save logged no edit: it changed nothing.
    expect(rows.log).toEqual([{ action: "view", by: admin.id }]);
  });

  it("refuses the second of two admins' saves from one version, keeping the first whole", async ({
    app,
    db,
  }) => {
    const one = await signedIn(db, 4);
    const two = await signedIn(db, 4);
    const customer = await signedIn(db, 1);
    const url = `/api/customers/${customer.id}/allergies`;
    const version = (await request(app, "GET", url, { cookie: one.cookie })).headers.etag as string;

    const first = await request(app, "PUT", url, {
      cookie: one.cookie,
      headers: { "if-match": version },
      body: { allergies: PEANUTS_SEVERE, diet: [], allergyConsent: true },
    });
    expect([first.statusCode, first.headers.etag]).toEqual([200, '"2"']);
    const second = await request(app, "PUT", url, {
      cookie: two.cookie,
      headers: { "if-match": version },
      body: { allergies: [], diet: ["halaal"], allergyConsent: true },
    });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect((await request(app, "GET", url, { cookie: one.cookie })).json().data).toMatchObject({
      allergies: PEANUTS_SEVERE,
      diet: [],
      version: 2,
    });
  });
});
