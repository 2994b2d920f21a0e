import {
  checkFoodItemRequired,
  clientInput,
  clientUpdateInput,
  foodItemInput,
  foodItemUpdateInput,
  kantienStaffInput,
  kantienStaffUpdateInput,
  orderBatchStatusInput,
  orderStatusInput,
  type ResourceName,
  userInput,
  userUpdateInput,
  weeklyMenuInput,
  weeklyMenuUpdateInput,
} from "@kantien/domain/admin-data";
import { type IsoDate, isIsoDate } from "@kantien/domain/dates";
import type { ErrorCode } from "@kantien/domain/messages";
import type { OrderStatus } from "@kantien/domain/order-status";
import { isAdminRole, isCustomerRole, isStaffRole } from "@kantien/domain/roles";
import { validateWeeklyMenuDates } from "@kantien/domain/weekly-menu";
import { and, eq, getTableColumns, isNull, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import {
  clients,
  foodItems,
  kantienStaff,
  orderBatches,
  orders,
  roles,
  users,
  wallets,
  weeklyMenus,
} from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { createAccount } from "../auth/accounts";
import { type Actor, changeOrderStatus } from "../orders/service";
import { assertAdminRemains } from "../staff/admins";

export type Verb = "list" | "get" | "create" | "update" | "delete";
export type WriteVerb = Exclude<Verb, "list" | "get">;
/** staff: roles 3 and 4; admin: role 4 only (DESIGN §6). A verb left out answers 405. */
export type Who = "staff" | "admin";
export type Row = Record<string, unknown>;
/** Who writes, and today in the canteen's time zone (DESIGN §4), for rules about dates. */
export type Writer = { actor: Actor; today: IsoDate };
export type WriteContext = Writer & { tx: Tx; before: Row | null; input: Row };

type ResourceSpec = {
  table: PgTable;
  /** API name of the key column. */
  id: string;
  idSchema: z.ZodType<string | number>;
  /** API names are the SQL column names (the spec's snake_case names). */
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
  /** Record-level rules beyond `access`, run in the write's transaction. */
  check?(verb: WriteVerb, ctx: WriteContext): Promise<void> | void;
  /** Turns the checked body into the values to insert. */
  prepareCreate?(input: Row, actor: Actor): Row;
  /** Replaces the plain insert; answers the new row's key. */
  create?(tx: Tx, input: Row): Promise<string>;
  /** Replaces the plain update (orders change only through the order service). */
  update?(db: Db, args: { id: string; input: Row; actor: Actor }): Promise<void>;
};

export type Resource = ResourceSpec & {
  name: ResourceName;
  /** API name → the table's Drizzle property key and column. */
  columns: Record<string, { key: string; column: PgColumn }>;
  /** What a read returns: readable columns under their API names. */
  selection: Record<string, PgColumn>;
  idColumn: PgColumn;
};

function defineResource(name: ResourceName, spec: ResourceSpec): Resource {
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

const uuid = z.uuid();
const roleNotAssignable = () => new AppError("role_not_assignable", { column: "role_id" });

async function isRemoved(tx: Tx, userId: unknown): Promise<boolean> {
  if (typeof userId !== "string") return false;
  const [row] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.deletedAt);
}

async function roleOf(tx: Tx, userId: unknown): Promise<number | null> {
  if (typeof userId !== "string") return null;
  const [row] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  return row?.roleId ?? null;
}

/**
 * Users. Staff keep customers (roles 1–2); staff records and role changes across the
 * line are the admin's. Staff accounts are made by invitation, so a new user here is a
 * customer; an existing one keeps to its side (customer 1↔2, staff 3↔4), and nobody
 * changes their own role (DESIGN §6).
 */
async function checkUser(verb: WriteVerb, { tx, actor, before, input }: WriteContext) {
  const wanted = input.role_id as number | undefined;
  if (verb === "create") {
    if (wanted !== undefined && !isCustomerRole(wanted)) throw roleNotAssignable();
    return;
  }
  const current = Number(before?.role_id);
  if (!isAdminRole(actor.roleId) && !isCustomerRole(current)) throw forbidden();
  // Removed people are anonymised history (decision 0010): nothing edits them back.
  if (await isRemoved(tx, before?.id)) throw notFound();
  if (verb === "delete") {
    if (before?.id === actor.id) throw forbidden();
    // The last admin is never removed (issue 5), here no more than on /staff.
    if (isAdminRole(current)) await assertAdminRemains(tx, String(before?.id));
    return;
  }
  if (wanted !== undefined && wanted !== current) {
    if (before?.id === actor.id || isCustomerRole(wanted) !== isCustomerRole(current)) {
      throw roleNotAssignable();
    }
    if (isAdminRole(current)) await assertAdminRemains(tx, String(before?.id));
  }
}

/** A new menu follows the seven date rules of spec §5: the rule's message, 409 for a week that exists. */
async function checkWeeklyMenu(verb: WriteVerb, { tx, input, today }: WriteContext) {
  if (verb !== "create") return;
  const dates = { dateFrom: input.date_from as string | null, dateTo: input.date_to as string | null };
  const { dateFrom, dateTo } = dates;
  const identical =
    dateFrom && dateTo && isIsoDate(dateFrom) && isIsoDate(dateTo)
      ? await tx
          .select({ dateFrom: weeklyMenus.dateFrom, dateTo: weeklyMenus.dateTo })
          .from(weeklyMenus)
          .where(and(eq(weeklyMenus.dateFrom, dateFrom), eq(weeklyMenus.dateTo, dateTo)))
      : [];
  const code = validateWeeklyMenuDates(dates, today, identical);
  if (code) throw new AppError(code);
}

/** An item already on orders is never deleted: the orders keep their item (decision 0006). */
async function checkFoodItem(verb: WriteVerb, { tx, before }: WriteContext) {
  if (verb !== "delete" || typeof before?.id !== "string") return;
  if (await isFoodItemOrdered(tx, before.id)) throw new AppError("food_item_ordered");
}

/** Whether any order refers to the item; run under the item's row lock, no order can slip in. */
export async function isFoodItemOrdered(tx: Tx, foodItemId: string): Promise<boolean> {
  const found = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.foodItemId, foodItemId))
    .limit(1);
  return found.length > 0;
}

