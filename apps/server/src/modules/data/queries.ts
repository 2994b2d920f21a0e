import { isIsoDate } from "@kantien/domain/dates";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { searchPatterns } from "../../db/search-patterns";
import { AppError, notFound } from "../../errors";
import type { RawBody, Resource, RowOf, Selection, Writer } from "./resources";

/** A row of a registered resource, as the mechanism reads it. */
type DataRow = RowOf<Selection>;

/** Rows as the API answers them: with what the resource adds from other tables. */
async function present(db: Db | Tx, resource: Resource, rows: DataRow[]): Promise<DataRow[]> {
  return resource.present ? resource.present(db, rows) : rows;
}

async function presentOne(db: Db | Tx, resource: Resource, row: DataRow): Promise<DataRow> {
  return (await present(db, resource, [row]))[0] ?? row;
}

/* Plain query functions over a registry resource: every column comes from the registry. */

export type ListParams = {
  filters: Record<string, string | string[]>;
  q?: string | undefined;
  sort?: string | undefined;
  limit: number;
  offset: number;
};

function columnFor(resource: Resource, name: string, allowed: readonly string[]) {
  const entry = allowed.includes(name) ? resource.columns[name] : undefined;
  if (!entry) throw new AppError("unknown_column", { column: name });
  return entry.column;
}

function listWhere(resource: Resource, { filters, q }: ListParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = Object.entries(filters).map(([name, value]) => {
    const column = columnFor(resource, name, resource.filters);
    // A date filter is a real date in the canteen's range before SQL sees it (decision 0013).
    if (column.columnType === "PgDateString" && ![value].flat().every(isIsoDate)) {
      throw new AppError("validation_failed", [{ field: name, message: "invalid_date" }]);
    }
    return Array.isArray(value) ? inArray(column, value) : eq(column, value);
  });
  conditions.push(resource.listScope);
  const patterns = searchPatterns(q);
  if (patterns.length > 0) {
    const searchable = resource.search ?? [];
    if (searchable.length === 0) throw new AppError("unknown_column", { column: "q" });
    for (const pattern of patterns) {
      conditions.push(or(...searchable.map((name) => ilike(columnFor(resource, name, searchable), pattern))));
    }
  }
  return and(...conditions);
}

function listOrder(resource: Resource, sort: string | undefined): SQL[] {
  const spec = sort ?? resource.defaultSort;
  const descending = spec.startsWith("-");
  const column = columnFor(resource, descending ? spec.slice(1) : spec, resource.sorts);
  return [descending ? desc(column) : asc(column), asc(resource.idColumn)];
}

export async function listRows(db: Db, resource: Resource, params: ListParams) {
  const where = listWhere(resource, params);
  const orderBy = listOrder(resource, params.sort);
  const rows = await db
    .select(resource.readable)
    .from(resource.table)
    .where(where)
    .orderBy(...orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [counted] = await db.select({ total: count() }).from(resource.table).where(where);
  return { rows: await present(db, resource, rows), total: counted?.total ?? 0 };
}

export async function getRow(db: Db | Tx, resource: Resource, id: string | number): Promise<DataRow> {
  const [row] = await db.select(resource.readable).from(resource.table).where(eq(resource.idColumn, id));
  if (!row) throw notFound();
  return presentOne(db, resource, row);
}

/** API names → the table's property keys, as Drizzle's insert and update take them. */
function toValues(resource: Resource, input: RawBody): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const entry = resource.columns[name];
    if (value !== undefined && entry) values[entry.key] = value;
  }
  return values;
}

/** Locks the row for the rest of the transaction, so the checks see what the write changes. */
async function lockRow(tx: Tx, resource: Resource, id: string | number): Promise<DataRow> {
  const [row] = await tx
    .select(resource.readable)
    .from(resource.table)
    .where(eq(resource.idColumn, id))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/** Creates through the resource's module, or as a plain insert after the resource's checks. */
export async function createRow(
  db: Db,
  resource: Resource,
  input: RawBody,
  writer: Writer,
): Promise<DataRow> {
  const { create } = resource;
  if (create) return getRow(db, resource, await create(db, { input, writer }));
  return db.transaction(async (tx) => {
    await resource.check?.({ ...writer, tx, verb: "create", before: null, input });
    const values = resource.prepareCreate ? resource.prepareCreate(input, writer.actor) : input;
    // The registry names its columns at run time; Drizzle's insert types know them at compile time.
    const [row] = await tx
      .insert(resource.table)
      .values(toValues(resource, values) as never)
      .returning(resource.readable);
    if (!row) throw notFound();
    return presentOne(tx, resource, row);
  });
}

export async function updateRow(
  db: Db,
  resource: Resource,
  id: string | number,
  input: RawBody,
  writer: Writer,
): Promise<DataRow> {
  if (resource.update) {
    await resource.update(db, { id, input, writer });
    return getRow(db, resource, id);
  }
  const values = toValues(resource, input);
  return db.transaction(async (tx) => {
    const before = await lockRow(tx, resource, id);
    await resource.check?.({ ...writer, tx, verb: "update", before, input });
    if (Object.keys(values).length === 0) return presentOne(tx, resource, before);
    const [row] = await tx
      .update(resource.table)
      .set(values as never)
      .where(eq(resource.idColumn, id))
      .returning(resource.readable);
    return presentOne(tx, resource, row ?? before);
  });
}

/** The removed row as it was, and what the resource's module adds to the answer. */
export async function deleteRow(
  db: Db,
  resource: Resource,
  id: string | number,
  writer: Writer,
): Promise<{ row: DataRow; extra: Record<string, unknown> | undefined }> {
  if (resource.remove) {
    const row = await getRow(db, resource, id);
    return { row, extra: await resource.remove(db, { id, writer }) };
  }
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, resource, id);
    await resource.check?.({ ...writer, tx, verb: "delete", before: row });
    // As it was: what it carries from other tables may go with it.
    const removed = await presentOne(tx, resource, row);
    await tx.delete(resource.table).where(eq(resource.idColumn, id));
    return { row: removed, extra: undefined };
  });
}
