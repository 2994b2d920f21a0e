import { randomBytes, scryptSync } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  authTokens,
  clients,
  emailOutbox,
  kantienStaff,
  loginAttempts,
  sessions,
  userSettings,
  users,
  wallets,
} from "../../db/schema";
import { hashToken } from "../../plugins/session";
import { appTest } from "../../test/app-test";
import { createUser, signIn, TEST_PASSWORD } from "../../test/fixtures";
import { type RequestOptions, request } from "../../test/request";
import { createTestApp, type TestApp, type TestDatabase } from "../../test/test-app";
import { issueToken } from "./tokens";

const it = appTest();

/** Every answer of this file, checked at the end for hashes and stored tokens. */
const bodies: { sent: string; body: string }[] = [];

/** Sends through `request` and keeps the answer for that check. */
async function call(app: App, method: "GET" | "POST", url: string, options: RequestOptions = {}) {
  const response = await request(app, method, url, options);
  bodies.push({ sent: JSON.stringify(options.body ?? null), body: response.body });
  return response;
}

const login = (app: App, email: string, password: string, ip?: string) =>
  call(app, "POST", "/api/auth/login", { body: { email, password }, remoteAddress: ip });

const sessionCookie = (response: Awaited<ReturnType<typeof call>>) =>
  response.cookies.find((c) => c.name === "kantien_session");

