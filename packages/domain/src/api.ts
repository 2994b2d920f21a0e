import { z } from "zod";
import { ORDER_STATUSES } from "./order-status";

/**
 * The envelope of every JSON answer (`{success: true, data}` or `{success: false, message, code}`), as zod schemas. The server declares each
 * route's answer with them, so its serializer checks what leaves and drops what the schema
 * lacks, and the OpenAPI document is built from the same schemas (decision 0016).
 */

/** Every refusal: `{ success: false, message, code }`, with field details on validation errors. */
export const apiError = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: "ApiError" });
export type ApiError = z.infer<typeof apiError>;

/** The error answers every route may give, as a route's `response` declares them. */
export const errorAnswers = { "4xx": apiError, "5xx": apiError } as const;

/** A route's `response`: its answer (200; a schema, or one per content type) and the error envelope. */
export const answers = <T>(ok: T) => ({ 200: ok, ...errorAnswers });
/** A route's `response` when it creates: its answer (201) and the error envelope. */
export const createdAnswers = <T>(created: T) => ({ 201: created, ...errorAnswers });

/** `{ success: true, message }`: an action done, said in the caller's language. */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });

/** `{ success: true, data }`. */
export function dataAnswer<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{ success: true, data: rows, total }`: one page of a list and how many rows match. */
export function pageAnswer<T extends z.ZodType>(row: T) {
  return z.object({ success: z.literal(true), data: z.array(row), total: z.number().int() });
}

/** A moment as the API writes it: an ISO 8601 string in UTC. */
export const timestamp = z.string();
/** A calendar date, YYYY-MM-DD. */
export const isoDateText = z.string();
/** Rand as a decimal string, e.g. "45.00" (never a float). */
export const randText = z.string();

/** `GET /api/health/live`: the process answers (it asks the database nothing). */
export const liveAnswer = dataAnswer(z.object({ status: z.literal("live") }));

/** `GET /api/health/ready`: the database answers and has every migration this process knows. */
export const readyAnswer = dataAnswer(
  z.object({
    status: z.literal("ready"),
    database: z.enum(["pglite", "postgres"]),
    migrations: z.number().int(),
  }),
);

/** `GET /api/config`: what the client needs before anyone signs in. */
export const clientConfigAnswer = dataAnswer(z.object({ canteenName: z.string(), timeZone: z.string() }));

/** An order status on the wire (the rules about statuses live in order-status.ts, free of zod). */
export const orderStatusSchema = z.enum(ORDER_STATUSES);
