import type { Language } from "@kantien/domain/language";
import { type ErrorCode, type ErrorStatus, statusOf } from "@kantien/domain/messages";
import { z } from "zod";

/**
 * An error the client may see: a catalogue code, and details (the error envelope). The
 * HTTP status is the code's, from the catalogue (decision 0013); a throw site never names one.
 * `fill` gives, in the caller's language, the words for the message's `{placeholders}`.
 */
export class AppError extends Error {
  readonly statusCode: ErrorStatus;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    readonly fill?: (language: Language) => Record<string, string>,
  ) {
    super(code);
    this.statusCode = statusOf(code);
  }
}

export const unauthenticated = () => new AppError("unauthenticated");
export const forbidden = () => new AppError("forbidden");
export const notFound = () => new AppError("not_found");

/** An id path parameter: any short string, so a malformed id reaches `recordId` and gets a 404. */
export const idParams = z.object({ id: z.string().max(100) });
const uuid = z.uuid();
/** An id that is no UUID names nothing: 404, as an unknown id would (never a 400 or an SQL error). */
export function recordId(id: string): string {
  if (!uuid.safeParse(id).success) throw notFound();
  return id;
}

/**
 * Unique (23505) and foreign-key (23503, 23001) constraints → the code their violation
 * answers: the one table for every route (decision 0013). Constraints not named here answer
 * `conflict` (unique) or `in_use` (a row still referenced).
 */
export const CONSTRAINT_CODES: Readonly<Record<string, ErrorCode>> = {
  users_email_lower_key: "email_taken",
  clients_akd_number_key: "akd_number_taken",
  kantien_staff_employee_number_key: "employee_number_taken",
  food_items_menu_day_key: "food_item_day_taken",
  weekly_menus_dates_key: "weekly_menu_exists",
  wallet_transactions_reverses_key: "already_reversed",
};

/**
 * The answer to a PostgreSQL error, or null when it is the server's fault (500). Integrity
 * violations are the caller's: a duplicate or a row still in use (409), a missing referenced
 * row or a failed check (400). Input the database cannot read — text it refuses, numbers and
 * dates out of range, strings too long — is a 400 too: the schemas should have caught it first.
 */
export function pgAnswer(error: unknown): AppError | null {
  const code = pgErrorCode(error);
  if (!code) return null;
  const constraint = pgConstraint(error);
  const named = constraint ? CONSTRAINT_CODES[constraint] : undefined;
  switch (code) {
    case "23505":
      return new AppError(named ?? "conflict");
    case "23001":
      return new AppError(named ?? "in_use");
    case "23503":
      // On insert or update the body names a row that does not exist; on delete, the row is referenced.
      return named
        ? new AppError(named)
        : isReferencedOnDelete(error)
          ? new AppError("in_use")
          : invalidField(constraint);
    case "23514":
    case "23502":
      return invalidField(constraint);
  }
  // Class 22 (data exception: invalid text, out-of-range numbers and dates, bad encoding,
  // string too long …) and 54000 (program limit exceeded, e.g. an index row too large).
  if (code.startsWith("22") || code === "54000") return new AppError("validation_failed");
  return null;
}

function invalidField(constraint: string | undefined): AppError {
  return new AppError(
    "validation_failed",
    constraint ? [{ field: constraint, message: "invalid_field" }] : undefined,
  );
}

/** PostgreSQL says "is still referenced from table" when a delete breaks a foreign key. */
function isReferencedOnDelete(error: unknown): boolean {
  const e = error as { detail?: unknown; cause?: { detail?: unknown } };
  const detail = e?.detail ?? e?.cause?.detail;
  return typeof detail === "string" && detail.includes("still referenced");
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
