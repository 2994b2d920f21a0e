import type { ResourceName } from "@kantien/domain/admin-data";
import type { IsoDate } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import type { ErrorCode } from "@kantien/domain/messages";
import { type GetColumnData, getTableColumns, type SQL } from "drizzle-orm";
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
/** A body as the client sent it: a JSON object, nothing checked yet. */
export type RawBody = Readonly<Record<string, unknown>>;
/** What a read selects: API names (the SQL column names, snake_case) → the table's columns. */
export type Selection = Record<string, PgColumn>;
/** A row as a read answers it: each readable column's value under its API name. */
export type RowOf<Sel extends Selection> = { [K in keyof Sel]: GetColumnData<Sel[K]> };
/** The signed-in user who writes. */
export type Actor = { id: string; roleId: number };
/**
 * Who writes, when by the canteen's clock (`clock`, and `today` in its time zone, CANTEEN_TIMEZONE) for
 * rules about dates and times, and the caller's language for an answer's message.
 */
export type Writer = { actor: Actor; today: IsoDate; clock: () => Date; language: Language };
/** What a plain write's check sees, by verb: the checked body, and the locked row before the write. */
export type WriteContext<Before, Create, Update> = Writer & { tx: Tx } & (
    | { verb: "create"; input: Create; before: null }
    | { verb: "update"; input: Update; before: Before }
    | { verb: "delete"; before: Before }
  );

/**
 * One resource, typed from its schemas: `Sel` the columns a read answers, `C` and `U` the
 * domain's create and update body schemas, so a resource's own functions get the parsed body
 * (`z.output`) and the row with their real types.
 */
export type ResourceSpec<Sel extends Selection, C extends z.ZodObject, U extends z.ZodObject> = {
  table: PgTable;
  /** API name of the key column. */
  id: keyof Sel & string;
  idSchema: z.ZodType<string | number>;
  /** What a read returns; each API name is its column's SQL name. */
  readable: Sel;
  /** Columns that exist but are never read or written here; writing one is column_not_writable. */
  internal?: readonly string[];
  /** Equality filters (one value, or repeated for "any of"). Timestamps stay out: they filter badly by equality. */
  filters: readonly (keyof Sel & string)[];
  /** Text columns `q` searches: every word must match one of them. */
  search?: readonly (keyof Sel & string)[];
  sorts: readonly (keyof Sel & string)[];
  /** `col` or `-col`; the key column is always the tie-breaker. */
  defaultSort: (keyof Sel & string) | `-${keyof Sel & string}`;
  access: Partial<Record<Verb, Who>>;
  /** Rows a list shows; others stay readable by id (retired food items, decision 0006). */
  listScope?: SQL;
  /** Required-field rules with a message of their own, checked on create before the shape. */
  required?(body: RawBody): ErrorCode | null;
  createInput?: C;
  updateInput?: U;
  /**
   * Record-level rules of a plain write (the mechanism's insert, update or delete), run in
   * the write's transaction after the row is locked. A resource whose rows a module's
   * service writes gives `create`, `update` or `remove` instead.
   */
  check?(ctx: WriteContext<RowOf<Sel>, z.output<C>, z.output<U>>): Promise<void> | void;
  /**
   * What the resource's rows carry from other tables (a food item's allergens, decision 0041):
   * every answer with its rows (list, get, and the written or removed row) passes through it.
   */
  present?(db: Db | Tx, rows: RowOf<Sel>[]): Promise<Record<string, unknown>[]>;
  /** Turns the checked body into the values of a plain insert, by API name. */
  prepareCreate?(input: z.output<C>, actor: Actor): Partial<Record<keyof Sel & string, unknown>>;
  /** The owning module's create; answers the new row's key. */
  create?(db: Db, args: { input: z.output<C>; writer: Writer }): Promise<string | number>;
  /** The owning module's update of the row `id`. */
  update?(db: Db, args: { id: string | number; input: z.output<U>; writer: Writer }): Promise<void>;
  /** The owning module's removal of the row `id`; answers what the envelope adds to the removed row. */
  remove?(
    db: Db,
    args: { id: string | number; writer: Writer },
  ): Promise<Record<string, unknown> | undefined>;
};

/**
 * A registered resource. The registry holds resources of every shape; the mechanism reads
 * them through the defaults (a selection of columns, object schemas), and only
 * `defineResource` ties a resource's functions to its own schemas.
 */
export type Resource<
  Sel extends Selection = Selection,
  C extends z.ZodObject = z.ZodObject,
  U extends z.ZodObject = z.ZodObject,
> = ResourceSpec<Sel, C, U> & {
  name: ResourceName;
  /** API name → the table's Drizzle property key and column: the readable and the writable ones. */
  columns: Record<string, { key: string; column: PgColumn }>;
  idColumn: PgColumn;
};

export function defineResource<
  Sel extends Selection,
  C extends z.ZodObject = z.ZodObject,
  U extends z.ZodObject = z.ZodObject,
>(name: ResourceName, spec: ResourceSpec<Sel, C, U>): Resource<Sel, C, U> {
  const byName = new Map(
    Object.entries(getTableColumns(spec.table)).map(([key, c]) => [c.name, { key, column: c }]),
  );
  const column = (n: string) => {
    const found = byName.get(n);
    if (!found) throw new Error(`resource ${name}: no column ${n}`);
    return found;
  };
  for (const [apiName, readable] of Object.entries(spec.readable)) {
    if (column(apiName).column !== readable)
      throw new Error(`resource ${name}: ${apiName} is not its column`);
  }
  const used = new Set([
    ...Object.keys(spec.readable),
    ...Object.keys(spec.createInput?.shape ?? {}),
    ...Object.keys(spec.updateInput?.shape ?? {}),
  ]);
  const columns = Object.fromEntries([...used].map((n) => [n, column(n)]));
  return { ...spec, name, columns, idColumn: column(spec.id).column };
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
export function assertWritableColumns(resource: Resource, schema: z.ZodObject, body: RawBody) {
  const writable = schema.shape;
  for (const key of Object.keys(body)) {
    if (Object.hasOwn(writable, key)) continue;
    const known = Object.hasOwn(resource.readable, key) || resource.internal?.includes(key);
    throw new AppError(known ? "column_not_writable" : "unknown_column", { column: key });
  }
}
