import { eq, sql } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { z } from "zod";
import { type Db, openPostgres, queryRows, type Tx } from "../db/client";
import { sessions, userSettings, users } from "../db/schema";
import { appTest } from "../test/app-test";
import { createUser, listenerPids, sessionCookieFor, signIn } from "../test/fixtures";
import { request } from "../test/request";
import { createTestApp, testBackend } from "../test/test-app";
import { SESSION_CHANGES_CHANNEL } from "./session-cache";

const it = appTest();

/** A write the database's triggers do not announce: what no process should ever do. */
async function unannounced(db: Db, write: (tx: Tx) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

type App = Parameters<typeof request>[0];

const me = (app: App, cookie: string) => request(app, "GET", "/api/auth/me", { cookie });

let renames = 0;

/**
 * Until `app` answers `cookie` from what it remembers: a name changed behind its back does not
 * show. The first look-up may come before a server listens (on PostgreSQL), and is not kept.
 */
async function untilRemembered(app: App, db: Db, cookie: string, userId: string) {
  await vi.waitFor(
    async () => {
      await me(app, cookie);
      const name = `Onbekend ${++renames}`;
      await unannounced(db, (tx) => tx.update(users).set({ firstName: name }).where(eq(users.id, userId)));
      expect((await me(app, cookie)).json().user.first_name).not.toBe(name);
    },
    { timeout: 5000, interval: 50 },
  );
}

/** A cook signed in through `app`, whose session `app` now answers from what it remembers. */
async function rememberedCook(app: App, db: Db) {
  const cook = await createUser(db, { roleId: 3 });
  const cookie = await signIn(app, cook);
  await untilRemembered(app, db, cookie, cook.id);
  return { cook, cookie };
}

describe("the sessions a server remembers", () => {
  it("answers a remembered session without the database, and looks again after any write through it", async ({
    app,
    db,
  }) => {
    const { cook, cookie } = await rememberedCook(app, db);
    await unannounced(db, (tx) => tx.delete(sessions).where(eq(sessions.userId, cook.id)));
    expect((await me(app, cookie)).statusCode).toBe(200);
    // Any write through this server (here somebody else's sign-out) forgets what it remembered.
    expect((await request(app, "POST", "/api/auth/logout", { body: {} })).statusCode).toBe(200);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it("forgets a user's sessions when the database says they changed, whoever wrote it", async ({
    app,
    db,
  }) => {
    const { cook, cookie } = await rememberedCook(app, db);
    const other = await sessionCookieFor(db, cook.id);
    expect((await me(app, cookie)).json().user.role_id).toBe(3);

    await db.update(users).set({ roleId: 4 }).where(eq(users.id, cook.id));
    expect((await me(app, cookie)).json().user.role_id).toBe(4);

    // The language is the session's too: the sign-out (a write) says it in the user's new one.
    await untilRemembered(app, db, other, cook.id);
    await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, cook.id));
    const out = await request(app, "POST", "/api/auth/logout", { cookie: other, body: {} });
    expect(out.json().message).toBe("Signed out successfully.");

    await untilRemembered(app, db, cookie, cook.id);
    await db.delete(sessions).where(eq(sessions.userId, cook.id));
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  // Several servers share one PostgreSQL; PGlite lives in one process.
  it.skipIf(testBackend !== "postgres")(
    "ends a session in every server at once: a sign-out through one is refused by another",
    async ({ app, db, database }) => {
      const second = await openPostgres(database.url!, 2);
      const other = await createTestApp({}, { ...second, url: database.url, drop: () => second.close() });
      try {
        const cook = await createUser(db, { roleId: 3 });
        const cookie = await signIn(app, cook);
        await untilRemembered(other.app, db, cookie, cook.id);
        expect((await request(app, "POST", "/api/auth/logout", { cookie, body: {} })).statusCode).toBe(200);
        expect((await me(other.app, cookie)).statusCode).toBe(401);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  it.skipIf(testBackend !== "postgres")(
    "forgets everything when its listening connection is lost: a change missed meanwhile is not served",
    async ({ app, db }) => {
      const listeners = () => listenerPids(db, SESSION_CHANGES_CHANNEL);
      const { cook, cookie } = await rememberedCook(app, db);
      // Its own: another server's (an earlier test's) may still be closing.
      const before = await vi.waitFor(
        async () => {
          const now = await listeners();
          expect(now).toHaveLength(1);
          return now[0]!;
        },
        { timeout: 5000, interval: 50 },
      );

      await queryRows(
        db,
        sql`select pg_terminate_backend(${before}) as done`,
        z.object({ done: z.boolean() }),
      );
      await unannounced(db, (tx) => tx.delete(sessions).where(eq(sessions.userId, cook.id)));
      await vi.waitFor(
        async () => {
          const now = await listeners();
          expect(now).toHaveLength(1);
          expect(now[0]).not.toBe(before);
        },
        { timeout: 5000, interval: 50 },
      );
      expect((await me(app, cookie)).statusCode).toBe(401);
      // And it remembers again, now that it listens again.
      const again = await signIn(app, cook);
      await untilRemembered(app, db, again, cook.id);
    },
  );
});
