import type { PGlite } from "@electric-sql/pglite";
import { type Database, pgliteClient } from "../db/client";

/**
 * The PGlite databases of one test process, kept from file to file (the server project keeps
 * its modules: isolate: false). Opening a copy of the template costs about half a second of
 * CPU, most of the PGlite API tests' setup; putting a kept one back as the template left it
 * costs a few hundredths. A database comes back only when its schema is still the template's
 * (a test that renamed a table or left a trigger gives back a database that is then closed).
 * Decision 0051.
 */
const resting: Database[] = [];

/** What the template holds and how to return to it, read off the first, untouched database. */
type Template = { schema: string; reset: string };
let template: Template | undefined;

/** Tables, columns, indexes, constraints, triggers and functions of the public schema, as one hash. */
const SCHEMA_HASH = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as hash from (
    select c.relname::text || ':' || c.relkind::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    union all
    select c.relname::text || '.' || a.attname::text || ':' || a.atttypid::text || ':' || a.attnotnull::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || conname::text from pg_constraint co
      join pg_namespace n on n.oid = co.connamespace where n.nspname = 'public'
    union all
    select 'trigger ' || tgname::text from pg_trigger where not tgisinternal
    union all
    select 'function ' || p.proname::text || md5(p.prosrc) from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  ) items`;

async function schemaHash(client: PGlite): Promise<string> {
  return (await client.query<{ hash: string }>(SCHEMA_HASH)).rows[0]?.hash ?? "";
}

/**
 * The template's schema and the SQL that empties a database back to its rows and sequences
 * (PostgreSQL's `format` quotes the names and the rows).
 */
async function readTemplate(client: PGlite): Promise<Template> {
  const tables = (
    await client.query<{ name: string }>(
      "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((row) => row.name);
  const refill: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ statement: string }>(
      `select format('insert into %1$s select * from json_populate_recordset(null::%1$s, %2$L)',
                     $1::text, json_agg(t)::text) as statement
         from ${table} t having count(*) > 0`,
      [table],
    );
    refill.push(...rows.map((row) => row.statement));
  }
  const sequences = (
    await client.query<{ statement: string }>(
      `select format('alter sequence %I restart', sequencename) as statement
         from pg_sequences where schemaname = 'public' order by sequencename`,
    )
  ).rows.map((row) => row.statement);
  return {
    schema: await schemaHash(client),
    reset: [
      // What a test may leave in the session: settings and advisory locks.
      "reset all",
      "select pg_advisory_unlock_all()",
      `truncate ${tables.join(", ")} restart identity cascade`,
      ...refill,
      ...sequences,
    ].join(";\n"),
  };
}

/**
 * A database as the template left it: a kept one emptied back to the template, else a new copy
 * from `open` (the first is read, untouched, to learn what the template holds).
 */
export async function takePglite(open: () => Promise<Database>): Promise<Database> {
  const kept = resting.pop();
  if (kept && template) {
    await pgliteClient(kept).exec(template.reset);
    return kept;
  }
  const database = await open();
  template ??= await readTemplate(pgliteClient(database));
  return database;
}

/** Keeps a database its test file has finished with, or closes it when its schema changed. */
export async function giveBackPglite(database: Database): Promise<void> {
  if (template && (await schemaHash(pgliteClient(database))) === template.schema) resting.push(database);
  else await database.close();
}
