import { z } from "zod";
import { dataAnswer, messageAnswer, orderStatusSchema, pageAnswer } from "./api";
import { LEDGER_KINDS, type TopUpMethod } from "./money-channels";

/**
 * Contract of customers (/users), staff (/staff) and wallet top-ups. The server
 * (modules/customers, modules/staff) and the screens (features/users, features/staff) import it.
 *
 * Customers (staff and admin may read, create, edit; only admin deletes and tops up):
 * - `GET /api/customers?q&role&tab&limit&offset` → `{ success, data: CustomerRow[], total }`
 * - `GET /api/customers/:id` → `{ success, data: CustomerDetail }`
 * - `POST /api/customers` with `CustomerInput` → 201 `{ success, data: CustomerRow }`
 * - `PUT /api/customers/:id` with `CustomerInput` → `{ success, data: CustomerRow }`
 * - `DELETE /api/customers/:id` → `{ success, anonymised, message }` (decision 0010: with
 *   orders or wallet history the person is anonymised, their history kept)
 * - `POST /api/customers/:id/top-ups` with `TopUpInput` and an `Idempotency-Key` header
 *   → 201 `{ success, data: { balance: string, entry: LedgerEntry } }`; the same key again
 *   answers the same result and moves nothing; 409 `idempotency_key_reused` (decision 0011)
 * - taken email or academy number → 409 `email_taken` / `akd_number_taken`
 *
 * Staff (staff may read; only admin changes):
 * - `GET /api/staff-members?q&role&tab&limit&offset` → `{ success, data: StaffRow[], total }`
 * - `GET /api/staff-members/:id` → `{ success, data: StaffDetail }`
 * - `PUT /api/staff-members/:id` with `StaffInput` → `{ success, data: StaffRow }`
 * - `DELETE /api/staff-members/:id` → `{ success, anonymised, message }` (never the last
 *   admin: 409 `last_admin`; never oneself, nor one's own role: 403 `own_account`)
 * - taken email or employee number → 409 `email_taken` / `employee_number_taken`
 * - invite: `POST /api/auth/invite-user` with `{ email, firstName, lastName, roleId }`
 * - `POST /api/staff-members/:id/invitation` → `{ success, message }` sends a pending invitation
 *   again with a new link (earlier links stop working); 409 `invitation_not_pending` once set up
 */

/** `low`: a balance under the canteen's low-balance line. */
export const CUSTOMER_TABS = ["all", "active", "clients", "staff", "low"] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

/** A people list's order: by name, or by balance lowest or highest first (then by name). */
export const PEOPLE_SORTS = ["name", "balance", "-balance"] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

export const STAFF_TABS = ["all", "active", "admin", "staff"] as const;
export type StaffTab = (typeof STAFF_TABS)[number];

export const customerRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: z.union([z.literal(1), z.literal(2)]),
  akdNumber: z.string().nullable(),
  /** Wallet balance in rand, decimal string. */
  balance: z.string(),
  createdAt: z.string(),
  /** Raised by every edit of the person; an edit sends it as If-Match (decision 0057). */
  version: z.number().int(),
  /** A learner's active guardians, the primary first (who may pay for them at a top-up). */
  guardians: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export type CustomerInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  roleId: 1 | 2;
  akdNumber?: string | null;
};

export const personOrder = z.object({
  id: z.string(),
  pickupNumber: z.number().int(),
  itemName: z.string(),
  quantity: z.number().int(),
  amount: z.string(),
  status: orderStatusSchema,
  orderDate: z.string(),
});
export type PersonOrder = z.infer<typeof personOrder>;

export const ledgerEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed rand amount, decimal string ("-45.00" for a debit). */
  amount: z.string(),
  balanceAfter: z.string(),
  reason: z.string().nullable(),
  /** A reversal: the id of the top-up it undid. */
  reversesId: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/**
 * A wallet statement's row: a ledger row, and for an EFT from a bank statement the bank line it
 * came from (the bank's date and text), which the statement shows instead of the import's time.
 */
export const walletStatementEntry = ledgerEntry.extend({
  bankLine: z.object({ date: z.string(), description: z.string() }).nullable(),
});
export type WalletStatementEntry = z.infer<typeof walletStatementEntry>;

export const customerDetail = customerRow.extend({
  /** What the customer types as the reference of a bank transfer to their wallet. */
  paymentReference: z.string().nullable(),
  recentOrders: z.array(personOrder),
  ledger: z.array(walletStatementEntry),
  /** When their card for the counter's scanner was issued; null without one (decision 0072). */
  cardIssuedAt: z.string().nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

export type TopUpInput = {
  /** Rand, > 0 and ≤ 10,000, at most 2 decimals. */
  amount: string;
  method: TopUpMethod;
  reason: string | null;
  /** The learner's guardian who paid, when said (decision 0068). */
  paidBy: string | null;
};

export const staffRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: z.union([z.literal(3), z.literal(4)]),
  employeeNumber: z.string().nullable(),
  balance: z.string(),
  /** True while the invitation has not been accepted (no password set yet). */
  invitationPending: z.boolean(),
  createdAt: z.string(),
  /** Raised by every edit of the person; an edit sends it as If-Match (decision 0057). */
  version: z.number().int(),
});
export type StaffRow = z.infer<typeof staffRow>;

export type StaffInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  roleId: 3 | 4;
  employeeNumber?: string | null;
};

export const staffDetail = staffRow.extend({ totalOrders: z.number().int(), orders: z.array(personOrder) });
export type StaffDetail = z.infer<typeof staffDetail>;

/* The answers (routes above). */
export const customersPageAnswer = pageAnswer(customerRow);
export const customerAnswer = dataAnswer(customerRow);
export const customerDetailAnswer = dataAnswer(customerDetail);
/** A top-up (201): the new balance and the ledger row it wrote. */
export const topUpResult = z.object({ balance: z.string(), entry: ledgerEntry });
export type TopUpResult = z.infer<typeof topUpResult>;
export const topUpAnswer = dataAnswer(topUpResult);
/** A reversal: the new balance and the ledger row that undid the top-up. */
export const reversalAnswer = z.object({ success: z.literal(true), message: z.string(), data: topUpResult });
export const staffPageAnswer = pageAnswer(staffRow);
export const staffAnswer = dataAnswer(staffRow);
export const staffDetailAnswer = dataAnswer(staffDetail);
/** A removal (decision 0010): whether the person was anonymised, and saying so. */
export const personRemovedAnswer = messageAnswer.extend({ anonymised: z.boolean() });
