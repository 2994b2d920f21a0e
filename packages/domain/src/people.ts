import type { IsoDate } from "./dates";
import type { OrderStatus } from "./order-status";

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
 * - invite: `POST /api/auth/invite-user` with `{ email, firstName, lastName, roleId }` (spec §7)
 * - `POST /api/staff-members/:id/invitation` → `{ success, message }` sends a pending invitation
 *   again with a new link (earlier links stop working); 409 `invitation_not_pending` once set up
 */

export const CUSTOMER_TABS = ["all", "active", "clients", "staff"] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

export const STAFF_TABS = ["all", "active", "admin", "staff"] as const;
export type StaffTab = (typeof STAFF_TABS)[number];

export type CustomerRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: 1 | 2;
  akdNumber: string | null;
  /** Wallet balance in rand, decimal string. */
  balance: string;
  createdAt: string;
};

export type CustomerInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  roleId: 1 | 2;
  akdNumber?: string | null;
};

export type PersonOrder = {
  id: string;
  itemName: string;
  quantity: number;
  amount: string;
  status: OrderStatus;
  orderDate: IsoDate;
};

/** What moved a wallet's money: `top_up` (credit), `order` (a debit), `refund` (credit); the `ledger_kind` enum. */
export const LEDGER_KINDS = ["top_up", "order", "refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type LedgerEntry = {
  id: string;
  at: string;
  kind: LedgerKind;
  /** Signed rand amount, decimal string ("-45.00" for a debit). */
  amount: string;
  balanceAfter: string;
  reason: string | null;
};

export type CustomerDetail = CustomerRow & {
  recentOrders: PersonOrder[];
  ledger: LedgerEntry[];
};

export type TopUpInput = {
  /** Rand, > 0 and ≤ 10,000, at most 2 decimals. */
  amount: string;
  reason: string;
};

export type StaffRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: 3 | 4;
  employeeNumber: string | null;
  balance: string;
  /** True while the invitation has not been accepted (no password set yet). */
  invitationPending: boolean;
  createdAt: string;
};

export type StaffInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  roleId: 3 | 4;
  employeeNumber?: string | null;
};

export type StaffDetail = StaffRow & {
  totalOrders: number;
  orders: PersonOrder[];
};
