import { allergyAlertSchema } from "@kantien/domain/allergens";
import { orderStatusSchema } from "@kantien/domain/api";
import { orderEvent, portionsLeftEvent } from "@kantien/domain/kitchen";
import type { ErrorCode } from "@kantien/domain/messages";
import {
  canChangeOrderStatus,
  KITCHEN_PREVIOUS_STATUSES,
  type LastStatusChange,
  type OrderStatus,
} from "@kantien/domain/order-status";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { orderEventCounter, orderEvents, orderStatusChanges, orders } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MailConfig } from "../../mail/letter";
import { moveWalletMoney } from "../wallets/ledger";
import { alertWords, allergyAlerts } from "./allergy-match";
import { mailOrderCancelled } from "./order-cancelled-mail";
import { portionsLeftOf } from "./portions";

/** The NOTIFY channel that carries every order change to the event streams, across processes. */
export const ORDER_EVENTS_CHANNEL = "order_events";

/**
 * What a NOTIFY on ORDER_EVENTS_CHANNEL carries: the event's sequence number (its SSE id), the
 * event the streams send, and the order's owner, so `GET /api/my/events` can send each customer
 * their own orders only. The owner stays on the server: no stream sends it.
 */
export const orderChangeNotice = z.object({
  id: z.number().int().positive(),
  userId: z.string(),
  event: orderEvent,
  /** A capped dish's portions the change took or gave back: what is left (decision 0069). */
  portions: portionsLeftEvent.optional(),
});
export type OrderChangeNotice = z.infer<typeof orderChangeNotice>;

/**
 * What a NOTIFY on ORDER_EVENTS_CHANNEL carries when portions moved without an order: a counter
 * sale, its void, an admin's correction (decision 0071). Every menu hears what is left; it is no
 * order event (no id, not replayed: a reconnected menu reads its portions again).
 */
export const portionsNotice = z.strictObject({ portions: portionsLeftEvent });

export type Actor = { id: string; roleId: number };

/** The statuses an order takes (paid) or gives back (cancelled, failed) its portions in. */
const MOVES_PORTIONS: ReadonlySet<OrderStatus> = new Set(["paid", "cancelled", "failed"]);

/**
 * Gives back what the order was charged from the wallet, if it was and is not refunded yet,
 * and says how much (null when no money moved): the rule `cancelRefund` mirrors on screens.
 * Runs under the order's row lock, and a cancelled order never changes again, so it runs
 * once per order; the unique (order_id, kind) index of the ledger is the last guard.
 */
async function refundOrder(tx: Tx, orderId: string, actor: Actor, now: Date): Promise<string | null> {
  const [charge] = await queryRows(
    tx,
    sql`select user_id, (-amount)::text as refund from wallet_transactions c
        where c.order_id = ${orderId} and c.kind = 'order'
          and not exists (select 1 from wallet_transactions r where r.order_id = c.order_id and r.kind = 'refund')`,
    z.object({ user_id: z.string(), refund: z.string() }),
  );
  if (!charge) return null;
  await moveWalletMoney(tx, {
    userId: charge.user_id,
    amount: charge.refund,
    kind: "refund",
    orderId,
    createdBy: actor.id,
    at: now,
  });
  return charge.refund;
}

const lastChangeRow = z.object({
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  minutesAgo: z.number(),
});

/**
 * The change that brought the order into `current`, from its history: what a kitchen step
 * back needs (`isKitchenStepBack`). Minutes count to `now`, the canteen's clock, the one that
 * stamped the change. A history whose last row does not lead to the current status (an
 * order set some other way) offers no step back.
 */
async function lastStatusChange(
  tx: Tx,
  orderId: string,
  current: OrderStatus,
  now: Date,
): Promise<LastStatusChange | undefined> {
  const [last] = await queryRows(
    tx,
    sql`select from_status as "fromStatus", to_status as "toStatus",
               extract(epoch from ${now.toISOString()}::timestamptz - changed_at)::float8 / 60 as "minutesAgo"
        from order_status_changes
        where order_id = ${orderId}
        order by changed_at desc, id desc
        limit 1`,
    lastChangeRow,
  );
  if (!last || last.toStatus !== current) return undefined;
  return { from: last.fromStatus, minutesAgo: last.minutesAgo };
}

/**
 * Moves an order to `to` if the actor's role allows it from the order's current status, or
 * as a kitchen step back from its last recorded change (undo, recall).
 * The row lock makes concurrent changes queue: the second one sees the first one's status.
 * `ownerId` limits it to that customer's orders (any other is not found); `refusal` adds a
 * rule, checked on the locked row (so at the moment the change is decided).
 * A cancel keeps the canteen's `reason`, refunds what the wallet paid and, when the canteen
 * cancels a customer's order, mails the customer (decision 0037); the answer says what was
 * refunded. The NOTIFY and the mail are part of the transaction, so listeners hear, and the
 * customer reads, only committed changes.
 * An order with an allergy alert moves to Gereed the first time only with `allergensConfirmed`
 * ("Allergene nagegaan?"), which records who said yes and when (decision 0041).
 */
