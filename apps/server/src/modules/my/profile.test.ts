import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor, TEST_PASSWORD } from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();

const myLogin = (app: App, email: string, password: string) =>
  request(app, "POST", "/api/my/auth/login", { body: { email, password } });
const signedIn = async (app: App, cookie: string) =>
  (await request(app, "GET", "/api/auth/me", { cookie })).statusCode === 200;

describe("/api/my/profile", () => {
  it("answers my own profile, and saves name, phone, language and theme (not the email)", async ({
    app,
    db,
  }) => {
    const me = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(db, me.id);
    const before = await request(app, "GET", "/api/my/profile", { cookie });
    expect(before.json().data).toEqual({
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: me.email,
      phoneNumber: null,
      language: "af",
      theme: "light",
      allergies: [],
      diet: [],
      allergyConsent: null,
      managedByGuardian: false,
      guardianConsent: "none",
      version: 1,
    });
    expect(before.headers.etag).toBe('"1"');

    const saved = await request(app, "PUT", "/api/my/profile", {
      cookie,
      body: {
        firstName: " Lerato ",
        lastName: "Mokoena",
        phoneNumber: "082 555 0101",
        language: "en",
        theme: "dark",
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: "Your profile was saved.",
      data: {
        firstName: "Lerato",
        lastName: "Mokoena",
        email: me.email,
        phoneNumber: "082 555 0101",
        language: "en",
        theme: "dark",
        allergies: [],
        diet: [],
        allergyConsent: null,
        managedByGuardian: false,
        guardianConsent: "none",
        version: 2,
      },
    });
    expect(saved.headers.etag).toBe('"2"');
    expect((await request(app, "GET", "/api/my/profile", { cookie })).json().data).toEqual(saved.json().data);

    // Errors now come in the language just chosen; an empty phone clears it.
    const cleared = await request(app, "PUT", "/api/my/profile", {
      cookie,
      body: {
        ...saved.json().data,
        email: undefined,
        allergyConsent: undefined,
        managedByGuardian: undefined,
        guardianConsent: undefined,
        version: undefined,
        phoneNumber: "",
      },
    });
    expect(cleared.json().data.phoneNumber).toBeNull();
  });

  it("refuses bad input and changes nothing", async ({ app, db }) => {
    const me = await createUser(db, { roleId: 2 });
    const cookie = await sessionCookieFor(db, me.id);
    const good = { firstName: "Pieter", lastName: "Botha", phoneNumber: null, language: "af", theme: "auto" };
    const before = (await request(app, "GET", "/api/my/profile", { cookie })).json().data;
    for (const body of [
      { ...good, firstName: "  " },
      { ...good, lastName: "x".repeat(101) },
      { ...good, phoneNumber: "1".repeat(31) },
      { ...good, language: "fr" },
      { ...good, theme: "pink" },
      { ...good, email: "ander@example.com" },
      { ...good, roleId: 4 },
      { ...good, firstName: "a\u0000b" },
    ]) {
      const res = await request(app, "PUT", "/api/my/profile", { cookie, body });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, "validation_failed"]);
    }
    expect((await request(app, "GET", "/api/my/profile", { cookie })).json().data).toEqual(before);
  });
});

