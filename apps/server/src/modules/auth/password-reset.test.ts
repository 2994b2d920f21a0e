import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { authTokens, emailOutbox, loginAttempts, sessions, userSettings, users } from "../../db/schema";
import { verifyPassword } from "../../password-hash";
import { hashToken } from "../../plugins/session";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor, TEST_PASSWORD, type TestUser } from "../../test/fixtures";
import { type RequestOptions, request } from "../../test/request";
import { createTestApp } from "../../test/test-app";

const it = appTest();

/** Every answer of this file, checked at the end for stored token hashes. */
const bodies: string[] = [];

async function call(app: App, method: "GET" | "POST", url: string, options: RequestOptions = {}) {
  const response = await request(app, method, url, options);
  bodies.push(response.body);
  return response;
}

// Each request comes from an address of its own unless a test says otherwise, so the
// per-address limit only bites where a test means it to.
let addresses = 0;
const freshAddress = () => `10.70.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const forgot = (
  app: App,
  body: unknown,
  { ip = freshAddress(), language }: { ip?: string; language?: string } = {},
) =>
  call(app, "POST", "/api/auth/forgot-password", {
    body,
    remoteAddress: ip,
    headers: language ? { "accept-language": language } : {},
  });

const reset = (app: App, body: unknown, cookie?: string) =>
  call(app, "POST", "/api/auth/reset-password", { body, cookie });

/** Signs in where the user's role signs in: customers in the ordering app, staff in the back office. */
const signInStatus = async (app: App, user: TestUser, password: string) => {
  const url = user.roleId <= 2 ? "/api/my/auth/login" : "/api/auth/login";
  const res = await call(app, "POST", url, {
    body: { email: user.email, password },
    remoteAddress: freshAddress(),
  });
  return res.statusCode;
};

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@toets.example`;

const mailsTo = (db: Db, to: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id);

