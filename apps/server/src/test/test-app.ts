import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openPglite, openPostgres } from "../db/client";
import { giveBackPglite, takePglite } from "./kept-pglite";
import { adminQuery, databaseUrl } from "./postgres-admin";

/**
 * API tests run on a fresh database per test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres. Each is a
 * copy of the template the global setup migrated once (global-setup.ts).
 */
export const testBackend: "pglite" | "postgres" =
  process.env.TEST_DB === "postgres" && process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export type TestDatabase = Database & { url: string | null; drop(): Promise<void> };

/**
 * A fresh database: `drop()` ends it; `release()` says its test file is done with it, which on
 * PGlite keeps it for the next file, emptied back to the template (kept-pglite.ts).
 */
export async function openTestDatabase(): Promise<TestDatabase & { release(): Promise<void> }> {
  if (testBackend === "pglite") {
    const database = await takePglite(async () => openPglite(null, { from: await pgliteTemplate() }));
    return { ...database, url: null, drop: () => database.close(), release: () => giveBackPglite(database) };
  }
  const created = await createPostgresDatabase(inject("postgresTemplate"));
  const database = await openPostgres(created.url, 5);
  const drop = async () => {
    await database.close();
    await created.drop();
  };
  return { ...database, url: created.url, drop, release: drop };
}

/**
 * A new database on TEST_DATABASE_URL's server, a copy of `template` or empty, with a unique
 * name; `drop` removes it once its connections have closed.
 */
export async function createPostgresDatabase(
  template: string | null = null,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `kantien_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      // pool.end() resolves before its connections have closed; FORCE would terminate those
      // still closing, and their clients would report the termination as an uncaught error.
      for (let i = 0; i < 40; i++) {
        const { rows } = await again.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

let template: Promise<Blob> | undefined;

/** The migrated PGlite dump, read once per test file's process: `openPglite(dir, { from })`. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= fs.promises.readFile(inject("pgliteTemplate")).then((bytes) => new Blob([bytes]));
  return template;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-test-"));
  return { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), ...overrides };
}

/**
 * A built app on a fresh database (or on `database`, which `close()` then leaves open);
 * `onRoute` sees (and may add hooks to) each route; `webDist` is a built web app to serve. A test file takes its app from
 * `appTest` (app-test.ts), which closes it; a test that needs a second app closes that itself.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  database?: TestDatabase,
  { onRoute, webDist }: Pick<BuildAppOptions, "onRoute" | "webDist"> = {},
) {
  // A database of its own is released with the app; a given one is left to its owner.
  let db = database;
  let release = async () => {};
  if (!db) {
    const own = await openTestDatabase();
    db = own;
    release = own.release;
  }
  const config = testConfig(overrides);
  const app = await buildApp({ config, database: db, ...(onRoute ? { onRoute } : {}), webDist });
  await app.ready();
  return {
    app,
    config,
    database: db,
    db: db.db,
    close: async () => {
      await app.close();
      await release();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
