import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";

/** Where the database says a signed-in user or session changed (migration 0022_session_changes). */
export const SESSION_CHANGES_CHANNEL = "kantien_session_changes";

/** How long a found session is trusted without asking again, whatever happens. */
const MAX_AGE_MS = 60_000;
/** Sessions remembered at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

type Cached<T> = { value: T; userId: string; storedAt: number };

export type SessionCache<T> = {
  /** The remembered session of `tokenHash`, or undefined: then ask the database. */
  get(tokenHash: string): T | undefined;
  /**
   * A reader's ticket, taken before it asks the database: `set` keeps its answer only if
   * nothing was dropped meanwhile (a sign-out then would have been read too late).
   */
  ticket(): number;
  set(ticket: number, tokenHash: string, userId: string, value: T): void;
  /** Forgets every session (a write through this process may have ended or changed any). */
  clear(): void;
  /**
   * Resolves once every change committed before the call has been heard here: a barrier for a
   * caller that wrote the tables itself, not through this process (the API tests do).
   */
  heard(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Sessions this process found lately, so most requests need no session look-up in the
 * database (decision 0049). The cache is trusted only while it listens to the database: a
 * trigger there names every user whose sessions, account or language changed, from any
 * process, and their sessions are forgotten as the notice comes. Until it listens, and
 * whenever the listening connection is lost, every request asks the database.
 */
export function createSessionCache<T>(database: Database, log: FastifyBaseLogger): SessionCache<T> {
  const entries = new Map<string, Cached<T>>();
  let generation = 0;
  let live = false;
  let closed = false;
  let listening: Promise<() => Promise<void>> | null = null;
  const barriers = new Map<string, () => void>();
  let barrierCount = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  // A lost connection (or the end) forgets every entry: nothing is left to wait for.
  const releaseBarriers = () => {
    for (const release of barriers.values()) release();
    barriers.clear();
  };

  const onChange = (userId: string) => {
    if (userId.startsWith("heard:")) {
      barriers.get(userId)?.();
      barriers.delete(userId);
      return;
    }
    generation += 1;
    if (userId === "*") return entries.clear();
    for (const [tokenHash, entry] of entries) if (entry.userId === userId) entries.delete(tokenHash);
  };

  const start = () => {
    listening = database.listen(SESSION_CHANGES_CHANNEL, onChange, {
      onLost: () => {
        live = false;
        clear();
        releaseBarriers();
      },
      onRestored: () => {
        clear();
        live = true;
      },
    });
    listening.then(
      () => {
        live = !closed;
      },
      (error) => {
        // Asked again at the next request; meanwhile every request asks the database.
        log.warn({ err: error }, "sessions: could not listen for changes; looking every session up");
        listening = null;
      },
    );
  };

  return {
    get(tokenHash) {
      if (!listening && !closed) start();
      if (!live) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (Date.now() - entry.storedAt > MAX_AGE_MS) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.value;
    },
    ticket: () => generation,
    set(ticket, tokenHash, userId, value) {
      if (!live || ticket !== generation) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { value, userId, storedAt: Date.now() });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
    clear,
    async heard() {
      // Nothing remembered, nothing to hear; on PGlite the notice comes with the query itself.
      if (!live || entries.size === 0) return;
      const name = `heard:${process.pid}:${++barrierCount}`;
      const heard = new Promise<void>((resolve) => barriers.set(name, resolve));
      await database.db.execute(sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${name})`);
      await heard;
    },
    async close() {
      closed = true;
      live = false;
      clear();
      releaseBarriers();
      const current = listening;
      listening = null;
      if (current) await (await current.catch(() => null))?.();
    },
  };
}
