import { once } from "node:events";
import { PassThrough } from "node:stream";
import { answers, createdAnswers } from "@kantien/domain/api";
import { todayIn } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/messages";
import { orderLabel } from "@kantien/domain/order-label";
import {
  createdOrderAnswer,
  defaultOrdersRange,
  newOrderInput,
  type OrderSummaryRow,
  orderDetailAnswer,
  orderMenuDaysAnswer,
  ordersCsvAnswer,
  ordersFilterInput,
  ordersPageAnswer,
  ordersQueryInput,
} from "@kantien/domain/orders-summary";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app";
import { idParams, notFound, recordId } from "../../errors";
import { idempotent, readIdempotencyKey } from "../../idempotency";
import { requireAdmin } from "../../plugins/session";
import { createWalletOrder } from "./create";
import { exportOrders, listMenuDays, listOrders, orderDetail } from "./queries";

// What each route takes and answers (decision 0016).
const listSchema = { querystring: ordersQueryInput, response: answers(ordersPageAnswer) };
const exportSchema = { querystring: ordersFilterInput, response: answers(ordersCsvAnswer) };
const menuDaysSchema = { response: answers(orderMenuDaysAnswer) };
const detailSchema = { params: idParams, response: answers(orderDetailAnswer) };
const createSchema = { body: newOrderInput, response: createdAnswers(createdOrderAnswer) };

const CSV_HEADER: Record<Language, string[]> = {
  af: ["Nommer", "Id", "Besteldatum", "Kliënt", "Item", "Hoeveelheid", "Bedrag (R)", "Status"],
  en: ["Number", "Id", "Order date", "Customer", "Item", "Quantity", "Amount (R)", "Status"],
};

/**
 * One CSV cell: quoted, quotes doubled, and a text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) starts with an apostrophe instead.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

function csvLine(cells: (string | number)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function csvRow(row: OrderSummaryRow): string {
  return csvLine([
    orderLabel(row.id, "orders"),
    row.id,
    row.orderDate,
    row.customerName,
    row.itemName,
    row.quantity,
    row.amount,
    row.status,
  ]);
}

/** The orders summary and orders paid from the wallet (issue 4, decisions 0007 and 0008); admin only. */
export async function ordersRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const today = () => todayIn(config.timeZone);
  const withRange = <T extends { from?: string; to?: string }>(query: T) => {
    const range = defaultOrdersRange(today());
    return { ...query, from: query.from ?? range.from, to: query.to ?? range.to };
  };

  app.get("/orders", { preHandler: requireAdmin, schema: listSchema }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const { rows, total } = await listOrders(database.db, withRange(filter), { limit, offset });
    return { success: true as const, data: rows, total };
  });

  app.get(
    "/orders/export.csv",
    { preHandler: requireAdmin, schema: exportSchema },
    async (request, reply) => {
      const filter = withRange(request.query);
      const out = new PassThrough();
      // A BOM, so spreadsheets read the names' ë and ê as UTF-8.
      out.write(`\uFEFF${csvLine(CSV_HEADER[request.language])}`);
      // PGlite has one connection: waiting for a slow download inside the export's
      // transaction would stall every other request, so there the rows (a year at most)
      // are buffered. PostgreSQL keeps the backpressure.
      const waitForReader = database.kind === "postgres";
      const write = async (rows: OrderSummaryRow[]) => {
        if (out.destroyed) return false;
        if (!out.write(rows.map(csvRow).join("")) && waitForReader) {
          await Promise.race([once(out, "drain"), once(out, "close")]);
        }
        return !out.destroyed;
      };
      exportOrders(database.db, filter, write).then(
        () => out.end(),
        (error) => {
          request.log.error({ err: error }, "orders export failed");
          out.destroy(error);
        },
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="bestellings-${filter.from}-${filter.to}.csv"`)
        .header("cache-control", "no-store")
        .send(out);
    },
  );

  app.get("/orders/menu-days", { preHandler: requireAdmin, schema: menuDaysSchema }, async () => ({
    success: true as const,
    data: await listMenuDays(database.db, today()),
  }));

  app.get("/orders/:id", { preHandler: requireAdmin, schema: detailSchema }, async (request) => {
    const order = await orderDetail(database.db, recordId(request.params.id));
    if (!order) throw notFound();
    return { success: true as const, data: order };
  });

  app.post("/orders", { preHandler: requireAdmin, schema: createSchema }, async (request, reply) => {
    const actor = { id: request.user!.id, roleId: request.user!.roleId };
    const key = readIdempotencyKey(request.headers["idempotency-key"]);
    const { statusCode, body } = await idempotent(
      database.db,
      { scope: "order", key, userId: actor.id, request: request.body, body: createdOrderAnswer },
      async (tx) => ({
        statusCode: 201,
        body: {
          success: true as const,
          data: await createWalletOrder(tx, { input: request.body, actor, today: today() }),
        },
      }),
    );
    return reply.status(statusCode).send(body);
  });
}
