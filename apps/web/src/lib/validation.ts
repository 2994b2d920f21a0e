import { type FieldMessageCode, fieldMessage, isFieldMessageCode } from "@kantien/domain/field-messages";
import type { FieldError, FieldErrors, FieldValues } from "react-hook-form";
import { ApiError } from "./api-client";
import { currentLanguage, i18n } from "./i18n";

/**
 * The text for a form field's error: a domain message code (e.g. `password_mismatch`)
 * comes from the shared catalogue, zod's own issues from ours, a server's (type "server")
 * as it came.
 */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  // A server's refusal set on a field (e.g. a taken email) is shown as the server wrote it.
  if (error.type === "server" && error.message) return error.message;
  if (error.message && isFieldMessageCode(error.message))
    return fieldMessage(error.message, currentLanguage());
  switch (error.type) {
    case "too_small":
    case "invalid_type":
      return i18n.t("validation.required");
    case "invalid_format":
      return i18n.t("validation.email");
    case "too_big":
      return i18n.t("validation.tooLong");
    default:
      return i18n.t("validation.invalid");
  }
}

/**
 * A message the schema puts on every field it concerns (e.g. "fill in the required fields"),
 * to be said once above the form; null when no field carries it.
 */
export function formWideMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  code: FieldMessageCode,
): string | null {
  const carried = Object.values(errors).some((error) => error?.message === code);
  return carried ? fieldMessage(code, currentLanguage()) : null;
}

/**
 * The server's field details of a refusal (`details: [{field, message}]` of the envelope, kept by
 * `ApiError`) for the form's own fields; none when the error carries none.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { field: Field; message: string }[] {
  const details = error instanceof ApiError ? error.details : undefined;
  if (!Array.isArray(details)) return [];
  const isField = (value: unknown): value is Field => (fields as readonly unknown[]).includes(value);
  return details.flatMap((detail: unknown) => {
    if (typeof detail !== "object" || detail === null) return [];
    const field: unknown = Reflect.get(detail, "field");
    const message: unknown = Reflect.get(detail, "message");
    return isField(field) && typeof message === "string" ? [{ field, message }] : [];
  });
}
