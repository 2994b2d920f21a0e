import { randomBytes, randomUUID } from "node:crypto";
import type { CustomerRow } from "@kantien/domain/people";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { z } from "zod";
import type { App } from "../app";
import { type Db, queryRows } from "../db/client";
import { request } from "./request";

/** A name no other test uses: `prefix-` and eight hex digits. */
export const unique = (prefix = "k") => `${prefix}-${randomBytes(4).toString("hex")}`;

/** A new customer's fields as the back office sends them, each unique where it must be. */
export function customerBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Anri",
    lastName: "Botha",
    email: `${unique("anri")}@toets.example`,
    phoneNumber: "082 555 1234",
    roleId: 1,
    akdNumber: unique("AKD"),
    ...overrides,
  };
}

/** A customer made through the API by the staff member whose session `cookie` is. */
export async function addCustomer(
  app: App,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<CustomerRow> {
  const res = await request(app, "POST", "/api/customers", { cookie, body: customerBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A top-up as the back office and the counter send it, under a new Idempotency-Key unless given one. */
export const topUpAs = (
  app: App,
  cookie: string,
  id: string,
  payload: unknown,
  key: string | null = randomUUID(),
) =>
  request(app, "POST", `/api/customers/${id}/top-ups`, {
    cookie,
    body: payload,
    headers: key ? { "idempotency-key": key } : {},
  });

/** A wallet's ledger sum beside its balance, both as text: equal when the ledger holds. */
export async function ledgerSum(db: Db, userId: string) {
  const [row] = await queryRows(
    db,
    sql`select coalesce((select sum(amount) from wallet_transactions where user_id = ${userId}), 0)::numeric(12,2)::text as sum,
               (select balance::text from wallets where user_id = ${userId}) as balance`,
    z.object({ sum: z.string(), balance: z.string() }),
  );
  return row!;
}
