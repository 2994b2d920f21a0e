import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { z } from "zod";
import type { Config } from "../config";
import { DataDirLockedError, openPglite, openPostgres, pgliteClient } from "../db/client";
import { type CanteenFigures, differences, readFigures, sideBySide } from "./figures";
import { OpsError } from "./ops-error";
import { connectPostgres, redact, refuseNonEmptyPostgres } from "./postgres-tools";

export type MoveResult = {
  embedded: CanteenFigures;
  postgres: CanteenFigures;
  differences: string[];
  report: string;
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableColumns = z.object({ table: z.string(), columns: z.array(z.string()) });
const foreignKey = z.object({ child: z.string(), parent: z.string() });
const sequenceRow = z.object({ name: z.string() });
const sequenceState = z.object({ last_value: z.coerce.string(), is_called: z.boolean() });

/**
 * `npm run db:move-to-postgres -- <DATABASE_URL>`: copies the embedded canteen in DATA_DIR
 * into an empty PostgreSQL database, row for row, with every sequence where it was, then reads
 * the figures of both and sets them side by side (docs/decisions/0045-backups.md). The server
 * must be stopped: what it wrote after the copy would stay behind in DATA_DIR.
 */
export async function moveToPostgres(config: Pick<Config, "dataDir">, url: string): Promise<MoveResult> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new OpsError("give the database as postgres://user@host:5432/name");
  if (!fs.existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION"))) {
    throw new OpsError(`${config.dataDir} holds no canteen (set DATA_DIR)`);
  }
  const target = await connectPostgres(url);
  try {
    await refuseNonEmptyPostgres(target, url);
    // The embedded canteen at the code's schema, as the server would open it.
    const source = await openPglite(config.dataDir).catch((error: unknown) => {
      if (error instanceof DataDirLockedError) {
        throw new OpsError(`stop the server first: ${error.message.split(".")[0]}`);
      }
      throw error;
    });
    try {
      // The same migrations make the same tables, columns and sequences on PostgreSQL.
      const migrated = await openPostgres(url, 1);
      await migrated.close();
      const from = pgliteClient(source);
      try {
        await copyRows(from, target);
      } catch (error) {
        throw new OpsError(
          `the copy failed, and ${redact(url)} holds part of it: drop it and create it again before the next try (${error instanceof Error ? error.message : error})`,
        );
      }
      const embedded = await readFigures(from);
      const postgres = await readFigures(target);
      return {
        embedded,
        postgres,
        differences: differences(embedded, postgres),
        report: sideBySide(
          { title: "embedded", figures: embedded },
          { title: "PostgreSQL", figures: postgres },
        ),
      };
    } finally {
      await source.close();
    }
  } finally {
    await target.end();
  }
}

/**
 * The reports' totals (migration 0019): the target's triggers make them again from the orders and
 * ledger rows as they are copied, so copying them too would count everything twice.
 */
const KEPT_BY_TRIGGERS = new Set(["sales_totals", "ledger_totals"]);

/**
 * In one transaction on the target: empties the tables the migrations filled (the roles, the
 * canteen's settings row), copies every table in the order its foreign keys need (COPY, text
 * format, which both versions read alike), then sets every sequence to where the source's stands,
 * so new ledger rows, payment references and day closes carry on from the source's numbers.
 */
async function copyRows(from: PGlite, target: pg.Client) {
  const tables = z.array(tableColumns).parse(
    (
      await from.query(`
        select c.relname as "table", array_agg(a.attname::text order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'
        group by c.relname`)
    ).rows,
  );
  const keys = z.array(foreignKey).parse(
    (
      await from.query(`
        select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c where c.contype = 'f' and c.conrelid <> c.confrelid`)
    ).rows,
  );
  const ordered = dependencyOrder(
    tables.map((t) => t.table),
    keys.map((k) => ({ child: unquote(k.child), parent: unquote(k.parent) })),
  );
  const sequences = z
    .array(sequenceRow)
    .parse(
      (await from.query("select sequencename as name from pg_sequences where schemaname = 'public'")).rows,
    );

  await target.query("begin");
  try {
    await target.query("set local datestyle = 'ISO, YMD'; set local timezone = 'UTC'");
    await from.exec("set datestyle = 'ISO, YMD'; set timezone = 'UTC'");
    await target.query(`truncate ${ordered.map(quote).join(", ")}`);
    for (const name of ordered) {
      if (KEPT_BY_TRIGGERS.has(name)) continue;
      const columns = (tables.find((t) => t.table === name)?.columns ?? []).map(quote).join(", ");
      const { blob } = await from.query(`copy ${quote(name)} (${columns}) to '/dev/blob'`);
      if (!blob || blob.size === 0) continue;
      await pipeline(
        Readable.from(Buffer.from(await blob.arrayBuffer())),
        target.query(copyFrom(`copy ${quote(name)} (${columns}) from stdin`)),
      );
    }
    for (const { name } of sequences) {
      const [state] = z
        .array(sequenceState)
        .parse((await from.query(`select last_value, is_called from ${quote(name)}`)).rows);
      if (!state) continue;
      await target.query("select setval($1::regclass, $2::bigint, $3)", [
        quote(name),
        state.last_value,
        state.is_called,
      ]);
    }
    await target.query("commit");
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  }
}

const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);

/** Parents before children; refuses a cycle of foreign keys (the schema has none). */
function dependencyOrder(tables: string[], keys: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (done.has(table)) return;
    if (visiting.has(table)) throw new Error(`the foreign keys of ${table} form a cycle`);
    visiting.add(table);
    for (const key of keys) if (key.child === table) visit(key.parent);
    visiting.delete(table);
    done.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}
