import { MESSAGES, type MessageCode, message } from "@kantien/domain/messages";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, badRequest, pgConstraint, pgErrorCode } from "../../errors";
import { assertWritableColumns, type Resource, type Row } from "./resources";

/* Body parsing and write errors of a registry resource: the data API's, and any module's route that takes a resource's body. */

/**
 * The body as the resource's schema reads it; field messages like the route schemas' (no zod
 * English). On create, the resource's required-field rule answers first with its own message.
 */
export function parseBody(
  request: FastifyRequest,
  resource: Resource,
  schema: z.ZodObject | undefined,
  verb: "create" | "update",
  input: Row = request.body as Row,
): Row {
  if (!schema) throw new AppError(405, "method_not_allowed");
  assertWritableColumns(resource, schema, input);
  const missing = verb === "create" ? resource.required?.(input) : null;
  if (missing) throw badRequest(missing);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: i.path.join("."),
      message: message(
        i.message in MESSAGES ? (i.message as MessageCode) : "invalid_field",
        request.language,
      ),
    }));
    throw badRequest("validation_failed", details);
  }
  return parsed.data as Row;
}

/** Unique keys with a message of their own; a missing referenced row is the body's fault. */
export function writeError(request: FastifyRequest, resource: Resource, error: unknown): unknown {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error);
  const known = constraint ? resource.conflicts?.[constraint] : undefined;
  if (code === "23505" && known) return new AppError(409, known);
  if (code === "23503") {
    return badRequest("validation_failed", [
      { field: constraint, message: message("invalid_field", request.language) },
    ]);
  }
  return error;
}
