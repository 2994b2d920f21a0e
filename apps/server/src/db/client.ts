import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { z } from "zod";
import { serverFolder } from "../package-folders";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribes to a NOTIFY channel; the returned function unsubscribes. On PostgreSQL the
   * listening connection is re-opened (with backoff) when it is lost: `onLost` is called
   * then, and `onRestored` once it listens again. Notifications in between are missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  /** The connections to the database: node-postgres's pool, or PGlite's one connection. */
  connections(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * PGlite only: the data directory as a tar, consistent (a checkpoint, then a copy taken while
   * no query runs), for `openPglite(…, { from })` (docs/decisions/0045-backups.md). Not
   * compressed: queries wait while it is taken, and PGlite's gzip would make them wait 5× longer.
   */
  dumpDataDir?: () => Promise<Blob>;
};

export type ListenEvents = { onLost?: () => void; onRestored?: () => void };

const migrationsFolder = path.join(serverFolder, "src/db/migrations");

export class DataDirLockedError extends Error {}

/** Lock files held by this process: a second open in the same process is refused too. */
const heldLocks = new Set<string>();

/**
 * PGlite does not lock its directory and two processes on one directory corrupt it,
 * so the server holds a lock file with its pid while it runs. The lock is taken by
 * hard-linking a finished pid file to the lock's name, which is atomic: it either
 * exists with a whole pid in it, or not at all. A stale lock (its process is gone) is
 * removed and the link tried once more; if another server wins that race, we lose.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "kantien.pid");
  if (heldLocks.has(lockFile)) throw lockedError(dataDir, process.pid);
  const temp = path.join(dataDir, `kantien.pid.${process.pid}.${randomBytes(6).toString("hex")}`);
  fs.writeFileSync(temp, String(process.pid), { flag: "wx" });
  let inode: number;
  try {
    inode = linkLock(temp, lockFile, dataDir);
  } finally {
    fs.rmSync(temp, { force: true });
  }
  heldLocks.add(lockFile);
  return () => {
    heldLocks.delete(lockFile);
    // Remove only our own lock, never one another server took over.
    try {
      if (fs.statSync(lockFile).ino === inode) fs.rmSync(lockFile, { force: true });
    } catch {}
  };
}

function linkLock(temp: string, lockFile: string, dataDir: string): number {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.linkSync(temp, lockFile);
      return fs.statSync(temp).ino;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder: number;
    try {
      holder = Number(fs.readFileSync(lockFile, "utf8").trim());
    } catch (error) {
      // Removed between our link and our read: try again.
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && attempt === 0) continue;
      throw error;
    }
    // Our own pid in a lock we do not hold is left from an earlier life of this pid (a restarted container).
    const stale = !(Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder));
    if (!stale || attempt > 0) throw lockedError(dataDir, holder);
    fs.rmSync(lockFile, { force: true });
  }
}

/** The pid of the live process that holds `dataDir`'s lock, or null when none does. */
export function dataDirLockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "kantien.pid"), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

