import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Database, RECONNECT_MAX_MS, RECONNECT_MIN_MS } from "../db/client";

/** Where the database says a signed-in user or session changed (migration 0022_session_changes). */
export const SESSION_CHANGES_CHANNEL = "kantien_session_changes";

/** How long a found session is trusted without asking again, whatever happens. */
const MAX_AGE_MS = 60_000;
/** Sessions remembered at most; the oldest go first. */
const MAX_ENTRIES = 10_000;
/** A barrier's own notice; no user id starts so. */
const BARRIER = "heard:";
const BARRIER_TIMEOUT_MS = 5_000;

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
   * Resolves once every change committed before the call has been heard here (or, not heard
   * within 5 s, once everything is forgotten): a barrier for a caller that wrote the tables
   * itself, not through this process (the API tests do).
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
  // After a failed start, the next is tried no sooner than this, backing off as a lost
  // listening connection does.
  let nextStartAt = 0;
  let startDelay = RECONNECT_MIN_MS;
  const barriers = new Map<string, () => void>();

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  // Nothing is remembered while not listening: a barrier has nothing left to wait for.
  const notLive = () => {
    live = false;
    clear();
    for (const release of barriers.values()) release();
    barriers.clear();
  };

  // Going live forgets too: a look-up made before the server listened may have missed a notice.
  const goLive = () => {
    clear();
    live = !closed;
  };

  const onChange = (userId: string) => {
    if (userId.startsWith(BARRIER)) {
      barriers.get(userId)?.();
      return;
    }
    if (userId === "*") return clear();
    generation += 1;
    for (const [tokenHash, entry] of entries) if (entry.userId === userId) entries.delete(tokenHash);
  };

  const start = () => {
    const started = database.listen(SESSION_CHANGES_CHANNEL, onChange, {
      onLost: notLive,
      onRestored: goLive,
    });
    listening = started;
    started.then(
      () => {
        startDelay = RECONNECT_MIN_MS;
        goLive();
      },
      (error) => {
        // Meanwhile every request asks the database.
        log.warn({ err: error }, "sessions: could not listen for changes; looking every session up");
        if (listening === started) listening = null;
        nextStartAt = Date.now() + startDelay;
        startDelay = Math.min(startDelay * 2, RECONNECT_MAX_MS);
      },
    );
  };

  return {
    get(tokenHash) {
      if (!listening && !closed && Date.now() >= nextStartAt) start();
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
      const name = `${BARRIER}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        barriers.set(name, () => resolve(true));
        timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
      });
      try {
        await database.db.execute(sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${name})`);
        // Not heard in time: whatever it waited for may be missed, so nothing is kept.
        if (!(await heard)) clear();
      } finally {
        clearTimeout(timer);
        barriers.delete(name);
      }
    },
    async close() {
      closed = true;
      notLive();
      const current = listening;
      listening = null;
      if (current) await (await current.catch(() => null))?.();
    },
  };
}
