import { randomUUID } from "node:crypto";
import { type IsoDate, WEEKDAYS } from "@kantien/domain/dates";
import { lineTotal, randDifference } from "@kantien/domain/money";
import { checkDeliveryDate, type NewOrder } from "@kantien/domain/orders-summary";
import { isCustomerRole } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Tx } from "../../db/client";
import { orderStatusChanges, orders } from "../../db/schema";
import { AppError } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { checkLearnerLimits } from "../guardians/limits";
import { moveWalletMoney, walletBalance } from "../wallets/ledger";
import { mailOnLowBalance } from "../wallets/low-balance-mail";
import { allowedByAllergies, dishWarningsFor } from "./allergy-match";
import { isCapped, takePortions } from "./portions";
import { type Actor, notifyOrderChanged } from "./service";

/**
 * Refuses (400 `order_customer_invalid`) anyone but a customer who orders and is not removed, and
 * share-locks them: a removal of this customer waits for the order or sale (and then keeps its
 * history), or the order waits for the removal and sees it.
 */
export async function lockOrderingCustomer(tx: Tx, customerId: string): Promise<void> {
  const [customer] = await queryRows(
    tx,
    sql`select role_id as "roleId", deleted_at is not null as deleted from users
        where id = ${customerId} for share`,
    z.object({ roleId: z.number().int(), deleted: z.boolean() }),
  );
  if (!customer || customer.deleted || !isCustomerRole(customer.roleId)) {
    throw new AppError("order_customer_invalid");
  }
}

/**
 * An order paid from the customer's wallet, taken by staff for a customer (decision 0008)
 * or by customers for themselves (decision 0021). In the caller's transaction: the rules, the debit (a conditional update:
 * two orders racing for the last rand cannot both pass), the order as paid with its
 * creation in the history, the kitchen's NOTIFY, and the low-balance mail when the debit
 * takes the balance below the canteen's threshold. A dish that holds the customer's allergies
 * is refused when it contains a severe one, and otherwise needs `allergenAcknowledged`, which
 * the order keeps, as does a dish nobody checked for a customer with any allergy (decision 0041).
 * A learner's guardians' limits and blocks are checked too (decision 0068). Any refusal writes nothing. `today` and
 * `now` come from one reading of the canteen's clock. Answers the new order's id and the
 * balance after it; each door reads back what it answers (staff the order's detail, the
 * customer their own order).
 */
export async function createWalletOrder(
  tx: Tx,
  {
    input,
    actor,
    today,
    now,
    mail,
  }: { input: NewOrder; actor: Actor; today: IsoDate; now: Date; mail: MailContext },
): Promise<{ orderId: string; balance: string }> {
  await lockOrderingCustomer(tx, input.customerId);
  // The share lock keeps the item on the menu (not replaced or retired) until we commit; a dish
  // with a cap on its portions is locked for update, so its orders take them one after the other.
  const capped = await isCapped(tx, input.foodItemId);
  const [item] = await queryRows(
    tx,
    sql`select f.price::text as price, f.day_of_week as "dayOfWeek", m.date_from::text as "menuDateFrom"
        from food_items f join weekly_menus m on m.id = f.weekly_menu_id
        where f.id = ${input.foodItemId} and f.retired_at is null
        for ${capped ? sql`update` : sql`share`} of f`,
    z.object({ price: z.string(), dayOfWeek: z.enum(WEEKDAYS), menuDateFrom: z.string() }),
  );
  if (!item) throw new AppError("order_item_unavailable");
  const dateRule = checkDeliveryDate(item, input.deliveryDate, today);
  if (dateRule) throw new AppError(dateRule);
  // An uncapped dish has nothing to count: no query on the order's hot path.
  if (capped) await takePortions(tx, { foodItemId: input.foodItemId, quantity: input.quantity });
  const total = lineTotal(item.price, input.quantity).toFixed(2);
  // What the learner's guardians allow, decided here with the order (decision 0068).
  await checkLearnerLimits(tx, {
    learnerId: input.customerId,
    purchase: { foodItemIds: [input.foodItemId], counterItemIds: [] },
    day: input.deliveryDate,
    total,
  });
  // Read here, under the item's share lock: the declaration and the allergies as they are now.
  const warnings = await dishWarningsFor(tx, { foodItemId: input.foodItemId, customerId: input.customerId });
  const verdict = allowedByAllergies(warnings, input.allergenAcknowledged);

  const orderId = randomUUID();
  const charge = await moveWalletMoney(tx, {
    userId: input.customerId,
    amount: `-${total}`,
    kind: "order",
    orderId,
    createdBy: actor.id,
    at: now,
  });
  if (charge === null) {
    const balance = await walletBalance(tx, input.customerId);
    throw new AppError("insufficient_balance", { balance, total, missing: randDifference(total, balance) });
  }
  await mailOnLowBalance(tx, mail, { userId: input.customerId, debited: total, after: charge.balanceAfter });
  const [order] = await tx
    .insert(orders)
    .values({
      id: orderId,
      userId: input.customerId,
      foodItemId: input.foodItemId,
      foodItemQuantity: input.quantity,
      foodItemPrice: item.price,
      status: "paid",
      // Kept only when there was something to understand.
      allergenAcknowledged: verdict === "confirm",
      // Stamped by the canteen's clock: the kitchen counts its minutes from these.
      createdAt: now,
      updatedAt: now,
      statusChangedAt: now,
      deliveryDate: input.deliveryDate,
      orderDate: input.deliveryDate,
    })
    .returning();
  if (!order) throw new Error("order insert returned nothing");
  await tx.insert(orderStatusChanges).values({
    orderId,
    fromStatus: null,
    toStatus: "paid",
    changedBy: actor.id,
    changedAt: order.createdAt,
  });
  await notifyOrderChanged(tx, order);
  return { orderId, balance: charge.balanceAfter };
}
