import { versionOfTag, versionTag } from "@kantien/domain/record-version";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { queryRows, type Tx } from "./db/client";
import { AppError, notFound } from "./errors";

/*
 * Edits that do not overwrite each other (docs/decisions/0057-edits-that-dont-overwrite-each-other.md):
 * a record two people or devices edit has a `version` column; reads answer it as the ETag, a save
 * names it in If-Match and raises it.
 */

/**
 * The version a save started from, from its `If-Match`; null when it names none (a client
 * that sends none, or the data API: the save is accepted, decision 0057). A malformed one is 400.
 */
export function expectedVersion(request: FastifyRequest): number | null {
  const header = request.headers["if-match"];
  const version = versionOfTag(Array.isArray(header) ? header.join(", ") : header);
  if (version === undefined) throw new AppError("if_match_invalid");
  return version;
}

/**
 * The route schema's part of a save that takes `If-Match` (`headers`), and of a read or save
 * that answers the `ETag` (`etag`, see plugins/openapi.ts): the OpenAPI document shows both.
 * The headers stay loose: validation puts its result in `request.headers`, and every other
 * header must stay there.
 */
export const ifMatchHeaders = z.looseObject({
  "if-match": z
    .string()
    .optional()
    .describe(
      'The version the save started from, as the read\'s ETag gave it ("7"); a newer one is 409 stale.',
    ),
});
export const versioned = { etag: true } as const;
export const versionedSave = { headers: ifMatchHeaders, etag: true } as const;

/** Answers the record's version as its `ETag`. */
export function tagVersion(reply: FastifyReply, version: number): void {
  void reply.header("etag", versionTag(version));
}

/**
 * Raises the version of the row `where` names, in the save's transaction, before it writes: every
 * save of the record does, with or without `If-Match`. The update locks the row: of two saves
 * from the same `expected` version the second waits for the first, then finds the version raised
 * and is refused, 409 `stale` with `{ current }`, the record as it now is (as the read answers
 * it); its transaction rolls back, so it changes nothing. With `expected` null any version is
 * raised. A row that is not there is 404. Answers the new version.
 */
export async function claimVersion(
  tx: Tx,
  {
    table,
    where,
    expected,
    current,
  }: {
    table: PgTable;
    where: SQL;
    expected: number | null;
    /** Needed only with an `expected` version: what the refusal answers. */
    current?: () => Promise<unknown>;
  },
): Promise<number> {
  const [claimed] = await queryRows(
    tx,
    sql`update ${table} set version = version + 1
        where ${where} ${expected === null ? sql`` : sql`and version = ${expected}`}
        returning version`,
    z.object({ version: z.number().int() }),
  );
  if (claimed) return claimed.version;
  const record = expected === null || !current ? null : await current();
  if (record === null) throw notFound();
  throw new AppError("stale", { current: record });
}
