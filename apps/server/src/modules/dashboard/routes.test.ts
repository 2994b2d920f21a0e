import type { DashboardSummary } from "@kantien/domain/dashboard";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { foodItems, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createOrder, createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();

describe("dashboard", () => {
  let asAdmin: string;
  let asStaff: string;
  const ids: Record<string, string> = {};

  it.beforeAll(async ({ app, db }) => {
    const admin = await createUser(db, { roleId: 4 });
    asAdmin = await signIn(app, admin);
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes));
    const customers = [];
    for (const [i, roleId] of ([1, 2, 1] as const).entries()) {
      const customer = await createUser(db, { roleId });
      await db
        .update(users)
        .set({ accountCreationTime: at(i * 10) })
        .where(eq(users.id, customer.id));
      customers.push(customer.id);
    }
    // Removed people no longer count, nor appear as new.
    const removed = await createUser(db, { roleId: 1 });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, removed.id));
    // The admin and staff account were made "now" above; put them in the past, with Lerato the newest user.
    await db.execute(sql`update users set account_creation_time = '2025-01-01' where role_id in (3, 4)`);
    await db
      .update(users)
      .set({ firstName: "Lerato", lastName: "Mokoena", accountCreationTime: at(30) })
      .where(eq(users.id, customers[2]!));
    const bobotie = await createFoodItem(db, { name: "Bobotie" });
    const retired = await createFoodItem(db, { name: "Oud" });
    await db.update(foodItems).set({ retiredAt: new Date() }).where(eq(foodItems.id, retired.id));
    const statuses = ["pending", "pending", "processing", "delivered", "cancelled", "paid"] as const;
    for (const [i, status] of statuses.entries()) {
      const order = await createOrder(db, {
        userId: customers[i % 3]!,
        foodItemId: bobotie.id,
        status,
        quantity: 1 + (i % 2),
        createdAt: at(5 + i * 7),
        deliveryDate: "2026-01-05",
      });
      ids[status] = order.id;
    }
  });

  const get = (app: App, cookie?: string) => request(app, "GET", "/api/dashboard", { cookie });

  it("counts what the tables hold, in one aggregate; a paid order not begun is waiting too", async ({
    app,
    db,
  }) => {
    const res = await get(app, asStaff);
    expect(res.statusCode).toBe(200);
    const { counts } = res.json().data as DashboardSummary;
    const [truth] = await queryRows(
      db,
      sql`select (select count(*)::int from orders) as orders,
                 (select count(*)::int from orders where status in ('pending', 'paid')) as pending,
                 (select count(*)::int from users where role_id in (1, 2) and deleted_at is null) as customers,
                 (select count(*)::int from users where role_id in (3, 4) and deleted_at is null) as staff,
                 (select count(*)::int from weekly_menus) as menus`,
      z.record(z.string(), z.coerce.number()),
    );
    expect(counts).toEqual({
      totalOrders: 6,
      pendingOrders: 3,
      activeUsers: 3,
      staff: 2,
      menuItems: 1,
      weeklyMenus: 2,
    });
    expect([
      counts.totalOrders,
      counts.pendingOrders,
      counts.activeUsers,
      counts.staff,
      counts.weeklyMenus,
    ]).toEqual([truth!.orders, truth!.pending, truth!.customers, truth!.staff, truth!.menus]);
  });

  it("shows the latest 3 orders and the latest 2 new users, newest first", async ({ app }) => {
    const { activity } = (await get(app, asAdmin)).json().data as DashboardSummary;
    expect(activity).toHaveLength(5);
    expect(activity.map((a) => [a.type, a.status])).toEqual([
      ["order", "paid"],
      ["order", "cancelled"],
      ["user", "completed"],
      ["order", "delivered"],
      ["user", "completed"],
    ]);
    expect(activity[0]).toEqual({
      id: ids.paid,
      type: "order",
      title: "Lerato Mokoena",
      description: "Bobotie × 2",
      roleId: null,
      timestamp: "2026-01-01T08:40:00.000Z",
      status: "paid",
    });
    expect(activity[2]).toMatchObject({
      type: "user",
      title: "Lerato Mokoena",
      description: "STUDENT",
      roleId: 1,
    });
    const timestamps = activity.map((a) => a.timestamp);
    expect(timestamps).toEqual([...timestamps].sort().reverse());
  });

  it("is for staff and admin only", async ({ app, db }) => {
    const customer = await createUser(db, { roleId: 1 });
    expect((await get(app, await sessionCookieFor(db, customer.id))).statusCode).toBe(403);
    expect((await get(app)).statusCode).toBe(401);
  });
});