describe("/api/my/profile from two devices (decision 0057)", () => {
  const details = {
    firstName: "Pieter",
    lastName: "Botha",
    phoneNumber: null,
    language: "af",
    theme: "light",
  };
  const peanuts = [{ code: "peanuts", severity: "severe" }];
  const save = (app: App, cookie: string, version: string, body: object) =>
    request(app, "PUT", "/api/my/profile", { cookie, headers: { "if-match": version }, body });

  it("refuses a save from a version another device replaced, with the profile as it now is", async ({
    app,
    db,
  }) => {
    const me = await createUser(db, { roleId: 1 });
    const phone = await sessionCookieFor(db, me.id);
    const laptop = await sessionCookieFor(db, me.id);
    const loaded = await request(app, "GET", "/api/my/profile", { cookie: laptop });
    const version = loaded.headers.etag as string;

    const first = await save(app, phone, version, { ...details, allergies: peanuts, allergyConsent: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(version);

    // The laptop still shows the profile as loaded: no allergies. Its save would delete them.
    const second = await save(app, laptop, version, {
      ...details,
      phoneNumber: "082 555 0101",
      allergies: [],
    });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().message).toBe(
      "Iemand anders het dit intussen verander. Kyk wat anders is en stoor weer.",
    );
    expect(second.json().details.current).toEqual(first.json().data);
    expect((await request(app, "GET", "/api/my/profile", { cookie: laptop })).json().data).toEqual(
      first.json().data,
    );

    // Saved again on top of the current version, it is taken.
    const again = await save(app, laptop, first.headers.etag as string, {
      ...details,
      phoneNumber: "082 555 0101",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ phoneNumber: "082 555 0101", allergies: peanuts });
  });

  it("lets exactly one of two saves from the same version win", async ({ app, db }) => {
    const me = await createUser(db, { roleId: 2 });
    const [one, two] = [await sessionCookieFor(db, me.id), await sessionCookieFor(db, me.id)];
    const answers = await Promise.all([
      save(app, one, '"1"', { ...details, firstName: "Een" }),
      save(app, two, '"1"', { ...details, firstName: "Twee" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data;
    expect((await request(app, "GET", "/api/my/profile", { cookie: one })).json().data).toEqual(winner);
  });

  it("is stale after an admin changed the allergies, and a malformed If-Match changes nothing", async ({
    app,
    db,
  }) => {
    const me = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(db, me.id);
    const admin = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id);
    const version = (await request(app, "GET", "/api/my/profile", { cookie })).headers.etag as string;
    const byAdmin = await request(app, "PUT", `/api/customers/${me.id}/allergies`, {
      cookie: admin,
      body: { allergies: peanuts, diet: [], allergyConsent: true },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    const mine = await save(app, cookie, version, { ...details, allergies: [] });
    expect([mine.statusCode, mine.json().code]).toEqual([409, "stale"]);
    expect(mine.json().details.current.allergies).toEqual(peanuts);

    const before = (await request(app, "GET", "/api/my/profile", { cookie })).json().data;
    const bad = await save(app, cookie, "7", { ...details, firstName: "Ander" });
    expect([bad.statusCode, bad.json().code]).toEqual([400, "if_match_invalid"]);
    expect((await request(app, "GET", "/api/my/profile", { cookie })).json().data).toEqual(before);
  });
});

describe("PUT /api/my/password", () => {
  it("needs the current password, then ends my other sessions and keeps this one", async ({ app, db }) => {
    const me = await createUser(db, { roleId: 1 });
    const here = await sessionCookieFor(db, me.id);
    const phone = await sessionCookieFor(db, me.id);
    const someoneElse = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id);

    const wrong = await request(app, "PUT", "/api/my/password", {
      cookie: here,
      body: { currentPassword: "verkeerd", newPassword: "nuwe-geheim" },
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, "password_current_wrong"]);
    const short = await request(app, "PUT", "/api/my/password", {
      cookie: here,
      body: { currentPassword: TEST_PASSWORD, newPassword: "kort" },
    });
    expect([short.statusCode, short.json().code]).toEqual([400, "validation_failed"]);
    expect(await signedIn(app, phone)).toBe(true);

    const changed = await request(app, "PUT", "/api/my/password", {
      cookie: here,
      body: { currentPassword: TEST_PASSWORD, newPassword: "nuwe-geheim" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe("Jou wagwoord is verander. Jy is op jou ander toestelle uitgeteken.");
    expect([await signedIn(app, here), await signedIn(app, phone), await signedIn(app, someoneElse)]).toEqual(
      [true, false, true],
    );
    expect((await myLogin(app, me.email, TEST_PASSWORD)).json().code).toBe("login_failed");
    expect((await myLogin(app, me.email, "nuwe-geheim")).statusCode).toBe(200);
  });

  it("makes a reset link already in the mailbox stop working", async ({ app, db }) => {
    const me = await createUser(db, { roleId: 2 });
    const cookie = await sessionCookieFor(db, me.id);
    await request(app, "POST", "/api/auth/forgot-password", { body: { email: me.email } });
    const [mail] = await queryRows(
      db,
      sql`select text_body as text from email_outbox where to_address = ${me.email}`,
      z.object({ text: z.string() }),
    );
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail!.text)![1]!);
    await request(app, "PUT", "/api/my/password", {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: "nuwe-geheim" },
    });
    const reset = await request(app, "POST", "/api/auth/reset-password", {
      body: { token, password: "iemand-anders" },
    });
    expect([reset.statusCode, reset.json().code]).toEqual([400, "token_invalid"]);
    expect((await myLogin(app, me.email, "nuwe-geheim")).statusCode).toBe(200);
  });

  it("counts wrong current passwords against the sign-in limit", async ({ app, db }) => {
    const me = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(db, me.id);
    const codes: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const res = await request(app, "PUT", "/api/my/password", {
        cookie,
        body: { currentPassword: `raai-${attempt}`, newPassword: "nuwe-geheim" },
      });
      codes.push(res.json().code);
    }
    expect(codes.at(-1)).toBe("rate_limited");
    expect(codes.slice(0, 5)).toEqual(Array(5).fill("password_current_wrong"));
  });
});
