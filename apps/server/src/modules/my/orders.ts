import { allergenDeclarationSchema } from "@kantien/domain/allergens";
import { orderStatusSchema } from "@kantien/domain/api";
import { type CanteenRules, orderCutoffAt } from "@kantien/domain/canteen";
import { type IsoDate, todayIn } from "@kantien/domain/dates";
import { type MY_ORDER_SCOPES, type MyOrder, myCancelRefusal } from "@kantien/domain/my";
import type { CancelledBy } from "@kantien/domain/order-cancel";
import { isStaffRole } from "@kantien/domain/roles";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { declarationColumn } from "../orders/allergy-match";
import { orderPaidFromWallet } from "../wallets/ledger";

/** What the rules need to say whether a day is still open. */
export type RulesAt = { rules: CanteenRules; timeZone: string; now: Date };

const myOrderRow = z.object({
  id: z.string(),
  pickupNumber: z.number().int(),
  deliveryDate: z.string().nullable(),
  createdAt: timestampColumn,
  status: orderStatusSchema,
  quantity: z.number().int(),
  unitPrice: z.string(),
  total: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemImageUrl: z.string().nullable(),
  paidFromWallet: z.boolean(),
  cancelledByCustomer: z.boolean(),
  /** The role of who cancelled: null when no account did. */
  cancelledByRole: z.number().int().nullable(),
  cancelReason: z.string().nullable(),
  refunded: z.string().nullable(),
  allergensChangedAt: timestampColumn.nullable(),
  declaration: allergenDeclarationSchema,
  checked: z.boolean(),
});
type MyOrderRow = z.infer<typeof myOrderRow>;

const myOrderColumns = sql`
  o.id, o.pickup_number as "pickupNumber", o.delivery_date::text as "deliveryDate", o.created_at as "createdAt", o.status,
  o.food_item_quantity as quantity, o.food_item_price::text as "unitPrice",
  (o.food_item_price * o.food_item_quantity)::numeric(12, 2)::text as total,
  f.id as "itemId", f.name as "itemName", f.image_url as "itemImageUrl",
  ${orderPaidFromWallet(sql`o.id`)} as "paidFromWallet",
  coalesce(c.changed_by = o.user_id, false) as "cancelledByCustomer", c.role_id as "cancelledByRole",
  c.reason as "cancelReason",
  (select r.amount::text from wallet_transactions r where r.order_id = o.id and r.kind = 'refund') as refunded,
  o.allergens_changed_at as "allergensChangedAt", ${declarationColumn(sql`o.food_item_id`)} as declaration,
  f.allergens_checked_at is not null as checked`;
/** My order with its item and, when cancelled, the cancel's history row (who, why). */
const myOrderFrom = sql`from orders o join food_items f on f.id = o.food_item_id
  left join lateral (
    select s.changed_by, s.reason, u.role_id from order_status_changes s
    left join users u on u.id = s.changed_by
    where s.order_id = o.id and s.to_status = 'cancelled' and o.status = 'cancelled'
    order by s.changed_at desc, s.id desc limit 1
  ) c on true`;

/** The customer, else the canteen's staff (or no account), else one who acts for the learner. */
function cancelledBy(byCustomer: boolean, role: number | null): CancelledBy {
  if (byCustomer) return "customer";
  return role === null || isStaffRole(role) ? "canteen" : "guardian";
}

function toMyOrder(row: MyOrderRow, at: RulesAt): MyOrder {
  const {
    itemId,
    itemName,
    itemImageUrl,
    cancelledByCustomer,
    cancelledByRole,
    cancelReason,
    refunded,
    allergensChangedAt,
    declaration,
    checked,
    ...order
  } = row;
  return {
    ...order,
    item: { id: itemId, name: itemName, imageUrl: itemImageUrl },
    cutoffAt: row.deliveryDate ? orderCutoffAt(row.deliveryDate, at.rules, at.timeZone).toISOString() : null,
    cancellable: myCancelRefusal(row, at) === null,
    cancellation:
      row.status === "cancelled"
        ? { by: cancelledBy(cancelledByCustomer, cancelledByRole), reason: cancelReason, refunded }
        : null,
    allergensChanged: allergensChangedAt ? { at: allergensChangedAt, allergens: declaration, checked } : null,
  };
}

/** One of the customer's own orders, or null (also when it is someone else's). */
export async function findMyOrder(db: Db | Tx, userId: string, orderId: string, at: RulesAt) {
  const [row] = await queryRows(
    db,
    sql`select ${myOrderColumns} ${myOrderFrom}
        where o.id = ${orderId} and o.user_id = ${userId}`,
    myOrderRow,
  );
  return row ? toMyOrder(row, at) : null;
}

/**
 * A page of the customer's orders: upcoming (today and later, soonest first) or past
 * (earlier days, and orders without a day, latest first).
 */
export async function listMyOrders(
  db: Db,
  userId: string,
  { scope, limit, offset }: { scope: (typeof MY_ORDER_SCOPES)[number]; limit: number; offset: number },
  at: RulesAt,
): Promise<{ rows: MyOrder[]; total: number }> {
  const today: IsoDate = todayIn(at.timeZone, at.now);
  const where: SQL =
    scope === "upcoming"
      ? sql`o.user_id = ${userId} and o.delivery_date >= ${today}::date`
      : sql`o.user_id = ${userId} and (o.delivery_date < ${today}::date or o.delivery_date is null)`;
  const order =
    scope === "upcoming"
      ? sql`o.delivery_date, o.created_at, o.id`
      : sql`o.delivery_date desc nulls last, o.created_at desc, o.id`;
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      sql`select ${myOrderColumns} ${myOrderFrom}
          where ${where} order by ${order} limit ${limit} offset ${offset}`,
      myOrderRow,
    ),
    queryRows(
      db,
      sql`select count(*)::int as total from orders o where ${where}`,
      z.object({ total: z.number() }),
    ),
  ]);
  return { rows: rows.map((row) => toMyOrder(row, at)), total: count?.total ?? 0 };
}
