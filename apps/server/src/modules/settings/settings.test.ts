import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { userSettings } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";
import { writeLastBackup } from "./last-backup";

const it = appTest();

const getSettings = (app: App, cookie?: string) => request(app, "GET", "/api/settings", { cookie });

const putSettings = (app: App, payload: unknown, cookie?: string) =>
  request(app, "PUT", "/api/settings", {
    cookie,
    body: payload,
  });

async function staffCookie(app: App, db: Db, roleId: 3 | 4 = 3) {
  const user = await createUser(db, { roleId });
  return { user, cookie: await signIn(app, user) };
}

describe("GET and PUT /api/settings", () => {
  it("answers the defaults when the user never saved settings", async ({ app, db }) => {
    const { user, cookie } = await staffCookie(app, db);
    await db.delete(userSettings).where(eq(userSettings.userId, user.id));
    const res = await getSettings(app, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      settings: { theme: "light", language: "af", refresh_interval: 30 },
    });
  });

  it("saves the user's own settings, inserting or updating their row", async ({ app, db }) => {
    const { user, cookie } = await staffCookie(app, db, 4);
    const other = await staffCookie(app, db, 3);
    await db.delete(userSettings).where(eq(userSettings.userId, user.id));

    const first = { theme: "dark", language: "af", refresh_interval: 60 };
    const saved = await putSettings(app, { settings: first }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: "Persoonlike instellings is gestoor.",
      settings: first,
    });
    expect((await getSettings(app, cookie)).json().settings).toEqual(first);

    const second = { theme: "auto", language: "af", refresh_interval: 15 };
    expect((await putSettings(app, { settings: second }, cookie)).statusCode).toBe(200);
    expect((await getSettings(app, cookie)).json().settings).toEqual(second);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, user.id))).toHaveLength(1);

    // The other staff member's settings are untouched.
    expect((await getSettings(app, other.cookie)).json().settings).toEqual({
      theme: "light",
      language: "af",
      refresh_interval: 30,
    });
  });

  it("speaks the chosen language from the answer that saves it on", async ({ app, db }) => {
    const { cookie } = await staffCookie(app, db);
    const saved = await putSettings(
      app,
      { settings: { theme: "light", language: "en", refresh_interval: 30 } },
      cookie,
    );
    expect(saved.json().message).toBe("Personal settings saved.");
    const notFound = await request(app, "GET", "/api/nope", { cookie });
    expect(notFound.json().message).toBe("Not found.");
  });

  it("refuses an unknown theme or language, a missing field or other keys (400), keeping the saved ones", async ({
    app,
    db,
  }) => {
    const { cookie } = await staffCookie(app, db);
    const good = { theme: "dark", language: "en", refresh_interval: 30 };
    for (const payload of [
      { settings: { ...good, theme: "blue" } },
      { settings: { ...good, theme: "DARK" } },
      { settings: { ...good, theme: null } },
      { settings: { ...good, language: "de" } },
      { settings: { ...good, language: "AF" } },
      { settings: { ...good, user_id: "00000000-0000-0000-0000-000000000001" } },
      { settings: { theme: "dark" } },
      { settings: { theme: "dark", language: "af" } },
      { settings: { refresh_interval: 30 } },
      { ...good },
      { settings: good, extra: true },
      {},
    ]) {
      const res = await putSettings(app, payload, cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
    expect((await getSettings(app, cookie)).json().settings).toEqual({
      theme: "light",
      language: "af",
      refresh_interval: 30,
    });
  });

  it("keeps the refresh interval between 5 and 3600 seconds; not a number becomes 30", async ({
    app,
    db,
  }) => {
    const { cookie } = await staffCookie(app, db);
    const cases: [unknown, number][] = [
      [2, 5],
      [0, 5],
      [-30, 5],
      [5, 5],
      [3600, 3600],
      [7200, 3600],
      ["45", 45],
      [12.6, 13],
      ["nie 'n getal", 30],
      ["", 30],
      [null, 30],
      [{}, 30],
    ];
    for (const [given, stored] of cases) {
      // Move away from the expected value first, so each case shows a real save.
      await putSettings(
        app,
        { settings: { theme: "dark", language: "af", refresh_interval: stored === 60 ? 61 : 60 } },
        cookie,
      );
      const res = await putSettings(
        app,
        { settings: { theme: "dark", language: "af", refresh_interval: given } },
        cookie,
      );
      expect(res.statusCode, String(given)).toBe(200);
      expect(res.json().settings.refresh_interval, String(given)).toBe(stored);
      expect((await getSettings(app, cookie)).json().settings.refresh_interval, String(given)).toBe(stored);
    }
  });

  it("round-trips every theme and language", async ({ app, db }) => {
    const { cookie } = await staffCookie(app, db, 4);
    for (const theme of ["light", "dark", "auto"] as const) {
      for (const language of ["af", "en"] as const) {
        const settings = { theme, language, refresh_interval: 120 };
        const res = await putSettings(app, { settings }, cookie);
        expect(res.json()).toMatchObject({ success: true, settings });
        expect((await getSettings(app, cookie)).json()).toEqual({ success: true, settings });
      }
    }
  });

  it("is for signed-in staff and admins only", async ({ app, db }) => {
    expect((await getSettings(app)).statusCode).toBe(401);
    expect(
      (await putSettings(app, { settings: { theme: "dark", language: "af", refresh_interval: 30 } }))
        .statusCode,
    ).toBe(401);
    // A customer with a session (e.g. one whose role was lowered) is still refused.
    const student = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(db, student.id);
    expect((await request(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(200);
    const res = await getSettings(app, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
  });
});

describe("GET /api/settings/backup", () => {
  it("tells an admin when the last backup completed, null before the first; a cook is refused", async ({
    app,
    db,
    config,
  }) => {
    const admin = await staffCookie(app, db, 4);
    const none = await request(app, "GET", "/api/settings/backup", { cookie: admin.cookie });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, data: { lastBackupAt: null } });

    writeLastBackup(config.dataDir, "2026-11-24T08:15:00.000Z");
    const last = await request(app, "GET", "/api/settings/backup", { cookie: admin.cookie });
    expect(last.json()).toEqual({ success: true, data: { lastBackupAt: "2026-11-24T08:15:00.000Z" } });

    const cook = await staffCookie(app, db, 3);
    const refused = await request(app, "GET", "/api/settings/backup", { cookie: cook.cookie });
    expect(refused.statusCode).toBe(403);
    expect((await request(app, "GET", "/api/settings/backup")).statusCode).toBe(401);
  });
});
