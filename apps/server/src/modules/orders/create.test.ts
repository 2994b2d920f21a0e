import { addDaysIso, mondayOf, todayIn } from "@kantien/domain/dates";
import type { OrderDetail, OrderMenuDay } from "@kantien/domain/orders-summary";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { foodItems, idempotencyKeys, orderStatusChanges, orders } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";

import { moveWalletMoney } from "../wallets/ledger";

/** A menu week in the future: its Monday item is ordered for that Monday. */
const MONDAY = "2031-03-03";

const it = appTest();

describe("orders paid from the wallet", () => {
  let admin: TestUser;
  let asAdmin: string;
  let asStaff: string;
  let item: { id: string; price: string };

  it.beforeAll(async ({ app, db }) => {
    admin = await createUser(db, { roleId: 4 });
    asAdmin = await signIn(app, admin);
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    const menu = await createWeeklyMenu(db, { dateFrom: MONDAY });
    item = await createFoodItem(db, { weeklyMenuId: menu.id, name: "Bobotie", price: "45.50" });
  });

  /** A customer whose wallet was topped up through the ledger. */
  const customerWith = async (db: Db, amount: string, roleId: 1 | 2 = 1) => {
    const customer = await createUser(db, { roleId });
    if (Number(amount) > 0) {
      await db.transaction((tx) =>
        moveWalletMoney(tx, {
          userId: customer.id,
          amount,
          kind: "top_up",
          createdBy: admin.id,
          at: new Date(),
        }),
      );
    }
    return customer;
  };
  const wallet = async (db: Db, userId: string) => {
    const [row] = await queryRows(
      db,
      sql`select w.balance::text as balance,
                 (select coalesce(sum(amount), 0)::numeric(12, 2)::text from wallet_transactions where user_id = ${userId}) as ledger,
                 (select count(*)::int from wallet_transactions where user_id = ${userId}) as rows
          from wallets w where w.user_id = ${userId}`,
      z.object({ balance: z.string(), ledger: z.string(), rows: z.coerce.number() }),
    );
    return row!;
  };
  const post = (app: App, body: object, cookie = asAdmin, key?: string) =>
    request(app, "POST", "/api/orders", {
      cookie,
      body,
      headers: key ? { "idempotency-key": key } : {},
    });
  const newOrder = (customerId: string, extra: object = {}) => ({
    customerId,
    foodItemId: item.id,
    deliveryDate: MONDAY,
    quantity: 2,
    ...extra,
  });
  const cancel = (app: App, id: string, cookie = asAdmin) =>
    request(app, "PATCH", `/api/orders/${id}/status`, {
      cookie,
      body: { status: "cancelled", reason: "Op die kliënt se versoek" },
    });

  it("lists the school days from today on that have an item", async ({ app, config }) => {
    const res = await request(app, "GET", "/api/orders/menu-days", { cookie: asAdmin });
    expect(res.statusCode).toBe(200);
    const days = res.json().data as OrderMenuDay[];
    expect(days).toContainEqual({ date: MONDAY, items: [{ id: item.id, name: "Bobotie", price: "45.50" }] });
    const today = todayIn(config.timeZone);
    expect(days.every((d) => d.date >= today)).toBe(true);
  });

  it("charges the item's price × quantity, writes the ledger row and the paid order with its creation", async ({
    app,
    db,
  }) => {
    const customer = await customerWith(db, "100.00");
    // A price from the client is no part of the order: the item's price is charged.
    const res = await post(app, { ...newOrder(customer.id), price: "0.01", total: "0.02" });
    expect(res.statusCode, res.body).toBe(201);
    const { order, balance } = res.json().data as { order: OrderDetail; balance: string };
    expect(balance).toBe("9.00");
    expect(order).toMatchObject({
      customerId: customer.id,
      itemName: "Bobotie",
      quantity: 2,
      unitPrice: "45.50",
      total: "91.00",
      deliveryDate: MONDAY,
      status: "paid",
      paidFromWallet: true,
    });
    expect(order.timeline).toEqual([
      { status: "paid", at: order.createdAt, byName: "Toets Gebruiker 4", reason: null },
    ]);
    expect(await wallet(db, customer.id)).toEqual({ balance: "9.00", ledger: "9.00", rows: 2 });
    const [charge] = await queryRows(
      db,
      sql`select amount::text, kind, balance_after::text from wallet_transactions where order_id = ${order.id}`,
      z.object({ amount: z.string(), kind: z.string(), balance_after: z.string() }),
    );
    expect(charge).toEqual({ amount: "-91.00", kind: "order", balance_after: "9.00" });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "paid", orderDate: MONDAY, foodItemPrice: "45.50" });
  });

  it("refuses an order the wallet cannot pay, with a clear message, and charges nothing", async ({
    app,
    db,
  }) => {
    const customer = await customerWith(db, "50.00");
    const res = await post(app, newOrder(customer.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: "insufficient_balance",
      message: "Die klant se beursie het nie genoeg geld vir hierdie bestelling nie. Niks is afgetrek nie.",
      details: { balance: "50.00", total: "91.00" },
    });
    expect(await wallet(db, customer.id)).toEqual({ balance: "50.00", ledger: "50.00", rows: 1 });
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(0);
  });

  it("checks the customer, the item, its day and the quantity", async ({ app, db, config }) => {
    const customer = await customerWith(db, "1000.00", 2);
    const staffMember = await createUser(db, { roleId: 3 });
    const pastMenu = await createWeeklyMenu(db, {
      dateFrom: mondayOf(addDaysIso(todayIn(config.timeZone), -14)),
    });
    const pastItem = await createFoodItem(db, { weeklyMenuId: pastMenu.id, dayOfWeek: "Dinsdag" });
    const retired = await createFoodItem(db, { name: "Oud" });
    await db.update(foodItems).set({ retiredAt: new Date() }).where(eq(foodItems.id, retired.id));
    const cases: [object, number, string][] = [
      [newOrder(staffMember.id), 400, "order_customer_invalid"],
      [newOrder("00000000-0000-4000-8000-000000000000"), 400, "order_customer_invalid"],
      [newOrder(customer.id, { foodItemId: retired.id }), 409, "order_item_unavailable"],
      [newOrder(customer.id, { deliveryDate: "2031-03-04" }), 400, "order_delivery_mismatch"],
      [
        newOrder(customer.id, { foodItemId: pastItem.id, deliveryDate: addDaysIso(pastMenu.dateFrom, 1) }),
        400,
        "order_delivery_past",
      ],
      [newOrder(customer.id, { quantity: 0 }), 400, "validation_failed"],
      [newOrder(customer.id, { quantity: 21 }), 400, "validation_failed"],
      [newOrder(customer.id, { quantity: 1.5 }), 400, "validation_failed"],
      [newOrder(customer.id, { deliveryDate: "2031-02-30" }), 400, "validation_failed"],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    const quantity = await post(app, newOrder(customer.id, { quantity: 21 }));
    expect(quantity.json().details).toEqual([
      { field: "quantity", message: "Die hoeveelheid moet 'n heelgetal van 1 tot 20 wees." },
    ]);
    expect(await wallet(db, customer.id)).toEqual({ balance: "1000.00", ledger: "1000.00", rows: 1 });
    // Twenty is the most, and it is allowed.
    expect((await post(app, newOrder(customer.id, { quantity: 20 }))).statusCode).toBe(201);
  });

  it("pays exactly 3 of 50 simultaneous orders against a wallet that covers 3", async ({ app, db }) => {
    const customer = await customerWith(db, "300.00");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(app, newOrder(customer.id, { quantity: 2 }))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === "insufficient_balance"),
    ).toBe(true);
    expect(await wallet(db, customer.id)).toEqual({ balance: "27.00", ledger: "27.00", rows: 4 });
    const paid = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(paid).toHaveLength(3);
    expect(paid.every((o) => o.status === "paid")).toBe(true);
  });

  it("numbers each day's orders 1, 2, 3… without gaps or twins, also when made at once or refused", async ({
    app,
    db,
  }) => {
    const customers = await Promise.all(Array.from({ length: 12 }, () => customerWith(db, "100.00")));
    const broke = await customerWith(db, "0");
    const answers = await Promise.all([
      ...customers.map((c) => post(app, newOrder(c.id, { quantity: 1 }))),
      post(app, newOrder(broke.id)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(12).fill(201), 409]);
    const numbers = await queryRows(
      db,
      sql`select pickup_number as n from orders where order_date = ${MONDAY} order by pickup_number`,
      z.object({ n: z.number() }),
    );
    // Earlier tests ordered for this Monday too: the day counts on from them, one by one.
    expect(numbers.map((r) => r.n)).toEqual(numbers.map((_, i) => i + 1));
    const created = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json().data.order as OrderDetail);
    expect(created.every((o) => o.orderDate === MONDAY && o.pickupNumber > 0)).toBe(true);
    // Another day begins at 1.
    const [tuesday] = await queryRows(
      db,
      sql`insert into orders (user_id, food_item_id, food_item_quantity, food_item_price, delivery_date, order_date)
          values (${broke.id}, ${item.id}, 1, 45.50, '2031-03-04', '2031-03-04') returning pickup_number as n`,
      z.object({ n: z.number() }),
    );
    expect(tuesday?.n).toBe(1);
  });

  it("a removal while an order is taken either keeps the paid order under an anonymised name or refuses the order", async ({
    app,
    db,
  }) => {
    for (let round = 0; round < 10; round++) {
      const customer = await customerWith(db, "100.00");
      const [order, removal] = await Promise.all([
        post(app, newOrder(customer.id, { quantity: 1 })),
        request(app, "DELETE", `/api/customers/${customer.id}`, { cookie: asAdmin }),
      ]);
      expect(removal.statusCode, `round ${round}`).toBe(200);
      if (order.statusCode === 201) {
        // The order came first: the removal saw it and kept the history under an anonymised name.
        expect(removal.json().anonymised).toBe(true);
      } else {
        expect(order.json().code).toBe("order_customer_invalid");
        expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(0);
      }
    }
  });

  it("refunds a cancelled paid order exactly once, however often cancel is pressed", async ({ app, db }) => {
    const customer = await customerWith(db, "100.00");
    const { order } = (await post(app, newOrder(customer.id))).json().data as { order: OrderDetail };
    expect((await wallet(db, customer.id)).balance).toBe("9.00");
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(app, order.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await cancel(app, order.id, asStaff)).statusCode).toBe(409);
    expect(await wallet(db, customer.id)).toEqual({ balance: "100.00", ledger: "100.00", rows: 3 });
    const detail = (await request(app, "GET", `/api/orders/${order.id}`, { cookie: asAdmin })).json()
      .data as OrderDetail;
    expect(detail.status).toBe("cancelled");
    expect(detail.paidFromWallet).toBe(false);
    expect(detail.timeline.map((e) => e.status)).toEqual(["paid", "cancelled"]);
    // A cancelled order stays cancelled: it cannot be reopened and charged or refunded again.
    for (const status of ["pending", "processing", "paid"]) {
      const res = await request(app, "PATCH", `/api/orders/${order.id}/status`, {
        cookie: asAdmin,
        body: { status },
      });
      expect(res.statusCode, status).toBe(409);
    }
  });

  it("refunds an order the kitchen began, when staff cancel it; an unpaid order refunds nothing", async ({
    app,
    db,
  }) => {
    const customer = await customerWith(db, "100.00");
    const { order } = (await post(app, newOrder(customer.id, { quantity: 1 }))).json().data as {
      order: OrderDetail;
    };
    const put = (status: string) =>
      request(app, "PATCH", `/api/orders/${order.id}/status`, {
        cookie: asStaff,
        body: status === "cancelled" ? { status, reason: "Die kos is op" } : { status },
      });
    expect((await put("processing")).statusCode).toBe(200);
    expect((await wallet(db, customer.id)).balance).toBe("54.50");
    expect((await put("cancelled")).statusCode).toBe(200);
    expect(await wallet(db, customer.id)).toEqual({ balance: "100.00", ledger: "100.00", rows: 3 });
    const history = await db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.id));
    expect(history.map((h) => h.toStatus)).toEqual(["paid", "processing", "cancelled"]);
  });

  it("answers a retried create with the first answer and charges once, also when the retries race", async ({
    app,
    db,
  }) => {
    const customer = await customerWith(db, "200.00");
    const first = await post(app, newOrder(customer.id), asAdmin, "bestel-1");
    expect(first.statusCode).toBe(201);
    const again = await post(app, newOrder(customer.id), asAdmin, "bestel-1");
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => post(app, newOrder(customer.id), asAdmin, "bestel-2")),
    );
    expect(racing.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(racing.map((r) => r.json().data.order.id)).size).toBe(1);
    expect(await wallet(db, customer.id)).toEqual({ balance: "18.00", ledger: "18.00", rows: 3 });
    // The same key for another order is refused; a refused create keeps no key, so it can be retried.
    const reused = await post(app, newOrder(customer.id, { quantity: 1 }), asAdmin, "bestel-1");
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe("idempotency_key_reused");
    expect((await post(app, newOrder(customer.id), asAdmin, "bestel-3")).statusCode).toBe(409);
    expect(
      await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "order:bestel-1")),
    ).toHaveLength(1);
    const kept = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "order:bestel-3"));
    expect(kept).toHaveLength(0);
    expect(await wallet(db, customer.id)).toEqual({ balance: "18.00", ledger: "18.00", rows: 3 });
    expect((await post(app, newOrder(customer.id), asAdmin, "x".repeat(201))).statusCode).toBe(400);
  });

  it("refuses staff and customers each admin action, and asks strangers to sign in", async ({ app, db }) => {
    const customer = await customerWith(db, "100.00");
    const asCustomer = await sessionCookieFor(db, customer.id);
    for (const cookie of [asStaff, asCustomer]) {
      expect((await post(app, newOrder(customer.id), cookie)).statusCode).toBe(403);
    }
    const anonymous = await request(app, "POST", "/api/orders", {
      body: newOrder(customer.id),
    });
    expect(anonymous.statusCode).toBe(401);
    // Staff may cancel (the kitchen's step) but not set what only the admin may.
    const { order } = (await post(app, newOrder(customer.id, { quantity: 1 }))).json().data as {
      order: OrderDetail;
    };
    for (const status of ["pending", "delivered", "failed"]) {
      const res = await request(app, "PATCH", `/api/orders/${order.id}/status`, {
        cookie: asStaff,
        body: { status },
      });
      expect(res.statusCode, status).toBe(409);
    }
    expect(await wallet(db, customer.id)).toEqual({ balance: "54.50", ledger: "54.50", rows: 2 });
  });
});
