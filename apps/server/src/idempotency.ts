import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "./db/client";
import { AppError } from "./errors";

export type Answer<T> = { statusCode: number; body: T };

/** Keys are the client's: anything printable up to 200 characters. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === "") return null;
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new AppError("bad_request");
  return key;
}

/**
 * Runs `work` in one transaction, once per `Idempotency-Key` of a user and `scope` (decision 0008).
 * The key is claimed first, inside that transaction: a concurrent call with the same key
 * waits on the unique key until the first one commits, then answers the first answer.
 * Only a successful answer is kept: a call that fails rolls its claim back, so a retry
 * runs again. The same key with another request answers 409 idempotency_key_reused.
 * A kept answer is read back through `body`, the schema of what `work` answers.
 */
export async function idempotent<T>(
  db: Db,
  {
    scope,
    key: clientKey,
    userId,
    request,
    body,
  }: { scope: string; key: string | null; userId: string; request: unknown; body: z.ZodType<T> },
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const fingerprint = JSON.stringify(request);
  // Each kind of call has its own keys: the same key for an order and a top-up are two keys.
  const key = clientKey === null ? null : `${scope}:${clientKey}`;
  return db.transaction(async (tx) => {
    if (key === null) return work(tx);
    const claimed = await queryRows(
      tx,
      sql`insert into idempotency_keys (key, user_id, response)
          values (${key}, ${userId}, ${JSON.stringify({ request: fingerprint })}::jsonb)
          on conflict do nothing returning key`,
      z.object({ key: z.string() }),
    );
    if (claimed.length === 0) {
      const [kept] = await queryRows(
        tx,
        sql`select response from idempotency_keys where key = ${key} and user_id = ${userId}`,
        z.object({
          response: z.object({
            request: z.string(),
            answer: z.object({ statusCode: z.number().int(), body }).optional(),
          }),
        }),
      );
      const response = kept?.response;
      if (!response?.answer || response.request !== fingerprint) {
        throw new AppError("idempotency_key_reused");
      }
      return response.answer;
    }
    const answer = await work(tx);
    await tx.execute(
      sql`update idempotency_keys set response = ${JSON.stringify({ request: fingerprint, answer })}::jsonb
          where key = ${key} and user_id = ${userId}`,
    );
    return answer;
  });
}

/** A retry comes within minutes; a day later the key has done its work. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/** The hourly sweep: keys older than a day are deleted, so the table holds about a day of calls. */
export async function deleteOldIdempotencyKeys(db: Db) {
  await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`,
  );
}
