import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";

/** How long order events are kept for streams that reconnect (decision 0043). */
export const ORDER_EVENTS_KEEP_HOURS = 24;

/** An event to send again: its sequence number and its `OrderEvent` as JSON. */
export type KeptEvent = { id: number; data: string };

/**
 * Where a stream starts: `last`, the newest committed event's number (every event up to it is
 * committed, so a stream skips live ones up to it), and what to do first.
 * `replay`: the events after the client's id, in order; `reload`: the client's id is older
 * than what is kept (or not one this database gave out), so it must refetch.
 */
export type StreamStart = { last: number } & ({ kind: "replay"; events: KeptEvent[] } | { kind: "reload" });

const startRow = z.object({
  last: z.coerce.number(),
  first: z.coerce.number().nullable(),
  id: z.coerce.number().nullable(),
  data: z.string().nullable(),
});

/**
 * Reads, in one statement (one snapshot, so a prune cannot fall between the check and the
 * replay), the counter, the oldest kept event and the events after `after`, of `userId`'s
 * orders only when given. Numbers have no gaps (a rollback gives its number back) and pruning
 * removes the oldest first, so an id is still covered when it is at least the oldest kept
 * number minus one. Without `after` (a first connection) nothing is replayed.
 */
export async function streamStart(db: Db, after: number | undefined, userId?: string): Promise<StreamStart> {
  const rows = await queryRows(
    db,
    sql`select c.last_id as last, (select min(id) from order_events) as first, e.id, e.data
        from order_event_counter c
        left join order_events e
          on ${after === undefined ? sql`false` : sql`e.id > ${after}`}
          ${userId === undefined ? sql`` : sql`and e.user_id = ${userId}`}
        order by e.id`,
    startRow,
  );
  const head = rows[0];
  if (!head) throw new Error("order_event_counter has no row");
  const { last, first } = head;
  if (after !== undefined && (after > last || after < (first ?? last + 1) - 1)) {
    return { kind: "reload", last };
  }
  const events = rows.flatMap((row) =>
    row.id === null || row.data === null ? [] : [{ id: row.id, data: row.data }],
  );
  return { kind: "replay", last, events };
}

/**
 * Drops events older than the retention, oldest first: the hourly sweep calls it with the
 * canteen's clock. Only a run of the oldest numbers goes, so the kept ones stay contiguous.
 */
export async function deleteOldOrderEvents(db: Db, now: Date) {
  await db.execute(
    sql`delete from order_events where id <= (
          select max(id) from order_events
          where created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${ORDER_EVENTS_KEEP_HOURS}))`,
  );
}
