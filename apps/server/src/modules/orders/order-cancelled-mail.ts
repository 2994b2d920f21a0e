import type { Language } from "@kantien/domain/language";
import { formatRand } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Tx } from "../../db/client";
import { type MailConfig, mailRecipient, renderEmail } from "../../mail/letter";
import { enqueueEmail } from "../../mail/outbox";

/** "Vrydag 28 November 2026" / "Friday 28 November 2026": the day the food was for. */
export function longDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-ZA" : "af-ZA", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * Mails the customer whose order the canteen cancelled: which order, for which day, why, and
 * what came back into their wallet (or that no money moved), in their language. In the
 * cancel's transaction, so the mail exists only if the cancel does.
 */
export async function mailOrderCancelled(
  tx: Tx,
  { config }: MailConfig,
  { orderId, reason, refunded }: { orderId: string; reason: string | null; refunded: string | null },
): Promise<void> {
  const [order] = await queryRows(
    tx,
    sql`select o.user_id as "userId", o.pickup_number as "pickupNumber", o.delivery_date::text as "deliveryDate",
               o.food_item_quantity as quantity, f.name as "itemName"
        from orders o join food_items f on f.id = o.food_item_id
        where o.id = ${orderId}`,
    z.object({
      userId: z.string(),
      pickupNumber: z.number().int(),
      deliveryDate: z.string().nullable(),
      quantity: z.number().int(),
      itemName: z.string(),
    }),
  );
  if (!order) return;
  const recipient = await mailRecipient(tx, order.userId);
  if (!recipient) return;
  const label = `#${orderLabel(order)}`;
  const what = `${order.itemName} × ${order.quantity}`;
  const canteen = config.canteenName;
  // The sentence adds its own full stop.
  const why = reason?.replace(/[.!?\s]+$/u, "") || null;
  const copy =
    recipient.language === "en"
      ? {
          subject: `${canteen} cancelled your order ${label}`,
          greeting: "Hello",
          body: [
            `${canteen} cancelled your order ${label}: ${what}${order.deliveryDate ? ` for ${longDate(order.deliveryDate, "en")}` : ""}.`,
            `Reason: ${why ?? "none given"}.`,
            refunded
              ? `${formatRand(refunded)} is back in your wallet.`
              : "The order was not paid, so no money moved.",
          ].join(" "),
          button: "See your orders",
          note: "If you have a question about this, please ask the canteen.",
        }
      : {
          subject: `${canteen} het jou bestelling ${label} gekanselleer`,
          greeting: "Hallo",
          body: [
            `${canteen} het jou bestelling ${label} gekanselleer: ${what}${order.deliveryDate ? ` vir ${longDate(order.deliveryDate, "af")}` : ""}.`,
            `Rede: ${why ?? "geen rede gegee nie"}.`,
            refunded
              ? `${formatRand(refunded)} is terug in jou beursie.`
              : "Die bestelling was nie betaal nie, dus is geen geld terugbetaal nie.",
          ].join(" "),
          button: "Sien jou bestellings",
          note: "As jy 'n vraag hieroor het, vra asseblief die kantien.",
        };
  await enqueueEmail(
    tx,
    renderEmail(recipient.email, recipient.firstName, copy, `${config.publicUrl}/my/orders`),
  );
}