/** The link of the last mail queued for `to`. */
async function linkIn(db: Db, config: Config, to: string, page: "verify-email" | "setup-account") {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(sql`${emailOutbox.id} desc`)
    .limit(1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const match = mail!.textBody.match(new RegExp(`${config.publicUrl}/${page}\\?token=([A-Za-z0-9_-]{43})`));
  expect(match, mail!.textBody).not.toBeNull();
  expect(mail!.htmlBody).toContain(`${config.publicUrl}/${page}?token=${match![1]}`);
  return { mail: mail!, token: match![1]! };
}

/** The body of a token call: setup-account also takes a password. */
const tokenPayload = (url: string, token?: string) => ({
  ...(token === undefined ? {} : { token }),
  ...(url.endsWith("setup-account") ? { password: "wagwoord1" } : {}),
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@toets.example`;

describe("POST /api/auth/login", () => {
  it("signs staff and admins in with a session cookie and answers the user", async ({ app, db }) => {
    for (const [roleId, role] of [
      [3, "KANTIEN PERSONEEL"],
      [4, "KANTIEN ADMIN"],
    ] as const) {
      const user = await createUser(db, { roleId });
      const res = await login(app, user.email, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: "Jy is aangeteken.",
        user: {
          id: user.id,
          email: user.email,
          role,
          role_id: roleId,
          first_name: "Toets",
          last_name: `Gebruiker ${roleId}`,
        },
      });
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the hash of the token is stored.
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(cookie.value)));
      expect(row?.userId).toBe(user.id);
      const me = await call(app, "GET", "/api/auth/me", { cookie: `kantien_session=${cookie.value}` });
      expect(me.json()).toEqual({ success: true, user: res.json().user, sessionEndsAt: expect.any(String) });
    }
  });

  it("takes the email in any case and with spaces around it", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 3, email: unique("hoof") });
    const res = await login(app, `  ${user.email.toUpperCase()} `, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it("gives a new session token at every sign-in, and a sign-in ends the session it replaces", async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { roleId: 3 });
    const first = await signIn(app, user);
    const second = await signIn(app, user);
    expect(second).not.toBe(first);
    const again = await call(app, "POST", "/api/auth/login", {
      body: { email: user.email, password: TEST_PASSWORD },
      cookie: second,
    });
    const third = `kantien_session=${sessionCookie(again)!.value}`;
    expect(third).not.toBe(second);
    expect((await call(app, "GET", "/api/auth/me", { cookie: second })).statusCode).toBe(401);
    expect((await call(app, "GET", "/api/auth/me", { cookie: first })).statusCode).toBe(200);
    expect((await call(app, "GET", "/api/auth/me", { cookie: third })).statusCode).toBe(200);
  });

  it("answers an unknown email, a wrong password and an account not yet set up identically", async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { roleId: 3 });
    const invited = await createUser(db, { roleId: 3, password: null, verified: false });
    const answers = [
      await login(app, unique("niemand"), TEST_PASSWORD),
      await login(app, user.email, "verkeerd123"),
      await login(app, invited.email, TEST_PASSWORD),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({
      success: false,
      code: "login_failed",
      message: "E-pos of wagwoord is verkeerd.",
    });
  });

  it("gives students and academy staff the unauthorized_role marker and no session", async ({ app, db }) => {
    for (const [roleId, role] of [
      [1, "STUDENT"],
      [2, "AKADEMIA PERSONEEL"],
    ] as const) {
      const user = await createUser(db, { roleId });
      const res = await login(app, user.email, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        error: "unauthorized_role",
        message: "Hierdie aantekenblad is net vir die kantien se personeel.",
        user: { id: user.id, email: user.email, role, role_id: roleId },
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    }
  });

  it("refuses an unverified account only once the password is right", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 1, verified: false });
    const wrong = await login(app, user.email, "verkeerd123");
    expect(wrong.statusCode).toBe(401);
    const right = await login(app, user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ success: false, code: "email_not_verified" });
    expect(right.headers["set-cookie"]).toBeUndefined();
  });

  it("answers in the user's language once it knows them, else the caller's", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 3 });
    await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, user.id));
    expect((await login(app, user.email, TEST_PASSWORD)).json().message).toBe("Signed in successfully.");
    const failed = await call(app, "POST", "/api/auth/login", {
      body: { email: user.email, password: "verkeerd123" },
      headers: { "accept-language": "en" },
    });
    expect(failed.json().message).toBe("Email or password is incorrect.");
  });

  it("refuses a missing password and unknown fields (400)", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 3 });
    for (const payload of [
      { email: user.email },
      { email: user.email, password: TEST_PASSWORD, role_id: 4 },
    ]) {
      const res = await call(app, "POST", "/api/auth/login", { body: payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
  });

  it("sets a Secure cookie when the public URL is https", async ({ db, database }) => {
    const https = await createTestApp({ publicUrl: "https://kantien.example" }, database);
    try {
      const user = await createUser(db, { roleId: 4 });
      const res = await request(https.app, "POST", "/api/auth/login", {
        body: { email: user.email, password: TEST_PASSWORD },
      });
      expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    } finally {
      await https.close();
    }
  });

  it("takes a password hashed with scrypt before Argon2id and stores it anew as Argon2id", async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { roleId: 3, password: null });
    const salt = randomBytes(16);
    const key = scryptSync("ou-wagwoord-1", salt, 64, { N: 1024, r: 8, p: 1 });
    const scryptHash = ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    await db.update(users).set({ passwordHash: scryptHash }).where(eq(users.id, user.id));
    const storedHash = async () =>
      (await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0]!.h;

    expect((await login(app, user.email, "ou-wagwoord-2")).statusCode).toBe(401);
    expect(await storedHash()).toBe(scryptHash);

    expect((await login(app, user.email, "ou-wagwoord-1")).statusCode).toBe(200);
    const argon2Hash = await storedHash();
    expect(argon2Hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(app, user.email, "ou-wagwoord-1")).statusCode).toBe(200);
    expect(await storedHash()).toBe(argon2Hash);
  });
});

describe("sessions: /me and logout", () => {
  it("answers /me with 401 without a session or with a made-up one", async ({ app }) => {
    for (const cookie of [undefined, "kantien_session=verzonnen", `kantien_session=${"a".repeat(43)}`]) {
      const res = await call(app, "GET", "/api/auth/me", { cookie });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: "unauthenticated" });
    }
  });

  it("answers /me with the session's absolute end, which use does not move", async ({ app, db, config }) => {
    const user = await createUser(db, { roleId: 3 });
    const day = 24 * 3_600_000;
    const maxDays = config.sessionMaxDays;
    const before = Date.now();
    const cookie = await signIn(app, user);
    const after = Date.now();
    const tokenHash = hashToken(cookie.split("=")[1]!);
    const endsAt = async () => {
      const me = await call(app, "GET", "/api/auth/me", { cookie });
      expect(me.statusCode).toBe(200);
      return me.json().sessionEndsAt as string;
    };

    const first = await endsAt();
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const end = new Date(first).getTime();
    // Sign-in plus the 7-day limit: far past the 8-hour idle expiry a fresh session has.
    expect(end).toBeGreaterThanOrEqual(before + maxDays * day - 1_000);
    expect(end).toBeLessThanOrEqual(after + maxDays * day + 1_000);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(end).toBe(row!.createdAt.getTime() + maxDays * day);
    expect(end).toBeGreaterThan(row!.expiresAt.getTime());

    // A request that slides the idle expiry leaves the absolute end where it was.
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.tokenHash, tokenHash));
    expect(await endsAt()).toBe(first);
  });

  it("logout deletes the session on the server, so the old cookie no longer works", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 3 });
    const cookie = await signIn(app, user);
    expect((await call(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(200);
    const out = await call(app, "POST", "/api/auth/logout", { cookie, body: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: "Jy is uitgeteken." });
    const cleared = sessionCookie(out)!;
    expect(cleared.value).toBe("");
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await call(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(401);
  });

  it("logout answers 200 when no one is signed in", async ({ app }) => {
    const res = await call(app, "POST", "/api/auth/logout", { body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it("refuses an expired session", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 4 });
    const cookie = await signIn(app, user);
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect((await call(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(401);
  });

  it("slides the idle expiry and re-sets the cookie's Max-Age with it, at most once a minute", async ({
    app,
    db,
    config,
  }) => {
    const user = await createUser(db, { roleId: 3 });
    const cookie = await signIn(app, user);
    const token = cookie.split("=")[1]!;
    // Seen just now: nothing to slide, no cookie.
    const fresh = await call(app, "GET", "/api/auth/me", { cookie });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["set-cookie"]).toBeUndefined();

    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'`, expiresAt: sql`now() + interval '10 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const slid = await call(app, "GET", "/api/auth/me", { cookie });
    expect(slid.statusCode).toBe(200);
    const renewed = sessionCookie(slid)!;
    expect(renewed).toMatchObject({ value: token, httpOnly: true, sameSite: "Lax", path: "/" });
    const idleSeconds = config.sessionIdleMinutes * 60;
    expect(renewed.maxAge).toBeGreaterThan(idleSeconds - 5);
    expect(renewed.maxAge).toBeLessThanOrEqual(idleSeconds);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((row!.expiresAt.getTime() - Date.now()) / 1000).toBeGreaterThan(idleSeconds - 5);
  });

  it("never slides a session past its absolute end, and refuses it after that", async ({
    app,
    db,
    config,
  }) => {
    const user = await createUser(db, { roleId: 3 });
    const cookie = await signIn(app, user);
    const tokenHash = hashToken(cookie.split("=")[1]!);
    const maxDays = config.sessionMaxDays;
    // Half an hour before the cap, the slide stops at the cap.
    await db
      .update(sessions)
      .set({
        createdAt: sql`now() - make_interval(days => ${maxDays}) + interval '30 minutes'`,
        lastSeenAt: sql`now() - interval '5 minutes'`,
      })
      .where(eq(sessions.tokenHash, tokenHash));
    const near = await call(app, "GET", "/api/auth/me", { cookie });
    expect(near.statusCode).toBe(200);
    const maxAge = sessionCookie(near)!.maxAge!;
    expect(maxAge).toBeGreaterThan(30 * 60 - 10);
    expect(maxAge).toBeLessThanOrEqual(30 * 60);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + maxDays * 24 * 3_600_000);
    expect(near.json().sessionEndsAt).toBe(row!.expiresAt.toISOString());

    // Past the cap it is refused, even though its idle expiry is still ahead.
    await db
      .update(sessions)
      .set({
        createdAt: sql`now() - make_interval(days => ${maxDays}) - interval '1 minute'`,
        expiresAt: sql`now() + interval '1 hour'`,
      })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await call(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(401);
  });
});

describe("the sign-in limit", () => {
  it("refuses an account after 5 failures, even with the right password and from another address", async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { roleId: 3 });
    for (let i = 0; i < 5; i++) {
      expect((await login(app, user.email, "verkeerd123", "10.1.0.1")).statusCode).toBe(401);
    }
    for (const ip of ["10.1.0.1", "10.1.0.2"]) {
      const res = await login(app, user.email, TEST_PASSWORD, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        code: "rate_limited",
        message: "Te veel aantekenpogings. Wag asseblief 'n rukkie en probeer weer.",
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    // Another account from a fresh address still signs in.
    const other = await createUser(db, { roleId: 3 });
    expect((await login(app, other.email, TEST_PASSWORD, "10.1.0.3")).statusCode).toBe(200);
  });

  /** The sign-in limit with room for 10 failures per address, to test the mechanism quickly. */
  const TEN_PER_ADDRESS = { loginLimit: { perAccount: 5, perAddress: 10, windowMinutes: 15 } };

  it("refuses an address after its failures, whatever the account", async ({ db, database }) => {
    const limited = await createTestApp(TEN_PER_ADDRESS, database);
    try {
      const ip = "10.2.0.1";
      for (let a = 0; a < 2; a++) {
        const user = await createUser(db, { roleId: 3 });
        for (let i = 0; i < 5; i++)
          expect((await login(limited.app, user.email, "verkeerd123", ip)).statusCode).toBe(401);
      }
      const fresh = await createUser(db, { roleId: 3 });
      expect((await login(limited.app, fresh.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login(limited.app, fresh.email, TEST_PASSWORD, "10.2.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("leaves room for a school behind one address: 30 students' typos do not shut the next one out", async ({
    app,
    db,
  }) => {
    const school = "10.2.1.1";
    for (let i = 0; i < 30; i++)
      expect((await login(app, unique("tikfout"), "verkeerd123", school)).statusCode).toBe(401);
    const student = await createUser(db, { roleId: 1 });
    expect((await login(app, student.email, TEST_PASSWORD, school)).statusCode).toBe(200);
  });

  it("records failures for unknown emails too", async ({ app, db }) => {
    const email = unique("spook");
    expect((await login(app, email, "wat-ook-al", "10.3.0.1")).statusCode).toBe(401);
    const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(rows).toMatchObject([{ email, ip: "10.3.0.1" }]);
  });

  it("forgives an account's failures when it signs in", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 3 });
    for (let i = 0; i < 4; i++) await login(app, user.email, "verkeerd123", "10.4.0.1");
    expect((await login(app, user.email, TEST_PASSWORD, "10.4.0.1")).statusCode).toBe(200);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toEqual([]);
    for (let i = 0; i < 5; i++)
      expect((await login(app, user.email, "verkeerd123", "10.4.0.2")).statusCode).toBe(401);
    expect((await login(app, user.email, "verkeerd123", "10.4.0.2")).statusCode).toBe(429);
  });

  it("behind nginx (TRUST_PROXY=127.0.0.1) counts each forwarded client, and believes no one else's header", async ({
    db,
    database,
  }) => {
    const proxied = await createTestApp({ trustProxy: "127.0.0.1", ...TEN_PER_ADDRESS }, database);
    try {
      const fail = (email: string, remoteAddress: string, forwardedFor: string) =>
        request(proxied.app, "POST", "/api/auth/login", {
          body: { email, password: "verkeerd123" },
          remoteAddress,
          headers: { "x-forwarded-for": forwardedFor },
        });
      const ipOf = async (email: string) =>
        (await db.select().from(loginAttempts).where(eq(loginAttempts.email, email))).map((r) => r.ip);
      // Through nginx: the address nginx saw is the one that counts.
      const viaNginx = unique("nginx");
      expect((await fail(viaNginx, "127.0.0.1", "198.51.100.7")).statusCode).toBe(401);
      expect(await ipOf(viaNginx)).toEqual(["198.51.100.7"]);
      // A client that reaches the process itself cannot pose as another address.
      const direct = unique("direct");
      expect((await fail(direct, "10.6.0.1", "198.51.100.8")).statusCode).toBe(401);
      expect(await ipOf(direct)).toEqual(["10.6.0.1"]);
      // Ten failures from one client behind nginx close that address, not nginx's.
      const accounts = await Promise.all(Array.from({ length: 2 }, () => createUser(db, { roleId: 3 })));
      for (const account of accounts) {
        for (let i = 0; i < 5; i++) {
          expect((await fail(account.email, "127.0.0.1", "198.51.100.9")).statusCode).toBe(401);
        }
      }
      const fresh = await createUser(db, { roleId: 3 });
      const signInVia = (client: string) =>
        request(proxied.app, "POST", "/api/auth/login", {
          body: { email: fresh.email, password: TEST_PASSWORD },
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": client },
        });
      expect((await signInVia("198.51.100.9")).statusCode).toBe(429);
      expect((await signInVia("198.51.100.10")).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("holds under concurrent attempts: at most 5 are checked", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(app, user.email, "verkeerd123", `10.5.0.${i + 1}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(7);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });
});

