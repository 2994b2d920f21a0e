import { once } from "node:events";
import { PassThrough } from "node:stream";
import { answers, createdAnswers } from "@kantien/domain/api";
import { csvLine } from "@kantien/domain/csv";
import { todayIn } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import { formatAmount } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import { ORDER_STATUS_LABELS } from "@kantien/domain/order-status";
import {
  createdOrderAnswer,
  defaultOrdersRange,
  newOrderInput,
  orderDetailAnswer,
  orderMenuDaysAnswer,
  orderStatusChangedAnswer,
  orderStatusChangeInput,
  ordersCsvAnswer,
  ordersExportInput,
  ordersFilterIsPinned,
  ordersPageAnswer,
  ordersQueryInput,
} from "@kantien/domain/orders-summary";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canteenNow, canteenToday } from "../../config";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { idParams, notFound, recordId } from "../../errors";
import { idempotent, readIdempotencyKey } from "../../idempotency";
import { requireAdmin, requireStaff, signedIn } from "../../plugins/session";
import { createWalletOrder } from "./create";
import { type ExportedOrderRow, exportOrders, listMenuDays, listOrders, orderDetail } from "./queries";
import { changeOrderStatus } from "./service";

// What each route takes and answers (decision 0016).
const listSchema = { querystring: ordersQueryInput, response: answers(ordersPageAnswer) };
const exportSchema = { querystring: ordersExportInput, response: answers(ordersCsvAnswer) };
const menuDaysSchema = { response: answers(orderMenuDaysAnswer) };
const detailSchema = { params: idParams, response: answers(orderDetailAnswer) };
const createSchema = { body: newOrderInput, response: createdAnswers(createdOrderAnswer) };
const statusSchema = {
  params: idParams,
  body: orderStatusChangeInput,
  response: answers(orderStatusChangedAnswer),
};

// The screen's words: the delivery date under its own name, then the day it was ordered.
const CSV_HEADER: Record<Language, string[]> = {
  af: ["Nommer", "Id", "Afhaaldatum", "Besteldatum", "Klant", "Gereg", "Hoeveelheid", "Bedrag (R)", "Status"],
  en: [
    "Number",
    "Id",
    "Collection date",
    "Order date",
    "Customer",
    "Item",
    "Quantity",
    "Amount (R)",
    "Status",
  ],
};

/** One order as a line in `language` (decision 0019): its status name and "42,00" or "42.00". */
function csvRow(row: ExportedOrderRow, language: Language, timeZone: string): string {
  return csvLine([
    orderLabel(row),
    row.id,
    row.deliveryDate ?? "",
    todayIn(timeZone, new Date(row.createdAt)),
    row.customerName,
    row.itemName,
    row.quantity,
    formatAmount(row.amount, language),
    ORDER_STATUS_LABELS[language][row.status],
  ]);
}

/**
 * The orders summary and orders paid from the wallet (decisions 0007 and 0008), admin only; and
 * an order's status change, the kitchen's and the admin's one door (decision 0028).
 */
export async function ordersRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const today = () => canteenToday(config);
  // Without a range: this week, or all time for one customer or one order number (decision 0015).
  const withRange = <T extends { from?: string; to?: string; q?: string; customer?: string }>(query: T) => {
    if (ordersFilterIsPinned(query) && !query.from && !query.to) return query;
    const range = defaultOrdersRange(today());
    return { ...query, from: query.from ?? range.from, to: query.to ?? range.to };
  };

  app.get("/orders", { onRequest: requireAdmin, schema: listSchema }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const { rows, total } = await listOrders(database.db, withRange(filter), { limit, offset });
    return ok(rows, { total });
  });

  app.get("/orders/export.csv", { onRequest: requireAdmin, schema: exportSchema }, async (request, reply) => {
    const { lang, ...query } = request.query;
    const filter = withRange(query);
    const language = lang ?? request.language;
    const out = new PassThrough();
    // A BOM, so spreadsheets read the names' ë and ê as UTF-8.
    out.write(`\uFEFF${csvLine(CSV_HEADER[language])}`);
    // PGlite has one connection: waiting for a slow download inside the export's
    // transaction would stall every other request, so there the rows (a year at most,
    // or one customer's, or one number's) are buffered. PostgreSQL keeps the backpressure.
    const waitForReader = database.kind === "postgres";
    let started!: () => void;
    let streaming = false;
    const firstRows = new Promise<void>((resolve) => {
      started = resolve;
    });
    const write = async (rows: ExportedOrderRow[]) => {
      started();
      if (out.destroyed) return false;
      if (!out.write(rows.map((row) => csvRow(row, language, config.timeZone)).join("")) && waitForReader) {
        await Promise.race([once(out, "drain"), once(out, "close")]);
      }
      return !out.destroyed;
    };
    const exported = exportOrders(database.db, filter, write).then(() => out.end());
    exported.catch((error) => {
      if (!streaming) return; // answered in the envelope by the error handler
      request.log.error({ err: error }, "orders export failed");
      out.destroy(error);
    });
    // A query that fails before the first rows is answered in the envelope; one that fails
    // later ends the download without its last chunk, which every client reports as an error.
    await Promise.race([firstRows, exported]);
    streaming = true;
    return reply
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="bestellings-${filter.from && filter.to ? `${filter.from}-${filter.to}` : "alle"}.csv"`,
      )
      .header("cache-control", "no-store")
      .send(out);
  });

  app.get("/orders/menu-days", { onRequest: requireAdmin, schema: menuDaysSchema }, async () =>
    ok(await listMenuDays(database.db, today())),
  );

  app.get("/orders/:id", { onRequest: requireAdmin, schema: detailSchema }, async (request) => {
    const order = await orderDetail(database.db, recordId(request.params.id));
    if (!order) throw notFound();
    return ok(order);
  });

  app.post("/orders", { onRequest: requireAdmin, schema: createSchema }, async (request, reply) => {
    const actor = { id: signedIn(request).id, roleId: signedIn(request).roleId };
    const key = readIdempotencyKey(request.headers["idempotency-key"]);
    const { statusCode, body } = await idempotent(
      database.db,
      { scope: "order", key, userId: actor.id, request: request.body, body: createdOrderAnswer },
      async (tx) => {
        const { orderId, balance } = await createWalletOrder(tx, {
          input: request.body,
          actor,
          ...canteenNow(config),
          mail: { config, log: request.log },
        });
        const order = await orderDetail(tx, orderId);
        if (!order) throw new Error("created order not found");
        return { statusCode: 201, body: ok({ order, balance }) };
      },
    );
    return reply.status(statusCode).send(body);
  });

  /**
   * The status change: the order service decides by the caller's role, the order's status and
   * its history (a kitchen step back), records it (a cancel with its reason), refunds a cancel,
   * mails the customer about it and tells the event streams.
   */
  app.patch("/orders/:id/status", { onRequest: requireStaff, schema: statusSchema }, async (request) => {
    const { order, refunded } = await changeOrderStatus(database.db, {
      orderId: recordId(request.params.id),
      to: request.body.status,
      reason: request.body.reason,
      allergensConfirmed: request.body.allergensConfirmed,
      actor: { id: signedIn(request).id, roleId: signedIn(request).roleId },
      clock: config.clock,
      mail: { config },
    });
    return ok({
      id: order.id,
      status: order.status,
      statusChangedAt: order.statusChangedAt.toISOString(),
      deliveryDate: order.deliveryDate,
      refunded,
    });
  });
}