export const RESOURCES: Record<ResourceName, Resource> = {
  user: defineResource("user", {
    table: users,
    id: "id",
    idSchema: uuid,
    readable: ["id", "first_name", "last_name", "email", "phone_number", "role_id", "account_creation_time"],
    internal: ["password_hash", "email_verified_at", "balance"],
    filters: ["id", "role_id", "email"],
    search: ["first_name", "last_name", "email", "phone_number"],
    sorts: ["first_name", "last_name", "email", "role_id", "account_creation_time"],
    defaultSort: "-account_creation_time",
    access: { list: "staff", get: "staff", create: "staff", update: "staff", delete: "admin" },
    createInput: userInput,
    updateInput: userUpdateInput,
    check: checkUser,
    // The same account as sign-up makes (wallet, settings), without a password: customers
    // made here do not sign in to the back-office.
    create: async (tx, input) => {
      const account = await createAccount(tx, {
        email: input.email as string,
        firstName: input.first_name as string,
        lastName: input.last_name as string,
        phoneNumber: input.phone_number as string | null | undefined,
        roleId: input.role_id as number,
        passwordHash: null,
      });
      return account.id;
    },
  }),

  order: defineResource("order", {
    table: orders,
    id: "id",
    idSchema: uuid,
    readable: [
      "id",
      "user_id",
      "food_item_id",
      "food_item_quantity",
      "food_item_price",
      "status",
      "created_at",
      "updated_at",
      "status_changed_at",
      "delivery_date",
      "order_batch_id",
    ],
    filters: ["id", "user_id", "food_item_id", "status", "delivery_date", "order_batch_id"],
    sorts: ["created_at", "updated_at", "status_changed_at", "delivery_date", "status"],
    defaultSort: "-created_at",
    // No create or delete here: orders are placed (and paid) elsewhere and cancelled, not deleted.
    access: { list: "staff", get: "staff", update: "staff" },
    updateInput: orderStatusInput,
    update: async (db, { id, input, actor }) => {
      await changeOrderStatus(db, { orderId: id, to: input.status as OrderStatus, actor });
    },
  }),

  order_batch: defineResource("order_batch", {
    table: orderBatches,
    id: "order_id",
    idSchema: uuid,
    readable: ["order_id", "user_id", "order_date", "total_amount", "status"],
    filters: ["order_id", "user_id", "status"],
    sorts: ["order_date", "total_amount", "status"],
    defaultSort: "-order_date",
    access: { list: "staff", get: "staff", update: "admin" },
    updateInput: orderBatchStatusInput,
  }),

  food_item: defineResource("food_item", {
    table: foodItems,
    id: "id",
    idSchema: uuid,
    readable: [
      "id",
      "name",
      "description",
      "price",
      "image_url",
      "day_of_week",
      "weekly_menu_id",
      "preparation_time",
      "retired_at",
    ],
    filters: ["id", "weekly_menu_id", "day_of_week"],
    search: ["name", "description"],
    sorts: ["name", "price", "day_of_week", "preparation_time"],
    defaultSort: "day_of_week",
    access: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
    // Replaced items already on orders are off the menu; orders still read them by id.
    listScope: isNull(foodItems.retiredAt),
    required: checkFoodItemRequired,
    createInput: foodItemInput,
    updateInput: foodItemUpdateInput,
    check: checkFoodItem,
  }),

  weekly_menu: defineResource("weekly_menu", {
    table: weeklyMenus,
    id: "id",
    idSchema: uuid,
    readable: ["id", "date_from", "date_to", "kantien_staff_id", "creation_date"],
    filters: ["id", "date_from", "date_to", "kantien_staff_id"],
    sorts: ["date_from", "date_to", "creation_date"],
    defaultSort: "date_from",
    access: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
    createInput: weeklyMenuInput,
    updateInput: weeklyMenuUpdateInput,
    // Two admins creating the same week at once both pass the check; the unique index
    // refuses the second with the check's own 409.
    check: checkWeeklyMenu,
    prepareCreate: (input, actor) => ({
      date_from: input.date_from,
      date_to: input.date_to,
      kantien_staff_id: actor.id,
    }),
  }),

  // Balances move only through the ledger (DESIGN §4), never through this API.
  wallet: defineResource("wallet", {
    table: wallets,
    id: "user_id",
    idSchema: uuid,
    readable: ["user_id", "balance"],
    filters: ["user_id"],
    sorts: ["user_id", "balance"],
    defaultSort: "user_id",
    access: { list: "staff", get: "staff" },
  }),

  client: defineResource("client", {
    table: clients,
    id: "user_id",
    idSchema: uuid,
    readable: ["user_id", "akd_number"],
    filters: ["user_id", "akd_number"],
    search: ["akd_number"],
    sorts: ["akd_number"],
    defaultSort: "akd_number",
    access: { list: "staff", get: "staff", create: "staff", update: "staff", delete: "admin" },
    createInput: clientInput,
    updateInput: clientUpdateInput,
    // Academy numbers belong to customers; staff may keep only theirs.
    check: async (_verb, { tx, actor, before, input }) => {
      const role = await roleOf(tx, before?.user_id ?? input.user_id);
      if (role !== null && !isCustomerRole(role) && !isAdminRole(actor.roleId)) throw forbidden();
    },
  }),

  role: defineResource("role", {
    table: roles,
    id: "role_id",
    idSchema: z.coerce.number().int().min(1).max(32767),
    readable: ["role_id", "role_name"],
    filters: ["role_id"],
    sorts: ["role_id", "role_name"],
    defaultSort: "role_id",
    access: { list: "staff", get: "staff" },
  }),

  kantien_staff: defineResource("kantien_staff", {
    table: kantienStaff,
    id: "id",
    idSchema: uuid,
    readable: ["id", "kantien_employee_number"],
    filters: ["id", "kantien_employee_number"],
    search: ["kantien_employee_number"],
    sorts: ["kantien_employee_number"],
    defaultSort: "kantien_employee_number",
    access: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
    createInput: kantienStaffInput,
    updateInput: kantienStaffUpdateInput,
    check: async (verb, { tx, input }) => {
      if (verb !== "create") return;
      const role = await roleOf(tx, input.id);
      if (role !== null && !isStaffRole(role)) {
        throw new AppError("validation_failed", [{ field: "id", message: "not a staff member" }]);
      }
    },
  }),
};

export function findResource(name: string): Resource | undefined {
  return Object.hasOwn(RESOURCES, name) ? RESOURCES[name as ResourceName] : undefined;
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
