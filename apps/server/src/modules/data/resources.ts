import type { ResourceName } from "@kantien/domain/admin-data";
import type { IsoDate } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import type { ErrorCode } from "@kantien/domain/messages";
import { getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";

/*
 * The generic data API's mechanism (decision 0014): what a resource declares, and the
 * registry the app composes from the resources each feature module defines beside its
 * own rows. Nothing here knows a feature's rules; a resource's writes call its module.
 */

export type Verb = "list" | "get" | "create" | "update" | "delete";
export type WriteVerb = Exclude<Verb, "list" | "get">;
/** staff: roles 3 and 4; admin: role 4 only. A verb left out answers 405. */
export type Who = "staff" | "admin";
export type Row = Record<string, unknown>;
/** The signed-in user who writes. */
export type Actor = { id: string; roleId: number };
/**
 * Who writes, when by the canteen's clock (`clock`, and `today` in its time zone, CANTEEN_TIMEZONE) for
 * rules about dates and times, and the caller's language for an answer's message.
 */
export type Writer = { actor: Actor; today: IsoDate; clock: () => Date; language: Language };
export type WriteContext = Writer & { tx: Tx; before: Row | null; input: Row };

export type ResourceSpec = {
  table: PgTable;
  /** API name of the key column. */
  id: string;
  idSchema: z.ZodType<string | number>;
  /** API names are the SQL column names (snake_case). */
  readable: readonly string[];
  /** Columns that exist but are never read or written here; writing one is column_not_writable. */
  internal?: readonly string[];
  /** Equality filters (one value, or repeated for "any of"). Timestamps stay out: they filter badly by equality. */
  filters: readonly string[];
  /** Text columns `q` searches: every word must match one of them. */
  search?: readonly string[];
  sorts: readonly string[];
  /** `col` or `-col`; the key column is always the tie-breaker. */
  defaultSort: string;
  access: Partial<Record<Verb, Who>>;
  /** Rows a list shows; others stay readable by id (retired food items, decision 0006). */
  listScope?: SQL;
  /** Required-field rules with a message of their own, checked on create before the shape. */
  required?(body: Row): ErrorCode | null;
  createInput?: z.ZodObject;
  updateInput?: z.ZodObject;
  /**
   * Record-level rules of a plain write (the mechanism's insert, update or delete), run in
   * the write's transaction after the row is locked. A resource whose rows a module's
   * service writes gives `create`, `update` or `remove` instead.
   */
  check?(verb: WriteVerb, ctx: WriteContext): Promise<void> | void;
  /** Turns the checked body into the values of a plain insert. */
  prepareCreate?(input: Row, actor: Actor): Row;
  /** The owning module's create; answers the new row's key. */
  create?(db: Db, args: { input: Row; writer: Writer }): Promise<string | number>;
  /** The owning module's update of the row `id`. */
  update?(db: Db, args: { id: string | number; input: Row; writer: Writer }): Promise<void>;
  /** The owning module's removal of the row `id`; answers what the envelope adds to the removed row. */
  remove?(db: Db, args: { id: string | number; writer: Writer }): Promise<Row | undefined>;
};

export type Resource = ResourceSpec & {
  name: ResourceName;
  /** API name → the table's Drizzle property key and column. */
  columns: Record<string, { key: string; column: PgColumn }>;
  /** What a read returns: readable columns under their API names. */
  selection: Record<string, PgColumn>;
  idColumn: PgColumn;
};

export function defineResource(name: ResourceName, spec: ResourceSpec): Resource {
  const byName = new Map(
    Object.entries(getTableColumns(spec.table)).map(([key, c]) => [c.name, { key, column: c }]),
  );
  const column = (n: string) => {
    const found = byName.get(n);
    if (!found) throw new Error(`resource ${name}: no column ${n}`);
    return found;
  };
  const used = new Set([
    spec.id,
    ...spec.readable,
    ...spec.filters,
    ...(spec.search ?? []),
    ...spec.sorts,
    ...Object.keys(spec.createInput?.shape ?? {}),
    ...Object.keys(spec.updateInput?.shape ?? {}),
  ]);
  const columns = Object.fromEntries([...used].map((n) => [n, column(n)]));
  for (const n of [...spec.filters, ...spec.sorts, ...(spec.search ?? [])]) {
    if (!spec.readable.includes(n)) throw new Error(`resource ${name}: ${n} is not readable`);
  }
  return {
    ...spec,
    name,
    columns,
    selection: Object.fromEntries(spec.readable.map((n) => [n, column(n).column])),
    idColumn: column(spec.id).column,
  };
}

/** The resources the API serves, by name; the app composes it (app.ts). */
export type ResourceRegistry = ReadonlyMap<string, Resource>;

export function resourceRegistry(resources: readonly Resource[]): ResourceRegistry {
  const registry = new Map<string, Resource>();
  for (const resource of resources) {
    if (registry.has(resource.name)) throw new Error(`resource ${resource.name} registered twice`);
    registry.set(resource.name, resource);
  }
  return registry;
}

/**
 * Refuses a body key that is not writable for `verb`, before any validation or SQL:
 * unknown names are `unknown_column`, known ones (the key, hashes, balance) `column_not_writable`.
 */
export function assertWritableColumns(resource: Resource, schema: z.ZodObject, body: Row) {
  const writable = schema.shape;
  for (const key of Object.keys(body)) {
    if (Object.hasOwn(writable, key)) continue;
    const known = resource.readable.includes(key) || resource.internal?.includes(key);
    throw new AppError(known ? "column_not_writable" : "unknown_column", { column: key });
  }
}
