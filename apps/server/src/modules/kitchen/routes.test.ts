import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { addDaysIso, dayRange, todayIn } from "@kantien/domain/dates";
import { type KitchenOrder, kitchenDayAnswer, kitchenPaymentAnswer } from "@kantien/domain/kitchen";
import { describe, expect } from "vitest";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  planOnFilledOrders,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { moveWalletMoney } from "../wallets/ledger";
import { kitchenOrdersQuery, listKitchenOrders } from "./queries";

const DAY = "2031-05-14";

/**
 * The day's answer, checked against its schema: the route writes it without that check (for
 * speed), so here every answer must parse, with no field the schema does not declare.
 */
function dayAnswer(res: { json(): unknown }) {
  const body = res.json();
  expect(kitchenDayAnswer.parse(body)).toEqual(body);
  return body as { data: { date: string; orders: KitchenOrder[] } };
}

const it = appTest();

describe("kitchen orders of a day", () => {
  let asStaff: string;
  const ids: Record<string, string> = {};

  it.beforeAll(async ({ app, db, config }) => {
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    const customer = await createUser(db, { roleId: 1 });
    const item = await createFoodItem(db, { name: "Bobotie", preparationTime: 20 });
    const order = (
      deliveryDate: string | null,
      createdAt: Date,
      status: "pending" | "cancelled" = "pending",
    ) =>
      createOrder(db, {
        userId: customer.id,
        foodItemId: item.id,
        deliveryDate,
        createdAt,
        status,
        quantity: 2,
      });
    const { start, end } = dayRange(DAY, config.timeZone);
    const minute = 60_000;
    // Ordered days ago for delivery on the day; placed on the day without a delivery date
    // (half an hour after local midnight is still the previous day in UTC).
    ids.delivered = (await order(DAY, new Date(start.getTime() - 3 * 86_400_000))).id;
    ids.placed = (await order(null, new Date(start.getTime() + 30 * minute))).id;
    ids.cancelled = (await order(DAY, new Date(start.getTime() + 60 * minute), "cancelled")).id;
    ids.tomorrow = (await order(addDaysIso(DAY, 1), new Date(start.getTime() + 90 * minute))).id;
    ids.placedBefore = (await order(null, new Date(start.getTime() - minute))).id;
    ids.placedAfter = (await order(null, end)).id;
  });

  it("answers the day's orders in every status, names joined, in compact rows", async ({ app }) => {
    const res = await request(app, "GET", `/api/kitchen/orders?date=${DAY}`, { cookie: asStaff });
    expect(res.statusCode).toBe(200);
    const { date, orders } = dayAnswer(res).data;
    expect(date).toBe(DAY);
    expect(orders.map((o) => o.id)).toEqual([ids.delivered, ids.placed, ids.cancelled]);
    // Numbered in the order they were made on their day.
    expect(orders.map((o) => o.pickupNumber)).toEqual([1, 2, 3]);
    expect(orders[1]).toEqual({
      id: ids.placed,
      pickupNumber: 2,
      status: "pending",
      quantity: 2,
      price: "45.50",
      createdAt: expect.any(String),
      statusChangedAt: expect.any(String),
      deliveryDate: null,
      customerName: "Toets Gebruiker 1",
      itemName: "Bobotie",
      preparationTime: 20,
      // The customer has no allergies.
      itemAllergens: [],
      allergyAlert: null,
    });
    expect(orders[0]?.deliveryDate).toBe(DAY);
  });

  it("sends the day compressed as the client accepts it, the same day in every encoding", async ({ app }) => {
    const url = `/api/kitchen/orders?date=${DAY}`;
    const ask = (encoding?: string) =>
      request(app, "GET", url, { cookie: asStaff, headers: encoding ? { "accept-encoding": encoding } : {} });
    // Asked at once: they share one read and its compression.
    const [plain, gzip, br, either] = await Promise.all([ask(), ask("gzip"), ask("br"), ask("gzip, br")]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(either.headers["content-encoding"]).toBe("br");
    expect(gzip.headers.vary).toContain("accept-encoding");
    const day = dayAnswer(plain).data;
    expect(kitchenDayAnswer.parse(JSON.parse(gunzipSync(gzip.rawPayload).toString())).data).toEqual(day);
    expect(kitchenDayAnswer.parse(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).data).toEqual(
      day,
    );
  });

  it("defaults to today in the canteen's time zone", async ({ app, db, config }) => {
    const today = todayIn(config.timeZone);
    const customer = await createUser(db, { roleId: 2 });
    const item = await createFoodItem(db);
    const order = await createOrder(db, { userId: customer.id, foodItemId: item.id, deliveryDate: today });
    const res = await request(app, "GET", "/api/kitchen/orders", { cookie: asStaff });
    expect(res.statusCode).toBe(200);
    expect(dayAnswer(res).data.date).toBe(today);
    expect(dayAnswer(res).data.orders.map((o) => o.id)).toContain(order.id);
  });

  it("is for signed-in staff only, and checks the date", async ({ app, db }) => {
    expect((await request(app, "GET", `/api/kitchen/orders?date=${DAY}`)).statusCode).toBe(401);
    const customer = await createUser(db, { roleId: 1 });
    const cookie = await sessionCookieFor(db, customer.id);
    expect((await request(app, "GET", `/api/kitchen/orders?date=${DAY}`, { cookie })).statusCode).toBe(403);
    for (const bad of ["2031-02-30", "14-05-2031", "today"]) {
      const res = await request(app, "GET", `/api/kitchen/orders?date=${bad}`, { cookie: asStaff });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it("says whether the wallet paid one order, for the cook's cancel", async ({ app, db }) => {
    const customer = await createUser(db, { roleId: 1 });
    const item = await createFoodItem(db);
    const paid = await createOrder(db, {
      userId: customer.id,
      foodItemId: item.id,
      deliveryDate: addDaysIso(DAY, 1),
    });
    await db.transaction(async (tx) => {
      await moveWalletMoney(tx, {
        userId: customer.id,
        amount: "100.00",
        kind: "cash",
        createdBy: null,
        at: new Date(),
      });
      await moveWalletMoney(tx, {
        userId: customer.id,
        amount: "-45.00",
        kind: "order",
        orderId: paid.id,
        createdBy: null,
        at: new Date(),
      });
    });
    const payment = async (id: string, cookie = asStaff) =>
      request(app, "GET", `/api/kitchen/orders/${id}/payment`, { cookie });
    const answer = async (id: string) => kitchenPaymentAnswer.parse((await payment(id)).json());

    expect(await answer(paid.id)).toEqual({ success: true, data: { paidFromWallet: true } });
    // Made in the database, never charged: a cancel would move no money.
    expect(await answer(ids.placed!)).toEqual({ success: true, data: { paidFromWallet: false } });
    expect((await payment("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await payment("not-an-id")).statusCode).toBe(404);
    const asCustomer = await sessionCookieFor(db, customer.id);
    expect((await payment(paid.id, asCustomer)).statusCode).toBe(403);
  });

  // The planner's choice is PostgreSQL's; PGlite runs the same SQL, its plans are not the budget.
  it.skipIf(testBackend !== "postgres")(
    "reads the day through orders_delivery_date_idx, not a scan",
    async ({ db, config }) => {
      const text = await planOnFilledOrders(db, kitchenOrdersQuery({ date: DAY, timeZone: config.timeZone }));
      expect(text).toContain("orders_delivery_date_idx");
      expect(text).not.toMatch(/Seq Scan on orders/);
      // A dish's declaration is read by its primary key, and the ledger not at all: the day's
      // cost grows with the day, not with the years.
      expect(text).toContain("food_item_allergens_food_item_id_code_pk");
      expect(text).not.toContain("wallet_transactions");
      expect((await listKitchenOrders(db, { date: DAY, timeZone: config.timeZone })).length).toBe(3);
    },
  );
});
