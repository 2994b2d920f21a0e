import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Subscribes to a NOTIFY channel; the returned function unsubscribes. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its directory and two processes on one directory corrupt it,
 * so the server holds a lock file with its pid while it runs.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "kantien.pid");
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `Another Kantien server (pid ${pid}) is using ${dataDir}. Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to share a PostgreSQL server).`,
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Opens PGlite in `dataDir` (or in memory when null), migrated. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = dataDir ? new PGlite(path.join(dataDir, "pgdata")) : new PGlite();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      listen: async (channel, onPayload) => {
        const unsubscribe = await client.listen(channel, onPayload);
        return async () => unsubscribe();
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Connects a node-postgres pool to `url`, migrated. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: "postgres",
    listen: async (channel, onPayload) => {
      // LISTEN needs its own connection for as long as it listens.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      listeners.add(client);
      client.on("notification", (n) => {
        if (n.channel === channel) onPayload(n.payload ?? "");
      });
      client.on("error", () => {});
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** The rows of a raw `db.execute(sql…)`, typed by the caller (the driver returns them untyped). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
