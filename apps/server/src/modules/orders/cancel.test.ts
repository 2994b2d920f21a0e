import { message } from "@kantien/domain/messages";
import { formatRand } from "@kantien/domain/money";
import type { MyOrder } from "@kantien/domain/my";
import { orderLabel } from "@kantien/domain/order-label";
import type { OrderDetail } from "@kantien/domain/orders-summary";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { emailOutbox, orderStatusChanges, orders, userSettings } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/** A menu week in the future: its Friday item is ordered for that Friday. */
const MONDAY = "2031-03-03";
const FRIDAY = "2031-03-07";

const it = appTest();

describe("the canteen cancels an order, with a reason, and says what happens to the money", () => {
  let admin: TestUser;
  let asAdmin: string;
  let asKitchen: string;
  let item: { id: string };

  it.beforeAll(async ({ app, db }) => {
    admin = await createUser(db, { roleId: 4 });
    asAdmin = await signIn(app, admin);
    asKitchen = await signIn(app, await createUser(db, { roleId: 3 }));
    const menu = await createWeeklyMenu(db, { dateFrom: MONDAY });
    item = await createFoodItem(db, {
      weeklyMenuId: menu.id,
      dayOfWeek: "Vrydag",
      name: "Bobotie",
      price: "22.50",
    });
  });

  /** A customer, in `language`, with R100 in the wallet. */
  const customer = async (db: Db, language: "af" | "en" = "af") => {
    const user = await createUser(db, { roleId: 1 });
    await db.update(userSettings).set({ language }).where(eq(userSettings.userId, user.id));
    await db.transaction((tx) =>
      moveWalletMoney(tx, {
        userId: user.id,
        amount: "100.00",
        kind: "top_up",
        createdBy: admin.id,
        at: new Date(),
      }),
    );
    return user;
  };
  /** Two portions for Friday, paid from the customer's wallet (R45). */
  const paidOrder = async (app: App, customerId: string) => {
    const res = await request(app, "POST", "/api/orders", {
      cookie: asAdmin,
      body: { customerId, foodItemId: item.id, deliveryDate: FRIDAY, quantity: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as { order: OrderDetail }).order.id;
  };
  const cancel = (app: App, id: string, body: Record<string, unknown>, cookie = asAdmin) =>
    request(app, "PATCH", `/api/orders/${id}/status`, { cookie, body: { status: "cancelled", ...body } });
  const balance = async (db: Db, userId: string) =>
    (
      await queryRows(
        db,
        sql`select balance::text as balance from wallets where user_id = ${userId}`,
        z.object({ balance: z.string() }),
      )
    )[0]?.balance;
  const orderRow = async (db: Db, id: string) =>
    (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsTo = (db: Db, to: string) =>
    db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
  const myOrder = async (app: App, db: Db, userId: string, id: string) => {
    const res = await request(app, "GET", `/api/my/orders/${id}`, {
      cookie: await sessionCookieFor(db, userId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MyOrder;
  };

  it("refunds a paid order, says how much, keeps the reason and mails the customer", async ({ app, db }) => {
    const jan = await customer(db);
    const id = await paidOrder(app, jan.id);
    expect(await balance(db, jan.id)).toBe("55.00");
    expect((await myOrder(app, db, jan.id, id)).paidFromWallet).toBe(true);

    const res = await cancel(app, id, { reason: "  Die kos is op.  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: "cancelled", refunded: "45.00" });
    expect(await balance(db, jan.id)).toBe("100.00");
    const [change] = await db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, id))
      .orderBy(desc(orderStatusChanges.id))
      .limit(1);
    expect(change).toMatchObject({ toStatus: "cancelled", changedBy: admin.id, reason: "Die kos is op." });

    // The orders screen's timeline keeps it.
    const detail = (await request(app, "GET", `/api/orders/${id}`, { cookie: asAdmin })).json()
      .data as OrderDetail;
    expect(detail.timeline.at(-1)).toMatchObject({ status: "cancelled", reason: "Die kos is op." });

    // The customer sees who cancelled, why, and what came back.
    expect(await myOrder(app, db, jan.id, id)).toMatchObject({
      status: "cancelled",
      paidFromWallet: false,
      cancellation: { by: "canteen", reason: "Die kos is op.", refunded: "45.00" },
    });

    // And reads it in a mail, in Afrikaans: the order, its day, the reason and the money.
    const [mail] = await mailsTo(db, jan.email);
    expect(mail?.subject).toBe(
      `Kantien het jou bestelling #${orderLabel(await orderRow(db, id))} gekanselleer`,
    );
    expect(mail?.textBody).toContain("Bobotie × 2 vir Vrydag 7 Maart 2031");
    expect(mail?.textBody).toContain("Rede: Die kos is op.");
    expect(mail?.textBody).toContain(`${formatRand("45.00")} is terug in jou beursie.`);
    expect(mail?.textBody).toContain("/my/orders");
  });

  it("moves no money for an order that was never paid, and says so, in the customer's language", async ({
    app,
    db,
  }) => {
    const mary = await customer(db, "en");
    const { id } = await createOrder(db, { userId: mary.id, foodItemId: item.id, deliveryDate: FRIDAY });
    const res = await cancel(app, id, { reason: "Kitchen closed for a sports day" }, asKitchen);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "cancelled", refunded: null });
    expect(await balance(db, mary.id)).toBe("100.00");
    expect((await myOrder(app, db, mary.id, id)).cancellation).toEqual({
      by: "canteen",
      reason: "Kitchen closed for a sports day",
      refunded: null,
    });
    const [mail] = await mailsTo(db, mary.email);
    expect(mail?.subject).toBe(`Kantien cancelled your order #${orderLabel(await orderRow(db, id))}`);
    expect(mail?.textBody).toContain("for Friday, 7 March 2031");
    expect(mail?.textBody).toContain("Reason: Kitchen closed for a sports day.");
    expect(mail?.textBody).toContain("The order was not paid, so no money moved.");
  });

  it("refuses a canteen's cancel without a fitting reason, and then changes nothing", async ({ app, db }) => {
    const piet = await customer(db);
    const id = await paidOrder(app, piet.id);
    const refusal = {
      success: false,
      code: "validation_failed",
      details: [{ field: "reason", message: message("cancel_reason_invalid") }],
    };
    for (const body of [{}, { reason: "" }, { reason: "  x " }, { reason: "a".repeat(201) }]) {
      const res = await cancel(app, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(refusal);
    }
    const notText = await cancel(app, id, { reason: 12 });
    expect([notText.statusCode, notText.json().details[0].field]).toEqual([400, "reason"]);
    // A reason belongs to a cancel only.
    const begin = await request(app, "PATCH", `/api/orders/${id}/status`, {
      cookie: asKitchen,
      body: { status: "processing", reason: "Die kos is op" },
    });
    expect(begin.statusCode).toBe(400);
    expect(begin.json()).toMatchObject(refusal);

    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe("paid");
    expect(await balance(db, piet.id)).toBe("55.00");
    expect(await mailsTo(db, piet.email)).toEqual([]);
  });
});