/** The token of the last reset mail to `to`, after checking its link in both bodies. */
async function resetLinkIn(db: Db, config: Config, to: string) {
  const mail = (await mailsTo(db, to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const match = mail!.textBody.match(
    new RegExp(`${config.publicUrl}/reset-password\\?token=([A-Za-z0-9_-]{43})`),
  );
  expect(match, mail!.textBody).not.toBeNull();
  expect(mail!.htmlBody).toContain(`${config.publicUrl}/reset-password?token=${match![1]}`);
  return { mail: mail!, token: match![1]! };
}

/** A user who asked for a reset link, and its token. */
async function userWithLink(
  app: App,
  db: Db,
  config: Config,
  options: Parameters<typeof createUser>[1] = { roleId: 1 },
) {
  const user = await createUser(db, { email: unique("vergeet"), ...options });
  expect((await forgot(app, { email: user.email })).statusCode).toBe(200);
  return { user, token: (await resetLinkIn(db, config, user.email)).token };
}

const meStatus = async (app: App, cookie: string) =>
  (await call(app, "GET", "/api/auth/me", { cookie })).statusCode;

describe("POST /api/auth/forgot-password", () => {
  it("answers a known and an unknown email alike, and mails only the known one", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 1, email: unique("bekend") });
    const nobody = unique("niemand");
    const known = await forgot(app, { email: user.email });
    const unknown = await forgot(app, { email: nobody });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({
      success: true,
      message:
        "As daar 'n rekening met hierdie e-posadres is, het ons 'n skakel gestuur om die wagwoord terug te stel.",
    });
    expect(await mailsTo(db, user.email)).toHaveLength(1);
    expect(await mailsTo(db, nobody)).toEqual([]);

    // In the caller's language, never the account's: that would tell that the account exists.
    await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, user.id));
    const afterwards = [
      await forgot(app, { email: user.email }, { language: "af" }),
      await forgot(app, { email: unique("niemand") }, { language: "af" }),
    ];
    expect(afterwards[0]!.body).toBe(afterwards[1]!.body);
    expect(afterwards[0]!.body).toBe(known.body);
    const english = await forgot(app, { email: unique("niemand") }, { language: "en" });
    expect(english.json().message).toBe(
      "If there is an account with this email address, we have sent a link to reset its password.",
    );
  });

  it("mails a link to /reset-password with a hashed single-use token for an hour", async ({
    app,
    db,
    config,
  }) => {
    const user = await createUser(db, { roleId: 3, email: unique("kok") });
    expect((await forgot(app, { email: `  ${user.email.toUpperCase()} ` })).statusCode).toBe(200);
    const { mail, token } = await resetLinkIn(db, config, user.email);
    expect(mail.subject).toBe("Stel jou wagwoord terug vir Kantien");
    expect(mail.textBody).toContain("Die skakel verval oor 1 uur en werk net een keer.");
    expect(mail.textBody).toContain("As jy nie hierom gevra het nie, kan jy hierdie e-pos ignoreer");
    const [stored] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "reset_password")));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.usedAt).toBeNull();
    expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000).toBeCloseTo(1, 3);
  });

  it("writes the mail in the account's language", async ({ app, db, config }) => {
    const user = await createUser(db, { roleId: 2, email: unique("english") });
    await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, user.id));
    await forgot(app, { email: user.email });
    const { mail } = await resetLinkIn(db, config, user.email);
    expect(mail.subject).toBe("Reset your password for Kantien");
    expect(mail.textBody).toContain("The link expires in 1 hour and works only once.");
  });

  it("mails no removed (anonymised) account", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 1, email: unique("weg") });
    await db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, user.id));
    const res = await forgot(app, { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(db, user.email)).toEqual([]);
  });

  it("answers alike after 3 requests for one account in the hour, and mails no more", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 1, email: unique("vloed") });
    const nobody = unique("vloed-niemand");
    const first = await forgot(app, { email: user.email });
    for (let i = 0; i < 5; i++) {
      // Each from another address: the account's own limit holds.
      const again = await forgot(app, { email: user.email });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      const stranger = await forgot(app, { email: nobody });
      expect(stranger.body).toBe(first.body);
    }
    expect(await mailsTo(db, user.email)).toHaveLength(3);
    const issued = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "reset_password")));
    expect(issued).toHaveLength(3);
    // Refused requests are not recorded, so a flood does not grow the table.
    const recorded = await db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.kind, "password_reset"), eq(loginAttempts.email, user.email)));
    expect(recorded).toHaveLength(3);
  });

  it("answers alike once an address has used its reset links of the hour, and mails no more", async ({
    db,
    database,
  }) => {
    // Ten per address, to test the mechanism with few requests.
    const limited = await createTestApp(
      { passwordResetLimit: { perAccount: 3, perAddress: 10, windowMinutes: 60 } },
      database,
    );
    try {
      const ip = "10.71.0.1";
      const people = await Promise.all(
        Array.from({ length: 12 }, (_, i) => createUser(db, { roleId: 1, email: unique(`adres${i}`) })),
      );
      const answers = [];
      for (const person of people) answers.push(await forgot(limited.app, { email: person.email }, { ip }));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(answers[0]!.body);
      }
      const mailed = await Promise.all(people.map(async (p) => (await mailsTo(db, p.email)).length));
      expect(mailed).toEqual([...Array(10).fill(1), 0, 0]);
      // Another address still gets its mail.
      await forgot(limited.app, { email: people[11]!.email }, { ip: "10.71.0.2" });
      expect(await mailsTo(db, people[11]!.email)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it("takes only an email as a string (400 for the rest)", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 1, email: unique("vyandig") });
    for (const body of [
      {},
      { email: user.email, password: "nuwe-wagwoord" },
      { email: user.email, role_id: 4 },
      { email: 42 },
      { email: [user.email] },
      { email: { $ne: "" } },
      { email: "" },
      { email: `${"a".repeat(250)}@x.za` },
      [user.email],
    ]) {
      const res = await forgot(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const broken = await call(app, "POST", "/api/auth/forgot-password", {
      body: `{"email": "${user.email}"`,
      headers: { "content-type": "application/json" },
    });
    expect(broken.json()).toMatchObject({ success: false, code: "invalid_json" });
    expect(await mailsTo(db, user.email)).toEqual([]);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password: it signs in, the old one does not; no session is opened", async ({
    app,
    db,
    config,
  }) => {
    for (const roleId of [1, 3] as const) {
      const { user, token } = await userWithLink(app, db, config, { roleId });
      const res = await reset(app, { token, password: "nuwe-wagwoord" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: "Jou wagwoord is verander. Teken nou met jou nuwe wagwoord in.",
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      const [after] = await db.select().from(users).where(eq(users.id, user.id));
      expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await signInStatus(app, user, "nuwe-wagwoord")).toBe(200);
      expect(await signInStatus(app, user, TEST_PASSWORD)).toBe(401);
    }
  });

  it("answers in the caller's language", async ({ app, db, config }) => {
    const { token } = await userWithLink(app, db, config);
    const res = await call(app, "POST", "/api/auth/reset-password", {
      body: { token, password: "nuwe-wagwoord" },
      headers: { "accept-language": "en" },
    });
    expect(res.json().message).toBe("Your password has been changed. Sign in with your new password now.");
  });

  it("works once: a used link is refused and changes nothing", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config);
    expect((await reset(app, { token, password: "eerste-wagwoord" })).statusCode).toBe(200);
    const again = await reset(app, { token, password: "tweede-wagwoord" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: "token_invalid",
      message: "Hierdie skakel is ongeldig, is reeds gebruik of het verval.",
    });
    expect(await signInStatus(app, user, "eerste-wagwoord")).toBe(200);
    expect(await signInStatus(app, user, "tweede-wagwoord")).toBe(401);
  });

  it("uses up the account's older links when one of them worked", async ({ app, db, config }) => {
    const { user, token: older } = await userWithLink(app, db, config);
    await forgot(app, { email: user.email });
    const { token: newer } = await resetLinkIn(db, config, user.email);
    expect(newer).not.toBe(older);
    expect((await reset(app, { token: newer, password: "nuwe-wagwoord" })).statusCode).toBe(200);
    expect((await reset(app, { token: older, password: "ander-wagwoord" })).json()).toMatchObject({
      code: "token_invalid",
    });
    expect(await signInStatus(app, user, "nuwe-wagwoord")).toBe(200);
  });

  it("refuses an expired link and keeps the old password", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config);
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const res = await reset(app, { token, password: "nuwe-wagwoord" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "token_invalid" });
    expect(await signInStatus(app, user, TEST_PASSWORD)).toBe(200);
  });

  it("refuses a missing or unknown token, and a link of another purpose", async ({ app, db }) => {
    const missing = await reset(app, { password: "nuwe-wagwoord" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      code: "token_missing_reset",
      message: "Geen terugsteltoken gevind nie",
    });
    const unknown = await reset(app, { token: "c".repeat(43), password: "nuwe-wagwoord" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "token_invalid" });

    // A sign-up's verification link is no reset link.
    const signup = {
      first_name: "Lerato",
      last_name: "Mokoena",
      email: unique("aansluit"),
      role_id: 1,
      password: "wagwoord1",
    };
    expect((await call(app, "POST", "/api/auth/signup", { body: signup })).statusCode).toBe(201);
    const [verification] = await mailsTo(db, signup.email);
    const token = verification!.textBody.match(/verify-email\?token=([A-Za-z0-9_-]{43})/)![1];
    expect((await reset(app, { token, password: "nuwe-wagwoord" })).json()).toMatchObject({
      code: "token_invalid",
    });
  });

  it("refuses a too-short password (400) and uses up nothing: the link still works", async ({
    app,
    db,
    config,
  }) => {
    const { user, token } = await userWithLink(app, db, config);
    const short = await reset(app, { token, password: "kort" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ success: false, code: "validation_failed" });
    expect(short.json().details).toEqual([
      { field: "password", message: "Wagwoord moet ten minste 6 karakters wees" },
    ]);
    expect(await signInStatus(app, user, TEST_PASSWORD)).toBe(200);
    expect((await reset(app, { token, password: "lang-genoeg" })).statusCode).toBe(200);
    expect(await signInStatus(app, user, "lang-genoeg")).toBe(200);
  });

  it("refuses hostile bodies (400) and uses up nothing", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config);
    for (const body of [
      { token, password: "nuwe-wagwoord", email: "ander@toets.example" },
      { token, password: "nuwe-wagwoord", userId: user.id },
      { token, password: 12345678 },
      { token: [token], password: "nuwe-wagwoord" },
      { token: 42, password: "nuwe-wagwoord" },
      { token, password: "x".repeat(201) },
      { token },
      [token, "nuwe-wagwoord"],
    ]) {
      const res = await reset(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    // The token alone as a JSON string, not an object.
    const bare = await call(app, "POST", "/api/auth/reset-password", {
      body: JSON.stringify(token),
      headers: { "content-type": "application/json" },
    });
    expect(bare.statusCode).toBe(400);
    expect(await signInStatus(app, user, TEST_PASSWORD)).toBe(200);
    expect((await reset(app, { token, password: "nuwe-wagwoord" })).statusCode).toBe(200);
  });

  it("from a signed-out browser ends all the user's sessions; another user's session lives", async ({
    app,
    db,
    config,
  }) => {
    const { user, token } = await userWithLink(app, db, config);
    const other = await createUser(db, { roleId: 1 });
    const mine = [await sessionCookieFor(db, user.id), await sessionCookieFor(db, user.id)];
    const theirs = await sessionCookieFor(db, other.id);
    for (const cookie of [...mine, theirs]) expect(await meStatus(app, cookie)).toBe(200);

    expect((await reset(app, { token, password: "nuwe-wagwoord" })).statusCode).toBe(200);
    for (const cookie of mine) expect(await meStatus(app, cookie)).toBe(401);
    expect(await meStatus(app, theirs)).toBe(200);
  });

  it("keeps the session of the browser that resets, when it is the same user's", async ({
    app,
    db,
    config,
  }) => {
    const { user, token } = await userWithLink(app, db, config);
    const here = await sessionCookieFor(db, user.id);
    const elsewhere = await sessionCookieFor(db, user.id);
    const res = await reset(app, { token, password: "nuwe-wagwoord" }, here);
    expect(res.statusCode).toBe(200);
    expect(await meStatus(app, here)).toBe(200);
    expect(await meStatus(app, elsewhere)).toBe(401);
  });

  it("ends all of the user's sessions when the browser is signed in as someone else", async ({
    app,
    db,
    config,
  }) => {
    const { user, token } = await userWithLink(app, db, config);
    const other = await createUser(db, { roleId: 3 });
    const theirs = await sessionCookieFor(db, other.id);
    const mine = await sessionCookieFor(db, user.id);
    expect((await reset(app, { token, password: "nuwe-wagwoord" }, theirs)).statusCode).toBe(200);
    expect(await meStatus(app, mine)).toBe(401);
    expect(await meStatus(app, theirs)).toBe(200);
  });

  it("verifies an unverified address, since the link proves the inbox", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config, { roleId: 1, verified: false });
    expect(await signInStatus(app, user, TEST_PASSWORD)).toBe(403);
    expect((await reset(app, { token, password: "nuwe-wagwoord" })).statusCode).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await signInStatus(app, user, "nuwe-wagwoord")).toBe(200);
  });

  it("keeps an address's first verification time", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config);
    const [before] = await db.select().from(users).where(eq(users.id, user.id));
    expect((await reset(app, { token, password: "nuwe-wagwoord" })).statusCode).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.emailVerifiedAt).toEqual(before!.emailVerifiedAt);
  });

  it("lifts the sign-in limit of the account, so the new password signs in at once", async ({
    app,
    db,
    config,
  }) => {
    const { user, token } = await userWithLink(app, db, config, { roleId: 3 });
    const ip = "10.72.0.1";
    const login = (password: string) =>
      call(app, "POST", "/api/auth/login", { body: { email: user.email, password }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await login("verkeerd123")).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(429);
    expect((await reset(app, { token, password: "nuwe-wagwoord" })).statusCode).toBe(200);
    expect((await login("nuwe-wagwoord")).statusCode).toBe(200);
  });

  it("refuses the link of an account removed after it was sent", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config);
    await db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, user.id));
    const res = await reset(app, { token, password: "nuwe-wagwoord" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "token_invalid" });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(TEST_PASSWORD, after!.passwordHash!)).toBe(true);
  });

  it("lets only one of two concurrent resets with one link win", async ({ app, db, config }) => {
    const { user, token } = await userWithLink(app, db, config);
    const answers = await Promise.all(
      ["eerste-wagwoord", "tweede-wagwoord"].map((password) => reset(app, { token, password })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? "eerste-wagwoord" : "tweede-wagwoord";
    const loser = winner === "eerste-wagwoord" ? "tweede-wagwoord" : "eerste-wagwoord";
    expect(await signInStatus(app, user, winner)).toBe(200);
    expect(await signInStatus(app, user, loser)).toBe(401);
  });
});

describe("what answers never contain", () => {
  it("has no stored reset token or its hash in any answer of this file", async ({ db }) => {
    expect(bodies.length).toBeGreaterThan(40);
    const stored = await db
      .select({ h: authTokens.tokenHash })
      .from(authTokens)
      .where(eq(authTokens.purpose, "reset_password"));
    expect(stored.length).toBeGreaterThan(10);
    for (const body of bodies) {
      for (const { h } of stored) expect(body).not.toContain(h);
      expect(body).not.toContain("$argon2id$");
    }
  });
});