describe("POST /api/auth/signup and /verify-email", () => {
  const signup = (app: App, payload: Record<string, unknown>, language = "af") =>
    call(app, "POST", "/api/auth/signup", { body: payload, headers: { "accept-language": language } });
  const customer = (overrides: Record<string, unknown> = {}) => ({
    first_name: "Anna",
    last_name: "Botha",
    email: unique("anna"),
    phone_number: "082 555 0101",
    role_id: 1,
    password: "wagwoord1",
    ...overrides,
  });

  it("creates an unverified customer with wallet, settings and academy number, and mails a link", async ({
    app,
    db,
    config,
  }) => {
    const input = customer({ email: unique("Anna").toUpperCase(), akd_number: "AKD-1001" });
    const res = await signup(app, input);
    expect(res.statusCode).toBe(201);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const body = res.json();
    const email = String(input.email).toLowerCase();
    expect(body).toEqual({
      success: true,
      message: "Rekening geskep. Kyk in jou e-pos vir die verifikasieskakel.",
      user: {
        id: expect.any(String),
        email,
        role: "STUDENT",
        role_id: 1,
        first_name: "Anna",
        last_name: "Botha",
      },
    });
    const id = body.user.id as string;

    const [user] = await db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ email, roleId: 1, phoneNumber: "082 555 0101", emailVerifiedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await db.select().from(wallets).where(eq(wallets.userId, id))).toMatchObject([
      { balance: "0.00" },
    ]);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, id))).toMatchObject([
      { language: "af", theme: "light", refreshInterval: 30 },
    ]);
    expect(await db.select().from(clients).where(eq(clients.userId, id))).toMatchObject([
      { akdNumber: "AKD-1001" },
    ]);

    const { mail, token } = await linkIn(db, config, email, "verify-email");
    expect(mail).toMatchObject({ status: "pending", subject: "Bevestig jou e-posadres vir Kantien" });
    expect(mail.textBody).toContain("Hallo Anna");
    const [stored] = await db.select().from(authTokens).where(eq(authTokens.userId, id));
    expect(stored).toMatchObject({ tokenHash: hashToken(token), purpose: "verify_email", usedAt: null });
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);

    // Not yet verified: the right password gets 403.
    expect((await login(app, email, "wagwoord1")).statusCode).toBe(403);

    const verified = await call(app, "POST", "/api/auth/verify-email", { body: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: "Jou e-posadres is geverifieer." });
    const [after] = await db.select().from(users).where(eq(users.id, id));
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);
    // A customer: the role marker, no session.
    const signedIn = await login(app, email, "wagwoord1");
    expect(signedIn.json()).toMatchObject({ success: true, error: "unauthorized_role" });

    const reused = await call(app, "POST", "/api/auth/verify-email", { body: { token } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: "token_invalid" });
  });

  it("writes the mail and the settings in English for an English caller", async ({ app, db, config }) => {
    const input = customer({ role_id: 2 });
    const res = await signup(app, input, "en");
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Account created. Check your email for the verification link.");
    expect(res.json().user.role).toBe("AKADEMIA PERSONEEL");
    const { mail } = await linkIn(db, config, String(input.email), "verify-email");
    expect(mail.subject).toBe("Confirm your email address for Kantien");
    expect(mail.textBody).toContain("Hello Anna");
  });

  it("refuses a taken email in any case, and a taken academy number (409)", async ({ app, db }) => {
    const existing = await createUser(db, { roleId: 1 });
    const taken = await signup(app, customer({ email: existing.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, code: "email_taken" });

    const owner = await createUser(db, { roleId: 1 });
    await db.insert(clients).values({ userId: owner.id, akdNumber: "AKD-2002" });
    const input = customer({ akd_number: "AKD-2002" });
    const akd = await signup(app, input);
    expect(akd.statusCode).toBe(409);
    expect(akd.json()).toMatchObject({ code: "akd_number_taken" });
    // Nothing of the refused signup stays behind.
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.email, String(input.email))),
    ).toEqual([]);
  });

  it("cannot create staff or admins, nor set fields it does not offer (400)", async ({ app, db }) => {
    for (const payload of [
      customer({ role_id: 3 }),
      customer({ role_id: 4 }),
      customer({ role_id: undefined }),
      customer({ password_hash: "scrypt$1$1$1$x$y" }),
      customer({ email_verified_at: "2026-01-01T00:00:00Z" }),
      customer({ id: "00000000-0000-0000-0000-000000000001" }),
      customer({ password: "kort" }),
      customer({ email: "geen-epos" }),
    ]) {
      const res = await signup(app, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
      expect(
        await db
          .select()
          .from(users)
          .where(eq(users.email, String(payload.email))),
      ).toEqual([]);
    }
  });

  it("refuses a missing, unknown or expired verification token", async ({ app, db, config }) => {
    const missing = await call(app, "POST", "/api/auth/verify-email", { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      code: "token_missing_verification",
      message: "Geen verifikasietoken gevind nie",
    });
    const unknown = await call(app, "POST", "/api/auth/verify-email", { body: { token: "a".repeat(43) } });
    expect(unknown.json()).toMatchObject({ code: "token_invalid" });

    const input = customer();
    expect((await signup(app, input)).statusCode).toBe(201);
    const { token } = await linkIn(db, config, String(input.email), "verify-email");
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const expired = await call(app, "POST", "/api/auth/verify-email", { body: { token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: "token_invalid" });
    // The expired link verified nothing.
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, String(input.email)));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  describe("the sign-up limit", () => {
    /** An app on the same database with a limit of 2 sign-ups per address and hour. */
    async function limitedApp(database: TestDatabase, overrides: Parameters<typeof createTestApp>[0] = {}) {
      return createTestApp({ signupLimit: { perAddress: 2, windowMinutes: 60 }, ...overrides }, database);
    }
    const signupOn = (
      app: TestApp["app"],
      payload: Record<string, unknown>,
      { ip, headers = {} }: { ip: string; headers?: Record<string, string> },
    ) => request(app, "POST", "/api/auth/signup", { body: payload, headers, remoteAddress: ip });

    it("refuses more sign-ups from one address in the window (429, in Afrikaans), taken emails counted too", async ({
      db,
      database,
    }) => {
      const limited = await limitedApp(database);
      try {
        const existing = await createUser(db, { roleId: 1 });
        expect((await signupOn(limited.app, customer(), { ip: "10.9.0.1" })).statusCode).toBe(201);
        expect(
          (await signupOn(limited.app, customer({ email: existing.email }), { ip: "10.9.0.1" })).statusCode,
        ).toBe(409);
        const refusedInput = customer();
        const refused = await signupOn(limited.app, refusedInput, { ip: "10.9.0.1" });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          success: false,
          code: "signup_rate_limited",
          message: "Te veel registrasies van hierdie adres af. Probeer asseblief later weer.",
        });
        const english = await signupOn(limited.app, customer(), {
          ip: "10.9.0.1",
          headers: { "accept-language": "en" },
        });
        expect(english.json().message).toBe("Too many sign-ups from this address. Please try again later.");
        // The refused sign-up left no account, no mail and no recorded attempt behind.
        const email = String(refusedInput.email);
        expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
        expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
        const recorded = await db
          .select()
          .from(loginAttempts)
          .where(and(eq(loginAttempts.kind, "signup"), eq(loginAttempts.ip, "10.9.0.1")));
        expect(recorded).toHaveLength(2);
        // Another address still signs up, and sign-ins from the limited one are not affected.
        expect((await signupOn(limited.app, customer(), { ip: "10.9.0.2" })).statusCode).toBe(201);
        const staff = await createUser(db, { roleId: 3 });
        const signedIn = await request(limited.app, "POST", "/api/auth/login", {
          body: { email: staff.email, password: TEST_PASSWORD },
          remoteAddress: "10.9.0.1",
        });
        expect(signedIn.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it("counts by the forwarded client address only when TRUST_PROXY says so", async ({ db, database }) => {
      const direct = await limitedApp(database, { signupLimit: { perAddress: 1, windowMinutes: 60 } });
      const proxied = await limitedApp(database, {
        signupLimit: { perAddress: 1, windowMinutes: 60 },
        trustProxy: "10.9.2.0/24",
      });
      try {
        // Not trusted: X-Forwarded-For is ignored, the load balancer's address counts.
        const forwarded = (client: string) => ({ ip: "10.9.1.1", headers: { "x-forwarded-for": client } });
        expect((await signupOn(direct.app, customer(), forwarded("198.51.100.1"))).statusCode).toBe(201);
        expect((await signupOn(direct.app, customer(), forwarded("198.51.100.2"))).statusCode).toBe(429);
        // The load balancer's address is trusted: each client behind it has its own limit.
        const viaProxy = (client: string) => ({ ip: "10.9.2.1", headers: { "x-forwarded-for": client } });
        expect((await signupOn(proxied.app, customer(), viaProxy("198.51.100.3"))).statusCode).toBe(201);
        expect((await signupOn(proxied.app, customer(), viaProxy("198.51.100.4"))).statusCode).toBe(201);
        expect((await signupOn(proxied.app, customer(), viaProxy("198.51.100.3"))).statusCode).toBe(429);
        const byAddress = await db
          .select({ ip: loginAttempts.ip })
          .from(loginAttempts)
          .where(eq(loginAttempts.kind, "signup"));
        expect(byAddress.map((r) => r.ip)).toEqual(expect.arrayContaining(["198.51.100.3", "198.51.100.4"]));
        expect(byAddress.map((r) => r.ip)).not.toContain("10.9.2.1");
      } finally {
        await direct.close();
        await proxied.close();
      }
    });
  });
});

describe("invitations: invite-user, verify-invitation, setup-account", () => {
  let admin: { cookie: string };
  it.beforeAll(async ({ app, db }) => {
    const user = await createUser(db, { roleId: 4 });
    admin = { cookie: await signIn(app, user) };
  });

  const invite = (app: App, payload: Record<string, unknown>, cookie = admin.cookie) =>
    call(app, "POST", "/api/auth/invite-user", { body: payload, cookie });
  const invitee = (overrides: Record<string, unknown> = {}) => ({
    email: unique("kok"),
    firstName: "Sipho",
    lastName: "Dlamini",
    roleId: 3,
    ...overrides,
  });

  it("takes an invited cook from the mail to a signed-in session", async ({ app, db, config }) => {
    const input = invitee();
    const res = await invite(app, input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: "Die uitnodiging is gestuur." });

    const [user] = await db.select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({ roleId: 3, firstName: "Sipho", passwordHash: null, emailVerifiedAt: null });
    expect(await db.select().from(kantienStaff).where(eq(kantienStaff.id, user!.id))).toHaveLength(1);
    expect(await db.select().from(wallets).where(eq(wallets.userId, user!.id))).toHaveLength(1);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, user!.id))).toHaveLength(1);

    const { mail, token } = await linkIn(db, config, input.email, "setup-account");
    expect(mail.subject).toBe("Jy is genooi om by Kantien aan te sluit");
    expect(mail.textBody).toContain("as Kantien-personeel");
    const [stored] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user!.id), eq(authTokens.purpose, "invitation")));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000).toBeCloseTo(72, 3);

    // Not set up yet: the same answer as a wrong password.
    expect((await login(app, input.email, "enigiets1")).json()).toMatchObject({ code: "login_failed" });

    // Checking the invitation does not use it up.
    for (let i = 0; i < 2; i++) {
      const checked = await call(app, "POST", "/api/auth/verify-invitation", { body: { token } });
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({
        success: true,
        message: "Uitnodiging is geldig.",
        user: { first_name: "Sipho", last_name: "Dlamini", email: input.email, role_id: 3 },
      });
    }

    const short = await call(app, "POST", "/api/auth/setup-account", { body: { token, password: "kort" } });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([
      { field: "password", message: "Wagwoord moet ten minste 6 karakters wees" },
    ]);

    const setUp = await call(app, "POST", "/api/auth/setup-account", {
      body: { token, password: "nuwe-wagwoord" },
    });
    expect(setUp.statusCode).toBe(200);
    expect(setUp.json()).toEqual({
      success: true,
      message: "Jou rekening is opgestel. Jy word nou na die aantekenblad geneem.",
    });
    expect(setUp.headers["set-cookie"]).toBeUndefined();
    const [after] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);

    const signedIn = await login(app, input.email, "nuwe-wagwoord");
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).toBeDefined();
    expect(signedIn.json().user).toMatchObject({ role: "KANTIEN PERSONEEL", role_id: 3 });

    // The link works once.
    for (const url of ["/api/auth/verify-invitation", "/api/auth/setup-account"]) {
      const again = await call(app, "POST", url, { body: tokenPayload(url, token) });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: "token_invalid" });
    }
  });

  it("lets only one of two concurrent setups with one token win", async ({ app, db, config }) => {
    const input = invitee({ roleId: 4 });
    expect((await invite(app, input)).statusCode).toBe(201);
    const { token } = await linkIn(db, config, input.email, "setup-account");
    const answers = await Promise.all(
      ["eerste-wagwoord", "tweede-wagwoord"].map((password) =>
        call(app, "POST", "/api/auth/setup-account", { body: { token, password } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? "eerste-wagwoord" : "tweede-wagwoord";
    const loser = winner === "eerste-wagwoord" ? "tweede-wagwoord" : "eerste-wagwoord";
    expect((await login(app, input.email, winner)).statusCode).toBe(200);
    expect((await login(app, input.email, loser)).statusCode).toBe(401);
  });

  it("refuses missing, unknown and expired invitation tokens", async ({ app, db, config }) => {
    for (const url of ["/api/auth/verify-invitation", "/api/auth/setup-account"]) {
      const missing = await call(app, "POST", url, { body: tokenPayload(url) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        code: "token_missing_invitation",
        message: "Geen uitnodigingstoken gevind nie",
      });
      const unknown = await call(app, "POST", url, { body: tokenPayload(url, "b".repeat(43)) });
      expect(unknown.json()).toMatchObject({ code: "token_invalid" });
    }
    const input = invitee();
    await invite(app, input);
    const { token } = await linkIn(db, config, input.email, "setup-account");
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    for (const url of ["/api/auth/verify-invitation", "/api/auth/setup-account"]) {
      const expired = await call(app, "POST", url, { body: tokenPayload(url, token) });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: "token_invalid" });
    }
  });

  it("a verification token is no invitation", async ({ app, db }) => {
    const invited = await createUser(db, { roleId: 3, password: null, verified: false });
    const token = await issueToken(db, invited.id, "verify_email");
    for (const url of ["/api/auth/verify-invitation", "/api/auth/setup-account"]) {
      const res = await call(app, "POST", url, { body: tokenPayload(url, token) });
      expect(res.json()).toMatchObject({ code: "token_invalid" });
    }
  });

  it("lets only admins invite, only staff roles, and only new emails", async ({ app, db }) => {
    const cook = await createUser(db, { roleId: 3 });
    const asStaff = await invite(app, invitee(), await signIn(app, cook));
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json()).toMatchObject({ success: false, code: "forbidden" });

    const anonymous = await call(app, "POST", "/api/auth/invite-user", { body: invitee() });
    expect(anonymous.statusCode).toBe(401);

    for (const roleId of [1, 2, 5]) {
      expect((await invite(app, invitee({ roleId }))).statusCode).toBe(400);
    }
    expect((await invite(app, invitee({ role_id: 4 }))).statusCode).toBe(400);

    const taken = await invite(app, invitee({ email: cook.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "email_taken" });
  });
});

describe("what answers never contain", () => {
  it("has no password hash, hash string or stored token hash in any answer of this file", async ({ db }) => {
    expect(bodies.length).toBeGreaterThan(50);
    const stored = [
      ...(await db.select({ h: authTokens.tokenHash }).from(authTokens)),
      ...(await db.select({ h: sessions.tokenHash }).from(sessions)),
    ].map((r) => r.h);
    expect(stored.length).toBeGreaterThan(5);
    for (const { sent, body } of bodies) {
      for (const word of ["password_hash", "passwordHash", "$argon2id$", "scrypt$"]) {
        // A 400 may name a field the caller sent; that is the caller's own word, not a leak.
        if (!sent.includes(word)) expect(body).not.toContain(word);
      }
      for (const hash of stored) expect(body).not.toContain(hash);
    }
  });
});
