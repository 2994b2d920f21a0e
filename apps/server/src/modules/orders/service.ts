import type { OrderEvent } from "@kantien/domain/kitchen";
import { canChangeOrderStatus, type OrderStatus } from "@kantien/domain/order-status";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { orderStatusChanges, orders } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { moveWalletMoney } from "../wallets/ledger";

/** The NOTIFY channel that carries every order change to `GET /api/events`, across processes. */
export const ORDER_EVENTS_CHANNEL = "order_events";

export type Actor = { id: string; roleId: number };

/**
 * Gives back what the order was charged from the wallet, if it was and is not refunded yet.
 * Runs under the order's row lock, and a cancelled order never changes again, so it runs
 * once per order; the unique (order_id, kind) index of the ledger is the last guard.
 */
async function refundOrder(tx: Tx, orderId: string, actor: Actor) {
  const [charge] = await queryRows(
    tx,
    sql`select user_id, (-amount)::text as refund from wallet_transactions c
        where c.order_id = ${orderId} and c.kind = 'order'
          and not exists (select 1 from wallet_transactions r where r.order_id = c.order_id and r.kind = 'refund')`,
    z.object({ user_id: z.string(), refund: z.string() }),
  );
  if (!charge) return;
  await moveWalletMoney(tx, {
    userId: charge.user_id,
    amount: charge.refund,
    kind: "refund",
    orderId,
    createdBy: actor.id,
  });
}

/**
 * Moves an order to `to` if the actor's role allows it from the order's current status.
 * The row lock makes concurrent changes queue: the second one sees the first one's status.
 * The NOTIFY is part of the transaction, so listeners hear only committed changes.
 */
export async function changeOrderStatus(
  db: Db,
  { orderId, to, actor }: { orderId: string; to: OrderStatus; actor: Actor },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!current) throw notFound();
    if (!canChangeOrderStatus(actor.roleId, current.status, to)) {
      throw new AppError("status_transition_forbidden", { from: current.status, to });
    }
    const [order] = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()`, statusChangedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw notFound();
    await tx.insert(orderStatusChanges).values({
      orderId,
      fromStatus: current.status,
      toStatus: to,
      changedBy: actor.id,
      changedAt: order.statusChangedAt,
    });
    if (to === "cancelled") await refundOrder(tx, orderId, actor);
    await notifyOrderChanged(tx, order);
    return order;
  });
}

/**
 * Tells every listener (the kitchen's `GET /api/events`) that an order changed or was placed.
 * Call it inside the order's transaction: the NOTIFY goes out only when it commits.
 */
export async function notifyOrderChanged(
  tx: Tx,
  order: { id: string; status: OrderStatus; statusChangedAt: Date; deliveryDate: string | null },
) {
  const event: OrderEvent = {
    type: "order.changed",
    order: {
      id: order.id,
      status: order.status,
      statusChangedAt: order.statusChangedAt.toISOString(),
      deliveryDate: order.deliveryDate,
    },
  };
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
