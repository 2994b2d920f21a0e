import { ALLERGY_CONSENT_VERSION } from "@kantien/domain/allergens";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { customerAllergies, dietaryProfiles } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createOrder, createUser, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";

const NOW = new Date("2030-05-06T08:00:00Z");
const it = appTest({ clock: () => NOW });

const details = {
  firstName: "Pieter",
  lastName: "Pienaar",
  phoneNumber: null,
  language: "af",
  theme: "light",
};
const PEANUTS_SEVERE = [{ code: "peanuts", severity: "severe" }];

async function customer(db: Db) {
  const me = await createUser(db, { roleId: 1 });
  return { ...me, cookie: await sessionCookieFor(db, me.id, NOW) };
}
const profileOf = async (app: App, cookie: string) =>
  (await request(app, "GET", "/api/my/profile", { cookie })).json().data;
const save = (app: App, cookie: string, body: object) =>
  request(app, "PUT", "/api/my/profile", { cookie, body: { ...details, ...body } });
async function storedRows(db: Db, userId: string) {
  return {
    allergies: await db.select().from(customerAllergies).where(eq(customerAllergies.userId, userId)),
    profiles: await db.select().from(dietaryProfiles).where(eq(dietaryProfiles.userId, userId)),
  };
}

describe("a customer's allergies on /api/my/profile", () => {
  it("are refused without consent, in the caller's language, and nothing is stored", async ({ app, db }) => {
    const me = await customer(db);
    const af = await save(app, me.cookie, { allergies: PEANUTS_SEVERE, diet: ["halaal"] });
    expect([af.statusCode, af.json()]).toEqual([
      400,
      {
        success: false,
        code: "consent_required",
        message: "Gee eers toestemming dat die kantien jou allergieë mag stoor.",
      },
    ]);
    // Someone who reads English: their setting says so.
    const english = await createUser(db, { roleId: 2 });
    const englishCookie = await sessionCookieFor(db, english.id, NOW);
    await save(app, englishCookie, { language: "en" });
    const en = await save(app, englishCookie, {
      language: "en",
      allergies: PEANUTS_SEVERE,
      allergyConsent: false,
      firstName: "Ander",
    });
    expect([en.statusCode, en.json().message]).toEqual([
      400,
      "First give your consent for the canteen to keep your allergies.",
    ]);
    // The refusals changed nothing: not the allergies, not the diet, not the name.
    expect(await storedRows(db, me.id)).toEqual({ allergies: [], profiles: [] });
    expect(await storedRows(db, english.id)).toEqual({ allergies: [], profiles: [] });
    expect((await profileOf(app, englishCookie)).firstName).toBe("Pieter");
    expect(await profileOf(app, me.cookie)).toMatchObject({
      firstName: "Toets",
      allergies: [],
      diet: [],
      allergyConsent: null,
    });
  });

  it("are stored with consent, its version and time, and come back in the list's order", async ({
    app,
    db,
  }) => {
    const me = await customer(db);
    const saved = await save(app, me.cookie, {
      allergies: [
        { code: "milk", severity: "intolerance" },
        { code: "peanuts", severity: "severe" },
      ],
      diet: ["vegetarian"],
      allergyConsent: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      allergies: [
        { code: "peanuts", severity: "severe" },
        { code: "milk", severity: "intolerance" },
      ],
      diet: ["vegetarian"],
      allergyConsent: { version: ALLERGY_CONSENT_VERSION, at: NOW.toISOString() },
    };
    expect(saved.json().data).toMatchObject({ ...details, ...expected });
    expect(await profileOf(app, me.cookie)).toMatchObject(expected);
    expect((await storedRows(db, me.id)).profiles).toEqual([
      {
        userId: me.id,
        diet: ["vegetarian"],
        allergyConsentVersion: ALLERGY_CONSENT_VERSION,
        allergyConsentAt: NOW,
        allergyConsentRecordedBy: null,
        allergyConsentGuardianId: null,
      },
    ]);

    // Consent given before holds: a later save changes the allergies without asking again.
    const changed = await save(app, me.cookie, { allergies: [{ code: "sesame", severity: "allergy" }] });
    expect(changed.json().data.allergies).toEqual([{ code: "sesame", severity: "allergy" }]);
    // The details form sends no allergy fields: they stay as they are.
    const detailsOnly = await save(app, me.cookie, { firstName: "Piet" });
    expect(detailsOnly.json().data).toMatchObject({
      firstName: "Piet",
      allergies: [{ code: "sesame", severity: "allergy" }],
      diet: ["vegetarian"],
    });
  });

  it("are deleted at once when consent is withdrawn; the diet stays", async ({ app, db }) => {
    const me = await customer(db);
    await save(app, me.cookie, { allergies: PEANUTS_SEVERE, diet: ["vegan"], allergyConsent: true });
    const withdrawn = await save(app, me.cookie, { allergyConsent: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ allergies: [], diet: ["vegan"], allergyConsent: null });
    const rows = await storedRows(db, me.id);
    expect(rows.allergies).toEqual([]);
    expect(rows.profiles).toMatchObject([{ allergyConsentVersion: null, allergyConsentAt: null }]);
    // Without consent again, new allergies are refused.
    const again = await save(app, me.cookie, { allergies: PEANUTS_SEVERE });
    expect(again.json().code).toBe("consent_required");
  });

  it("refuses hostile bodies as 400s that change nothing", async ({ app, db }) => {
    const me = await customer(db);
    await save(app, me.cookie, { allergies: PEANUTS_SEVERE, diet: ["halaal"], allergyConsent: true });
    const before = await profileOf(app, me.cookie);
    for (const body of [
      { allergies: [{ code: "peanuts", severity: "deadly" }] },
      { allergies: [{ code: "chocolate", severity: "severe" }] },
      { allergies: [...PEANUTS_SEVERE, { code: "peanuts", severity: "allergy" }] },
      { allergies: [{ code: "peanuts", severity: "severe", userId: "someone" }] },
      { allergies: "peanuts" },
      { allergies: Array(15).fill({ code: "milk", severity: "allergy" }) },
      { diet: ["carnivore"] },
      { diet: ["vegan", "vegan"] },
      { allergyConsent: "yes" },
      { allergyConsentVersion: "1999-01-01" },
    ]) {
      const res = await save(app, me.cookie, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, "validation_failed"]);
    }
    expect(await profileOf(app, me.cookie)).toEqual(before);
  });
});

