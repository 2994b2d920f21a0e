import { MESSAGES, type MessageCode, message } from "@kantien/domain/messages";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../../errors";
import { assertWritableColumns, type RawBody, type Resource } from "./resources";

/* Body parsing of a registry resource: the data API's, and any module's route that takes a resource's body. Write errors (unique keys, missing rows) are mapped once, by the error handler (decision 0013). */

/**
 * The body as the resource's schema reads it; field messages like the route schemas' (no zod
 * English). On create, the resource's required-field rule answers first with its own message.
 */
export function parseBody<Schema extends z.ZodObject>(
  request: FastifyRequest,
  resource: Resource,
  schema: Schema | undefined,
  verb: "create" | "update",
  input: RawBody,
): z.output<Schema> {
  if (!schema) throw new AppError("method_not_allowed");
  assertWritableColumns(resource, schema, input);
  const missing = verb === "create" ? resource.required?.(input) : null;
  if (missing) throw new AppError(missing);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: i.path.join("."),
      message: message(
        i.message in MESSAGES ? (i.message as MessageCode) : "invalid_field",
        request.language,
      ),
    }));
    throw new AppError("validation_failed", details);
  }
  return parsed.data;
}
