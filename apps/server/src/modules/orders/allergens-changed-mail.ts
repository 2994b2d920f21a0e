import { declarationWords } from "@kantien/domain/allergen-texts";
import { allergenDeclarationSchema, allergyAlertSchema } from "@kantien/domain/allergens";
import { formatRand } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Tx } from "../../db/client";
import { type MailConfig, mailRecipient, renderEmail } from "../../mail/letter";
import { enqueueEmail } from "../../mail/outbox";
import { orderPaidFromWallet } from "../wallets/ledger";
import { alertWords, allergyAlerts, declarationColumn } from "./allergy-match";
import { longDate } from "./order-cancelled-mail";

const changedOrderRow = z.object({
  userId: z.string(),
  pickupNumber: z.number().int(),
  deliveryDate: z.string(),
  itemName: z.string(),
  declaration: allergenDeclarationSchema,
  checked: z.boolean(),
  alert: allergyAlertSchema,
  paid: z.boolean(),
  total: z.string(),
});

/**
 * Mails the customer of each order whose dish's allergens changed after it was ordered, giving it
 * a new allergy alert (decision 0041): the dish and its day, what now concerns them, what the dish
 * now declares, and that they may cancel until the kitchen begins, past the cut-off, with what a
 * cancel gives back. In their language, in the change's transaction.
 */
export async function mailAllergensChanged(tx: Tx, { config }: MailConfig, orderIds: string[]) {
  for (const orderId of orderIds) {
    const [order] = await queryRows(
      tx,
      sql`select o.user_id as "userId", o.pickup_number as "pickupNumber", o.delivery_date::text as "deliveryDate",
                 f.name as "itemName", ${declarationColumn(sql`o.food_item_id`)} as declaration,
                 f.allergens_checked_at is not null as checked, a.alert,
                 ${orderPaidFromWallet(sql`o.id`)} as paid,
                 (o.food_item_price * o.food_item_quantity)::numeric(12, 2)::text as total
          from orders o join food_items f on f.id = o.food_item_id
          left join (${allergyAlerts(sql`(select id, user_id, food_item_id from orders where id = ${orderId})`)}) a
            on a.order_id = o.id
          where o.id = ${orderId}`,
      changedOrderRow,
    );
    if (!order?.alert) continue;
    const recipient = await mailRecipient(tx, order.userId);
    if (!recipient) continue;
    const { language } = recipient;
    const label = `#${orderLabel(order)}`;
    const day = longDate(order.deliveryDate, language);
    const concerns = alertWords(order.alert, language);
    const declared = declarationWords(order.declaration, language);
    const copy =
      language === "en"
        ? {
            subject: `The allergens of your order ${label} changed`,
            greeting: "Hello",
            body: [
              `${config.canteenName} changed the allergens of ${order.itemName} for ${day} after you ordered it (order ${label}).`,
              `This concerns your allergies: ${concerns}.`,
              declared
                ? `The dish's allergens are now as follows. ${declared}.`
                : "The dish now declares no allergens.",
              ...(order.checked ? [] : ["Its allergens have not been checked yet."]),
              `You may cancel the order until the kitchen begins it, even after the cut-off${
                order.paid ? `, and ${formatRand(order.total)} goes back into your wallet` : ""
              }.`,
            ].join(" "),
            button: "See your orders",
            note: "If you have a question about this, please ask the canteen.",
          }
        : {
            subject: `Die allergene van jou bestelling ${label} het verander`,
            greeting: "Hallo",
            body: [
              `${config.canteenName} het die allergene van ${order.itemName} vir ${day} verander nadat jy dit bestel het (bestelling ${label}).`,
              `Dit raak jou allergieë: ${concerns}.`,
              declared
                ? `Die gereg se allergene is nou soos volg. ${declared}.`
                : "Die gereg verklaar nou geen allergene nie.",
              ...(order.checked ? [] : ["Sy allergene is nog nie nagegaan nie."]),
              `Jy kan die bestelling kanselleer totdat die kombuis daarmee begin, ook ná die sluitingstyd${
                order.paid ? `, en dan kry jy ${formatRand(order.total)} terug in jou beursie` : ""
              }.`,
            ].join(" "),
            button: "Sien jou bestellings",
            note: "As jy 'n vraag hieroor het, vra asseblief die kantien.",
          };
    await enqueueEmail(
      tx,
      renderEmail(recipient.email, recipient.firstName, copy, `${config.publicUrl}/my/orders`),
    );
  }
}