function lockedError(dataDir: string, pid: number) {
  return new DataDirLockedError(
    `Another Kantien server (pid ${pid}) is using ${dataDir}. Stop it first, or set DATA_DIR to another directory (or DATABASE_URL to share a PostgreSQL server).`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type PgliteOptions = {
  /** A data directory dumped by `dumpDataDir` to start from: only newer migrations then run. */
  from?: Blob;
  /** false: open as it is, without migrating (a backup or a restore keeps the schema it finds). */
  migrate?: boolean;
};

/**
 * PGlite's shared_buffers, a quarter of its 128 MB: they are resident in the process from the
 * start, while a canteen's hot rows fit in far less and the rest of the data directory is read
 * from the operating system's file cache (docs/decisions/0065-a-lighter-embedded-start.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

const makeDataDirScript = path.join(serverFolder, "src/db/make-pglite-data-dir.mjs");

/** Makes `pgdata` (initdb) in a child process when it holds no database yet; its memory leaves with it. */
async function makePgliteDataDir(pgdata: string) {
  if (fs.existsSync(path.join(pgdata, "PG_VERSION"))) return;
  await promisify(execFile)(process.execPath, [
    makeDataDirScript,
    pgdata,
    JSON.stringify(PGLITE_START_PARAMS),
  ]);
}

/** PGlite's client under a Database opened by `openPglite`. */
export const pgliteClient = (database: Database): PGlite =>
  (database.db as unknown as { $client: PGlite }).$client;

/**
 * Opens PGlite in `dataDir` (or in memory when null), migrated unless `migrate` is false.
 * `from` is a dumped data directory (the API tests' template, a backup) it starts from.
 */
export async function openPglite(
  dataDir: string | null,
  { from, migrate = true }: PgliteOptions = {},
): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // pg_trgm indexes the orders summary's name search (decision 0007).
    const options = {
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
      ...(from ? { loadDataDir: from } : {}),
    };
    const pgdata = dataDir ? path.join(dataDir, "pgdata") : null;
    if (pgdata && !from) await makePgliteDataDir(pgdata);
    const client = pgdata ? new PGlite(pgdata, options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    if (migrate) await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      listen: async (channel, onPayload) => {
        const unsubscribe = await client.listen(channel, onPayload);
        return async () => unsubscribe();
      },
      // One connection in this process; queries queue inside PGlite, which does not say how many wait.
      connections: () => ({ total: 1, idle: 0, waiting: 0 }),
      close: async () => {
        await client.close();
        unlock();
      },
      dumpDataDir: async () => {
        // Written pages, not only the WAL: the copy then starts without replaying it.
        await client.exec("checkpoint");
        return client.dumpDataDir("none");
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** A fresh in-memory PGlite, migrated, dumped as a data directory for `openPglite(…, { from })`. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const database = await openPglite(null);
  try {
    return await pgliteClient(database).dumpDataDir("none");
  } finally {
    await database.close();
  }
}

/** Connects a node-postgres pool to `url`, migrated. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // A connection lives at most an hour. On each connection, a named statement (`queryRows`'
  // `prepare`) keeps its generic plan only while that costs no more than the plans made for its
  // first five calls: a connection that lived through its tables' growth would plan it again
  // on every call (the kitchen's day: 1.75 → 2.1 ms out of 10,000 → 1,000,000 orders, against
  // 1.86 ms on new connections).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, maxLifetimeSeconds: 3600 });
  // An idle connection the server ends (a restart, a terminated backend) leaves the pool, which
  // opens a new one when needed; without a listener, pg's 'error' event would end the process.
  pool.on("error", (error) =>
    console.warn("An idle database connection was closed by the server", error.message),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migrateAlone(url, () => migratePg(db as never, { migrationsFolder }));
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    listen: async (channel, onPayload, events = {}) => {
      const stop = await listenPostgres(url, channel, onPayload, events);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The advisory lock under which one process at a time migrates ("kant" in ASCII). */
const MIGRATION_LOCK = 0x6b616e74;

/**
 * Runs the migrations while holding a session-level advisory lock on a connection of its own:
 * processes started together on one empty database take turns, and the later ones find every
 * migration applied instead of racing to create the same tables.
 */
async function migrateAlone(url: string, migrate: () => Promise<void>) {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

let shipped: number[] | undefined;

/**
 * How many of the migrations this code ships the database has not applied, by drizzle's own
 * rule: a migration counts as applied when the newest one the database recorded is no older
 * (its `created_at` is the migration's time in the journal). A database migrated further by a
 * newer process has them all.
 */
export async function pendingMigrations(db: Db): Promise<{ shipped: number; pending: number }> {
  shipped ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  const [recorded] = await queryRows(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    z.object({ newest: z.string().nullable() }),
  );
  const newest = Number(recorded?.newest ?? Number.NEGATIVE_INFINITY);
  return { shipped: shipped.length, pending: shipped.filter((when) => when > newest).length };
}

/** A lost listening connection is tried again after this, doubling up to the most. */
export const RECONNECT_MIN_MS = 200;
export const RECONNECT_MAX_MS = 30_000;

/** The `application_name` a channel's listening connection shows in `pg_stat_activity`. */
export const listenerName = (channel: string) => `kantien listen ${channel}`;

/** How often a listening connection is asked to answer, and how long it has to answer. */
const PING_EVERY_MS = 10_000;
const PING_DEADLINE_MS = 5_000;

/**
 * LISTEN needs its own connection for as long as it listens. When that connection
 * errors or ends (a restarted server, a terminated backend, a dropped network) it is
 * replaced, waiting 0.2 s, then twice as long each failed try, up to 30 s. A connection that
 * only listens never writes, so a silently dropped one would never error: it is pinged every
 * 10 s, and one that does not answer within 5 s counts as lost.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  { onLost, onRestored }: ListenEvents,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;

  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: listenerName(channel),
    });
    client.on("notification", (n) => {
      if (n.channel === channel) onPayload(n.payload ?? "");
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    ping(client);
  };

  const ping = (client: pg.Client) => {
    const timer = setTimeout(() => {
      if (client !== current) return;
      const deadline = setTimeout(() => lost(client), PING_DEADLINE_MS);
      deadline.unref();
      client.query("select 1").then(
        () => {
          clearTimeout(deadline);
          ping(client);
        },
        () => {
          clearTimeout(deadline);
          lost(client);
        },
      );
    }, PING_EVERY_MS);
    timer.unref();
  };

  const lost = (client: pg.Client) => {
    if (client !== current || stopped) return;
    current = null;
    client.end().catch(() => {});
    try {
      onLost?.();
    } finally {
      reconnectLater();
    }
  };

  const reconnectLater = () => {
    retry = setTimeout(async () => {
      retry = null;
      if (stopped) return;
      try {
        await connect();
      } catch {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (!stopped) reconnectLater();
        return;
      }
      delay = RECONNECT_MIN_MS;
      if (!stopped) onRestored?.();
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

const dialect = new PgDialect();

/**
 * The rows of a raw `db.execute(sql…)`, parsed with `row`: the driver returns them untyped,
 * so they are checked, never cast (decision 0016). Raw SQL stays where it earns its speed.
 * `prepare` names a hot read whose text never changes (only its values do): on PostgreSQL it
 * becomes a named statement, parsed once per connection and, after its first five calls,
 * planned once while its generic plan costs no more than a plan for the values (openPostgres).
 */
export async function queryRows<S extends z.ZodType>(
  db: Db | Tx,
  query: SQL,
  row: S,
  { prepare }: { prepare?: string } = {},
): Promise<z.output<S>[]> {
  const result = prepare
    ? await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, prepare, false).execute()
    : await db.execute(query);
  // Both drivers answer `{ rows }`; the generic Db type cannot say so.
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

/** A row of `explain`: one line of the plan. */
export const queryPlanRow = z.object({ "QUERY PLAN": z.string() });

/**
 * A timestamp column as the API writes it, ISO 8601 in UTC. Both drivers read `timestamptz`
 * as a Date; a string (a value cast to text) is read too.
 */
export const timestampColumn = z
  .union([z.date(), z.string()])
  .transform((value) => new Date(value).toISOString());
