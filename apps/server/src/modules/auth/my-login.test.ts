import { describe, expect } from "vitest";
import type { App } from "../../app";
import { appTest } from "../../test/app-test";
import { createUser } from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();

const myLogin = (app: App, body: unknown, cookie?: string) =>
  request(app, "POST", "/api/my/auth/login", { body, cookie });
const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === "kantien_session" && c.value);

describe("POST /api/my/auth/login: the ordering app's sign-in, customers only", () => {
  it("opens a session for a student and for academy staff, which /api/auth/me then knows", async ({
    app,
    db,
  }) => {
    for (const roleId of [1, 2] as const) {
      const user = await createUser(db, { roleId });
      const res = await myLogin(app, { email: user.email.toUpperCase(), password: user.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: "Jy is aangeteken.",
        user: { id: user.id },
      });
      const session = sessionOf(res);
      expect(session).toBeDefined();
      const me = await request(app, "GET", "/api/auth/me", { cookie: `kantien_session=${session?.value}` });
      expect(me.json()).toMatchObject({ success: true, user: { id: user.id, role_id: roleId } });
    }
  });

  it("sends a cook or an admin to the back office: 403 use_back_office, no session", async ({ app, db }) => {
    for (const roleId of [3, 4] as const) {
      const user = await createUser(db, { roleId });
      const res = await myLogin(app, { email: user.email, password: user.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "use_back_office" });
      expect(sessionOf(res)).toBeUndefined();
    }
  });

  it("refuses a wrong password, an unknown email and an unverified customer as the back office does", async ({
    app,
    db,
  }) => {
    const user = await createUser(db, { roleId: 1 });
    const wrong = await myLogin(app, { email: user.email, password: "verkeerd123" });
    const unknown = await myLogin(app, { email: "niemand@toets.example", password: "verkeerd123" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: "login_failed",
        message: "E-pos of wagwoord is verkeerd.",
      });
      expect(sessionOf(res)).toBeUndefined();
    }
    const unverified = await createUser(db, { roleId: 1, verified: false });
    const res = await myLogin(app, { email: unverified.email, password: unverified.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "email_not_verified" });
    // A staff role is only revealed after the password: a wrong one says nothing about the account.
    const cook = await createUser(db, { roleId: 3 });
    expect((await myLogin(app, { email: cook.email, password: "verkeerd123" })).json()).toMatchObject({
      code: "login_failed",
    });
  });

  it("takes only an email and a password", async ({ app, db }) => {
    const user = await createUser(db, { roleId: 1 });
    for (const body of [{ email: user.email }, { ...user, role_id: 4 }, "nie json nie", []]) {
      const res = await myLogin(app, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(sessionOf(res)).toBeUndefined();
    }
  });
});
