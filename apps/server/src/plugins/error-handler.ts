import { type Language, pickLanguage } from "@kantien/domain/language";
import { type ErrorCode, MESSAGES, type MessageCode, message, statusOf } from "@kantien/domain/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, pgAnswer } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language: the user's setting, else Accept-Language, else af. */
    language: Language;
  }
}

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** The error envelope, with the code's status from the catalogue (decision 0013). */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  language: Language,
  details?: unknown,
  fill?: (language: Language) => Record<string, string>,
) {
  return reply.status(statusOf(code)).send({
    success: false,
    message: message(code, language, fill?.(language)),
    code,
    ...(details === undefined ? {} : { details: translateDetails(details, language) }),
  });
}

/** Field details may carry a catalogue code as their message; the caller reads it in their language. */
function translateDetails(details: unknown, lang: Language): unknown {
  if (!Array.isArray(details)) return details;
  return details.map((d) =>
    d && typeof d === "object" && typeof d.message === "string" && d.message in MESSAGES
      ? { ...d, message: message(d.message as MessageCode, lang) }
      : d,
  );
}

/** One error envelope for every failure; no stack traces leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.decorateRequest("language", "af");
  app.addHook("onRequest", async (request) => {
    request.language = pickLanguage(request.headers["accept-language"]);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.language;
    if (error instanceof AppError) return sendError(reply, error.code, lang, error.details, error.fill);
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
      return sendError(reply, "validation_failed", lang, details);
    }
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(reply, "unsupported_media_type", lang);
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, "payload_too_large", lang);
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, "invalid_json", lang);
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendError(reply, error instanceof SyntaxError ? "invalid_json" : "bad_request", lang);
    }
    // Any other refusal of Fastify or a plugin keeps its status where we have a code for it,
    // and is otherwise a 400: the request's fault is never a 500.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, CODE_OF_STATUS[status] ?? "bad_request", lang);
    const answer = pgAnswer(error);
    if (answer) {
      if (answer.statusCode === 400) request.log.warn({ err: error }, "input refused by the database");
      return sendError(reply, answer.code, lang, answer.details);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, "internal_error", lang);
  });
}

/** Zod issue messages that are catalogue codes are translated; zod's own English is not shown. */
function translateIssue(text: string | undefined, lang: Language): string {
  return text && text in MESSAGES ? message(text as MessageCode, lang) : message("invalid_field", lang);
}
