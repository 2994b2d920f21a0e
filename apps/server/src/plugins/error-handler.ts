import { type Language, MESSAGES, type MessageCode, message, pickLanguage } from "@kantien/domain/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, pgErrorCode } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language: the user's setting, else Accept-Language, else af. */
    language: Language;
  }
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: MessageCode,
  language: Language,
  details?: unknown,
) {
  return reply.status(statusCode).send({
    success: false,
    message: message(code, language),
    code,
    ...(details === undefined ? {} : { details }),
  });
}

/** One error envelope for every failure; no stack traces leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.decorateRequest("language", "af");
  app.addHook("onRequest", async (request) => {
    request.language = pickLanguage(request.headers["accept-language"]);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.language;
    if (error instanceof AppError) return sendError(reply, error.statusCode, error.code, lang, error.details);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        if (v.keyword === "unrecognized_keys") {
          const keys = (v.params as { issue?: { keys?: string[] } }).issue?.keys ?? [];
          return {
            field: [path, ...keys].filter(Boolean).join("."),
            message: message("unknown_field", lang),
          };
        }
        return { field: path, message: translateIssue(v.message, lang) };
      });
      return sendError(reply, 400, "validation_failed", lang, details);
    }
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(reply, 415, "unsupported_media_type", lang);
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, 413, "payload_too_large", lang);
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, 400, "invalid_json", lang);
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendError(reply, 400, error instanceof SyntaxError ? "invalid_json" : "bad_request", lang);
    }
    if (error.statusCode === 413) return sendError(reply, 413, "payload_too_large", lang);
    if (error.statusCode === 415) return sendError(reply, 415, "unsupported_media_type", lang);
    if (error.statusCode === 429) return sendError(reply, 429, "rate_limited", lang);
    const pgCode = pgErrorCode(error);
    if (pgCode === "23505") return sendError(reply, 409, "conflict", lang);
    // 23001: a row still referenced through ON DELETE RESTRICT (orders keep their customer and item).
    if (pgCode === "23503" || pgCode === "23001") return sendError(reply, 409, "in_use", lang);
    if (pgCode === "23514" || pgCode === "22P02" || pgCode === "22003" || pgCode === "22007") {
      return sendError(reply, 400, "validation_failed", lang);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, 500, "internal_error", lang);
  });
}

/** Zod issue messages that are catalogue codes are translated; zod's own English is not shown. */
function translateIssue(text: string | undefined, lang: Language): string {
  return text && text in MESSAGES ? message(text as MessageCode, lang) : message("invalid_field", lang);
}
