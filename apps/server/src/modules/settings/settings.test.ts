import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSettings } from "../../db/schema";
import { createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const getSettings = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/settings", headers: cookie ? { cookie } : {} });

const putSettings = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/settings",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

async function staffCookie(roleId: 3 | 4 = 3) {
  const user = await createUser(t.db, { roleId });
  return { user, cookie: await signIn(t.app, user) };
}

describe("GET and PUT /api/settings", () => {
  it("answers the defaults when the user never saved settings", async () => {
    const { user, cookie } = await staffCookie();
    await t.db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const res = await getSettings(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      settings: { theme: "light", language: "af", refresh_interval: 30 },
    });
  });

  it("saves the user's own settings, inserting or updating their row", async () => {
    const { user, cookie } = await staffCookie(4);
    const other = await staffCookie(3);
    await t.db.delete(userSettings).where(eq(userSettings.userId, user.id));

    const first = { theme: "dark", language: "af", refresh_interval: 60 };
    const saved = await putSettings({ settings: first }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: "Persoonlike instellings suksesvol gestoor!" });
    expect((await getSettings(cookie)).json().settings).toEqual(first);

    const second = { theme: "auto", language: "af", refresh_interval: 15 };
    expect((await putSettings({ settings: second }, cookie)).statusCode).toBe(200);
    expect((await getSettings(cookie)).json().settings).toEqual(second);
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id))).toHaveLength(1);

    // The other staff member's settings are untouched.
    expect((await getSettings(other.cookie)).json().settings).toEqual({
      theme: "light",
      language: "af",
      refresh_interval: 30,
    });
  });

  it("speaks the chosen language from the answer that saves it on", async () => {
    const { cookie } = await staffCookie();
    const saved = await putSettings(
      { settings: { theme: "light", language: "en", refresh_interval: 30 } },
      cookie,
    );
    expect(saved.json().message).toBe("Personal settings saved successfully!");
    const notFound = await t.app.inject({ method: "GET", url: "/api/nope", headers: { cookie } });
    expect(notFound.json().message).toBe("Not found.");
  });

  it("refuses invalid settings (400) and leaves the saved ones", async () => {
    const { cookie } = await staffCookie();
    const good = { theme: "dark", language: "en", refresh_interval: 30 };
    for (const payload of [
      { settings: { ...good, theme: "blue" } },
      { settings: { ...good, language: "de" } },
      { settings: { ...good, refresh_interval: 2 } },
      { settings: { ...good, refresh_interval: 7200 } },
      { settings: { ...good, refresh_interval: "30" } },
      { settings: { ...good, user_id: "00000000-0000-0000-0000-000000000001" } },
      { settings: { theme: "dark" } },
      { ...good },
      {},
    ]) {
      const res = await putSettings(payload, cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
    expect((await getSettings(cookie)).json().settings).toEqual({
      theme: "light",
      language: "af",
      refresh_interval: 30,
    });
  });

  it("is for signed-in staff and admins only", async () => {
    expect((await getSettings()).statusCode).toBe(401);
    expect(
      (await putSettings({ settings: { theme: "dark", language: "af", refresh_interval: 30 } })).statusCode,
    ).toBe(401);
    // A customer with a session (e.g. one whose role was lowered) is still refused.
    const student = await createUser(t.db, { roleId: 1 });
    const cookie = await sessionCookieFor(t.db, student.id);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(
      200,
    );
    const res = await getSettings(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
  });
});