describe("another customer's answers", () => {
  it("never hold my allergies, diet or consent", async ({ app, db }) => {
    const a = await customer(db);
    const b = await customer(db);
    await save(app, a.cookie, {
      allergies: [
        { code: "lupin", severity: "severe" },
        { code: "molluscs", severity: "intolerance" },
      ],
      diet: ["halaal"],
      allergyConsent: true,
    });
    const item = await createFoodItem(db);
    await createOrder(db, { userId: a.id, foodItemId: item.id });
    await createOrder(db, { userId: b.id, foodItemId: item.id });
    for (const url of [
      "/api/my/profile",
      "/api/my/data",
      "/api/my/menu",
      "/api/my/orders",
      "/api/my/orders?scope=past",
      "/api/my/wallet",
    ]) {
      const res = await request(app, "GET", url, { cookie: b.cookie });
      expect(res.statusCode, url).toBe(200);
      for (const word of ["lupin", "molluscs", "severe", "intolerance", "halaal", 'allergyConsent":{']) {
        expect(res.body, `${url} holds ${word}`).not.toContain(word);
      }
    }
    // B's own profile and data say B has none.
    expect((await request(app, "GET", "/api/my/data", { cookie: b.cookie })).json()).toMatchObject({
      allergies: [],
      diet: [],
      allergyConsent: null,
      allergyAccessLog: [],
    });
    expect(await profileOf(app, b.cookie)).toMatchObject({ allergies: [], diet: [], allergyConsent: null });
  });
});

describe("GET /api/my/data", () => {
  it("gives me everything held about me, as a file to download", async ({ app, db }) => {
    const me = await customer(db);
    const admin = await createUser(db, { roleId: 4 });
    const adminCookie = await sessionCookieFor(db, admin.id, NOW);
    await save(app, me.cookie, { allergies: PEANUTS_SEVERE, diet: ["halaal"], allergyConsent: true });
    await request(app, "GET", `/api/customers/${me.id}/allergies`, { cookie: adminCookie });
    const item = await createFoodItem(db, { name: "Bobotie" });
    const order = await createOrder(db, { userId: me.id, foodItemId: item.id, deliveryDate: "2030-05-07" });

    const res = await request(app, "GET", "/api/my/data", { cookie: me.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="kantien-my-data-2030-05-06.json"');
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      exportedAt: NOW.toISOString(),
      profile: {
        firstName: "Pieter",
        lastName: "Pienaar",
        email: me.email,
        phoneNumber: null,
        roleId: 1,
        akdNumber: null,
        accountCreatedAt: expect.any(String),
        emailVerifiedAt: expect.any(String),
      },
      settings: { language: "af", theme: "light" },
      orders: [
        {
          id: order.id,
          pickupNumber: expect.any(Number),
          item: "Bobotie",
          quantity: 1,
          unitPrice: "45.50",
          status: "pending",
          deliveryDate: "2030-05-07",
          createdAt: expect.any(String),
          allergenAcknowledged: false,
        },
      ],
      wallet: { balance: "0.00", paymentReference: expect.stringMatching(/^KAN/), transactions: [] },
      allergies: PEANUTS_SEVERE,
      diet: ["halaal"],
      allergyConsent: { version: ALLERGY_CONSENT_VERSION, at: NOW.toISOString(), recordedBy: null },
      allergyAccessLog: [{ at: NOW.toISOString(), action: "view", by: "Toets Gebruiker 4" }],
      // A customer who guards no learner (decision 0068).
      learners: [],
    });
  });

  it("is for customers only", async ({ app, db }) => {
    for (const roleId of [3, 4] as const) {
      const staff = await createUser(db, { roleId });
      const cookie = await sessionCookieFor(db, staff.id, NOW);
      const res = await request(app, "GET", "/api/my/data", { cookie });
      expect(res.statusCode).toBe(403);
    }
    expect((await request(app, "GET", "/api/my/data")).statusCode).toBe(401);
  });
});
