import { randomBytes } from "node:crypto";
import { addDaysIso, type IsoDate, type Weekday } from "@kantien/domain/dates";
import type { OrderStatus } from "@kantien/domain/order-status";
import { orderDateOf } from "@kantien/domain/orders-summary";
import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import type { App } from "../app";
import { type Db, listenerName, queryPlanRow, queryRows } from "../db/client";
import {
  foodItems,
  kantienStaff,
  orders,
  sessions,
  userSettings,
  users,
  wallets,
  weeklyMenus,
} from "../db/schema";
import { hashPassword } from "../password-hash";
import { hashToken, newToken, SESSION_COOKIE } from "../plugins/session";
import { request } from "./request";

/** Cheap Argon2id parameters for fixtures; the hash carries them, so sign-in still works. */
export const CHEAP_ARGON2 = { memoryCost: 64, timeCost: 1, parallelism: 1 };
export const TEST_PASSWORD = "geheim123";

export type TestUser = { id: string; email: string; password: string; roleId: number };

export async function createUser(
  db: Db,
  options: {
    roleId: 1 | 2 | 3 | 4 | 5;
    email?: string;
    password?: string | null;
    verified?: boolean;
    balance?: string;
  },
): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(4).toString("hex")}@toets.example`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Toets",
      lastName: `Gebruiker ${options.roleId}`,
      email,
      roleId: options.roleId,
      passwordHash: password ? await hashPassword(password, CHEAP_ARGON2) : null,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  const id = user!.id;
  await db.insert(wallets).values({ userId: id, balance: options.balance ?? "0" });
  await db.insert(userSettings).values({ userId: id });
  if (options.roleId >= 3) await db.insert(kantienStaff).values({ id });
  return { id, email, password: password ?? "", roleId: options.roleId };
}

/**
 * Signs in through the API and returns the Cookie header to send with later requests; customers
 * (roles 1 and 2) sign in through the ordering app's `/api/my/auth/login`.
 */
export async function signIn(
  app: App,
  user: { email: string; password: string },
  path: "/api/auth/login" | "/api/my/auth/login" = "/api/auth/login",
): Promise<string> {
  const response = await request(app, "POST", path, {
    body: { email: user.email, password: user.password },
  });
  const cookie = response.cookies.find((c) => c.name === "kantien_session");
  if (!cookie) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return `kantien_session=${cookie.value}`;
}

let menuWeeks = 0;

/**
 * A Monday-to-Friday menu; without `dateFrom`, each call takes the next week from 2070-01-06.
 * The count goes on from file to file in a worker (isolate: false), so it starts far beyond
 * the weeks tests choose themselves (up to 2040), which it would otherwise meet.
 */
export async function createWeeklyMenu(db: Db, options: { dateFrom?: IsoDate } = {}) {
  const dateFrom = options.dateFrom ?? addDaysIso("2070-01-06", 7 * menuWeeks++);
  const [menu] = await db
    .insert(weeklyMenus)
    .values({ dateFrom, dateTo: addDaysIso(dateFrom, 4) })
    .returning();
  return menu!;
}

/** A food item; on a new menu of its own unless `weeklyMenuId` is given. */
export async function createFoodItem(
  db: Db,
  options: {
    weeklyMenuId?: string;
    dayOfWeek?: Weekday;
    name?: string;
    price?: string;
    preparationTime?: number;
  } = {},
) {
  const weeklyMenuId = options.weeklyMenuId ?? (await createWeeklyMenu(db)).id;
  const [item] = await db
    .insert(foodItems)
    .values({
      name: options.name ?? "Macaroni en kaas",
      description: "Met 'n slaai",
      price: options.price ?? "45.50",
      dayOfWeek: options.dayOfWeek ?? "Maandag",
      weeklyMenuId,
      preparationTime: options.preparationTime ?? 15,
    })
    .returning();
  return item!;
}

export async function createOrder(
  db: Db,
  options: {
    /** A chosen id, for a test that needs to know the order's number. */
    id?: string;
    userId: string;
    foodItemId: string;
    status?: OrderStatus;
    quantity?: number;
    deliveryDate?: IsoDate | null;
    createdAt?: Date;
  },
) {
  const createdAt = options.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      ...(options.id ? { id: options.id } : {}),
      userId: options.userId,
      foodItemId: options.foodItemId,
      foodItemQuantity: options.quantity ?? 1,
      foodItemPrice: "45.50",
      status: options.status ?? "pending",
      createdAt,
      updatedAt: createdAt,
      statusChangedAt: createdAt,
      deliveryDate: options.deliveryDate ?? null,
      orderDate: orderDateOf(options.deliveryDate, createdAt, DEFAULT_TIMEZONE),
    })
    .returning();
  return order!;
}

/**
 * Opens a session for any user straight in the database, as a sign-in would, and returns
 * its Cookie header: for users the login refuses a session (roles 1 and 2), e.g. to test a guard.
 */
export async function sessionCookieFor(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    // The default idle expiry (8 hours) from `now`, the test's clock.
    expiresAt: new Date(now.getTime() + 8 * 60 * 60_000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * Fills 5,000 orders over 2030 (a third without a delivery date), analyzed, so the planner
 * has a real table to choose plans for; then returns the EXPLAIN text of `query`.
 */
export async function planOnFilledOrders(db: Db, query: SQLWrapper): Promise<string> {
  const customer = await createUser(db, { roleId: 1 });
  const item = await createFoodItem(db);
  await db.execute(sql`
    insert into orders (user_id, food_item_id, food_item_quantity, food_item_price, status, created_at, delivery_date, order_date)
    select ${customer.id}, ${item.id}, 1, 45.50, 'delivered', created_at, delivery_date,
           coalesce(delivery_date, (created_at at time zone ${DEFAULT_TIMEZONE})::date)
    from (select timestamptz '2030-01-01' + (n || ' hours')::interval as created_at,
                 case when n % 3 = 0 then null else date '2030-01-01' + (n / 24) end as delivery_date
          from generate_series(1, 5000) n) g`);
  await db.execute(sql`analyze orders`);
  const plan = await queryRows(db, sql`explain ${query}`, queryPlanRow);
  return plan.map((r) => r["QUERY PLAN"]).join("\n");
}

/** The pids of this database's idle connections that listen on `channel` (PostgreSQL only). */
export async function listenerPids(db: Db, channel: string): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`select pid from pg_stat_activity
        where datname = current_database() and state = 'idle' and application_name = ${listenerName(channel)}`,
    z.object({ pid: z.coerce.number() }),
  );
  return rows.map((row) => row.pid);
}

/**
 * Ends this database's connections that listen on `channel`, as a restarted server or a dropped
 * network would (PostgreSQL only); whether each ended.
 */
export async function terminateListeners(db: Db, channel: string): Promise<boolean[]> {
  const rows = await queryRows(
    db,
    sql`select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and application_name = ${listenerName(channel)}`,
    z.object({ done: z.boolean() }),
  );
  return rows.map((row) => row.done);
}