export async function changeOrderStatus(
  db: Db,
  {
    orderId,
    to,
    actor,
    ownerId,
    clock,
    refusal,
    reason,
    mail,
    allergensConfirmed = false,
  }: {
    orderId: string;
    to: OrderStatus;
    /** The kitchen answered "Allergene nagegaan?" with yes. */
    allergensConfirmed?: boolean;
    actor: Actor;
    /** Why the canteen cancels (checked by the route's schema); null for a customer's own cancel. */
    reason?: string;
    /** Where the canteen's cancel mail links to and whose name it carries. */
    mail?: MailConfig;
    ownerId?: string;
    /** The canteen's clock, read once the order is locked: it decides, stamps the change and times a step back. */
    clock: () => Date;
    refusal?: (
      current: { status: OrderStatus; deliveryDate: string | null; allergensChangedAt: Date | null },
      now: Date,
    ) => ErrorCode | null;
  },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: orders.status,
        deliveryDate: orders.deliveryDate,
        allergensConfirmedAt: orders.allergensConfirmedAt,
        allergensChangedAt: orders.allergensChangedAt,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), ownerId === undefined ? undefined : eq(orders.userId, ownerId)))
      .for("update");
    if (!current) throw notFound();
    const now = clock();
    const refused = refusal?.(current, now);
    if (refused) throw new AppError(refused);
    // The history matters only to a step back; forward steps and cancels skip the read.
    const stepsBack = KITCHEN_PREVIOUS_STATUSES[current.status]?.includes(to) ?? false;
    const last = stepsBack ? await lastStatusChange(tx, orderId, current.status, now) : undefined;
    if (!canChangeOrderStatus(actor.roleId, current.status, to, last)) {
      throw new AppError("status_transition_forbidden", { from: current.status, to });
    }
    // Gereed asks, once (a recall to Gereed was checked before), and so does a hand-over that
    // skipped Gereed: no alerted dish leaves the kitchen unchecked. The alert is read now, under
    // the lock, from the dish and the customer.
    const asks = (to === "ready" || to === "delivered") && current.allergensConfirmedAt === null;
    const alert = asks ? await orderAllergyAlert(tx, orderId) : null;
    if (alert && !allergensConfirmed) {
      throw new AppError("allergens_unconfirmed", { allergyAlert: alert }, (language) => ({
        allergens: alertWords(alert, language),
      }));
    }
    const confirmed = alert ? { allergensConfirmedBy: actor.id, allergensConfirmedAt: now } : {};
    const [order] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now, statusChangedAt: now, ...confirmed })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw notFound();
    await tx.insert(orderStatusChanges).values({
      orderId,
      fromStatus: current.status,
      toStatus: to,
      changedBy: actor.id,
      changedAt: order.statusChangedAt,
      reason: to === "cancelled" ? (reason ?? null) : null,
    });
    const refunded = to === "cancelled" ? await refundOrder(tx, orderId, actor, now) : null;
    if (to === "cancelled" && mail && actor.id !== order.userId) {
      await mailOrderCancelled(tx, mail, { orderId, reason: reason ?? null, refunded });
    }
    await notifyOrderChanged(tx, order);
    return { order, refunded };
  });
}

/** The order's allergy alert as the kitchen sees it (only the matching and unchecked codes), or null. */
async function orderAllergyAlert(tx: Tx, orderId: string) {
  const [row] = await queryRows(
    tx,
    sql`select alert as "allergyAlert"
        from (${allergyAlerts(sql`(select id, user_id, food_item_id from orders where id = ${orderId})`)}) alerts`,
    z.object({ allergyAlert: allergyAlertSchema }),
  );
  return row?.allergyAlert ?? null;
}

/** Tells every menu what is left of a capped dish, when it commits; nothing for a dish without a cap. */
export async function notifyPortionsLeft(tx: Tx, foodItemId: string) {
  const portions = await portionsLeftOf(tx, foodItemId);
  if (!portions) return;
  const notice: z.infer<typeof portionsNotice> = { portions };
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Tells every listener (the staff's `GET /api/events`, the owner's `GET /api/my/events`) that
 * an order changed or was placed, and keeps the event for streams that reconnect. Call it inside
 * the order's transaction, as its last write: the event is numbered from the one counter row,
 * whose lock the transaction then holds until it commits, so numbers are handed out in commit
 * order and a rollback leaves neither an event nor a gap; the NOTIFY goes out only when it
 * commits (docs/decisions/0043-order-events-survive-a-reconnect.md).
 * `dishChanged` says the order's dish changed (its allergens) at that moment, not its status:
 * a client reads the order again (decision 0041).
 */
export async function notifyOrderChanged(
  tx: Tx,
  order: {
    id: string;
    userId: string;
    foodItemId?: string;
    status: OrderStatus;
    statusChangedAt: Date;
    deliveryDate: string | null;
  },
  dishChanged?: { at: Date },
) {
  const event: OrderChangeNotice["event"] = {
    type: "order.changed",
    order: {
      id: order.id,
      status: order.status,
      statusChangedAt: order.statusChangedAt.toISOString(),
      deliveryDate: order.deliveryDate,
    },
    ...(dishChanged ? { dishChanged: true as const } : {}),
  };
  const [next] = await tx
    .update(orderEventCounter)
    .set({ lastId: sql`${orderEventCounter.lastId} + 1` })
    .where(eq(orderEventCounter.id, 1))
    .returning({ id: orderEventCounter.lastId });
  if (!next) throw new Error("order_event_counter has no row");
  const data = JSON.stringify(event);
  await tx
    .insert(orderEvents)
    .values({ id: next.id, userId: order.userId, data, createdAt: dishChanged?.at ?? order.statusChangedAt });
  // An order taken, cancelled or failed moves its dish's portions: every menu hears what is left.
  const portions =
    !dishChanged && order.foodItemId && MOVES_PORTIONS.has(order.status)
      ? await portionsLeftOf(tx, order.foodItemId)
      : null;
  const notice: OrderChangeNotice = {
    id: next.id,
    userId: order.userId,
    event,
    ...(portions ? { portions } : {}),
  };
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}
