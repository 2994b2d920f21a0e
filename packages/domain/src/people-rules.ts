import { z } from "zod";
import { signupInput } from "./auth";
import { MONEY_CHANNELS, TOP_UP_METHODS } from "./money-channels";
import { randAmount } from "./money-input";
import type { CustomerInput, StaffInput, TopUpInput } from "./people";
import { customerRoleIdSchema, staffRoleIdSchema } from "./role-schemas";
import { text } from "./text";

/**
 * The form rules of /users and /staff and of a wallet top-up (contract: people.ts). The
 * dialogs and the server parse with the same schemas; uniqueness (email, academy and
 * employee numbers) only the server can check, and answers it as a 409 with a message code.
 */

// The names, email and phone follow the sign-up form's rules: one rule per field.
const { first_name: name, email, phone_number: phone, akd_number: akdNumber } = signupInput.shape;

/** An optional text: blank becomes null, so "" never reaches a unique column. */
function optional(schema: z.ZodType<string | null | undefined>) {
  return schema.transform((value) => (value ? value : null));
}

const employeeNumber = text().trim().max(30).optional().nullable();

export const customerInput = z.object({
  firstName: name,
  lastName: name,
  email,
  phoneNumber: optional(phone),
  roleId: customerRoleIdSchema,
  akdNumber: optional(akdNumber),
});

export const staffInput = z.object({
  firstName: name,
  lastName: name,
  email,
  phoneNumber: optional(phone),
  roleId: staffRoleIdSchema,
  employeeNumber: optional(employeeNumber),
});

/** The largest single top-up, in rand (a typo guard, not a business limit). */
export const TOP_UP_MAX_RAND = 10_000;

/** A top-up: rand as typed ("50", "50,50"), at most R10 000 (money.ts `randAmount`). */
const topUpAmount = randAmount(TOP_UP_MAX_RAND, "top_up_amount_invalid");

/** Above this many rand a top-up asks "are you sure?" with the balance after it. */
export const TOP_UP_CONFIRM_ABOVE_RAND = 1000;

/** A channel that needs a reason (a correction) says why; for the others a note is optional (money-channels.ts). */
export const topUpInput = z
  .strictObject({
    amount: topUpAmount,
    method: z.enum(TOP_UP_METHODS, "top_up_method_invalid"),
    reason: text()
      .trim()
      .max(200, "top_up_reason_invalid")
      .nullish()
      .transform((reason) => reason || null),
    /** A learner's guardian who paid (decision 0068); left out or null when not said. */
    paidBy: z
      .uuid()
      .nullish()
      .transform((paidBy) => paidBy ?? null),
  })
  .refine((topUp) => !MONEY_CHANNELS[topUp.method].needsReason || topUp.reason !== null, {
    message: "top_up_reason_invalid",
    path: ["reason"],
  });

/** Undoing a top-up (a bounced EFT, a typo) says why. */
export const reversalInput = z.strictObject({
  reason: text().trim().min(3, "reversal_reason_invalid").max(200, "reversal_reason_invalid"),
});

// The parsed shapes are the contract's types (people.ts); this fails to compile if they drift.
type Output<S extends z.ZodType> = z.output<S>;
const contractHolds: [
  Output<typeof customerInput> extends CustomerInput ? true : false,
  Output<typeof staffInput> extends StaffInput ? true : false,
  Output<typeof topUpInput> extends TopUpInput ? true : false,
] = [true, true, true];
void contractHolds;
