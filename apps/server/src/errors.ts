import type { MessageCode } from "@kantien/domain/messages";
import { z } from "zod";

/** An error the client may see: an HTTP status and a catalogue code (DESIGN §5 envelope). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly details?: unknown,
  ) {
    super(code);
  }
}

export const badRequest = (code: MessageCode = "bad_request", details?: unknown) =>
  new AppError(400, code, details);
export const unauthenticated = () => new AppError(401, "unauthenticated");
export const forbidden = (code: MessageCode = "forbidden") => new AppError(403, code);
export const notFound = () => new AppError(404, "not_found");
export const conflict = (code: MessageCode = "conflict") => new AppError(409, code);

/** An id path parameter: any short string, so a malformed id reaches `recordId` and gets a 404. */
export const idParams = z.object({ id: z.string().max(100) });
const uuid = z.uuid();
/** An id that is no UUID names nothing: 404, as an unknown id would (never a 400 or an SQL error). */
export function recordId(id: string): string {
  if (!uuid.safeParse(id).success) throw notFound();
  return id;
}

/** PostgreSQL error codes we turn into answers instead of 500s. */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === "string" ? e.code : e?.cause?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
export function pgConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: unknown; cause?: { constraint?: unknown } };
  const c = e?.constraint ?? e?.cause?.constraint;
  return typeof c === "string" ? c : undefined;
}
