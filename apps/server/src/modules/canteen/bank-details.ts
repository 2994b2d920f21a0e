import { type BankDetails, type BankDetailsRecord, bankDetailsSchema } from "@kantien/domain/canteen";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { canteenSettings } from "../../db/schema";
import { claimVersion } from "../../record-version";

/** The bank account customers pay into by EFT (decision 0033); null until an admin has saved it. */
export async function getBankDetails(db: Db | Tx): Promise<BankDetails | null> {
  const [details] = await queryRows(
    db,
    sql`select bank, bank_account_holder as "accountHolder", bank_account_number as "accountNumber",
          bank_branch_code as "branchCode"
        from canteen_settings where id = 1 and bank is not null`,
    bankDetailsSchema,
  );
  return details ?? null;
}

/** The bank account as /canteen edits it: with the canteen settings' version (decision 0057). */
export async function getBankDetailsRecord(db: Db | Tx): Promise<BankDetailsRecord> {
  // One after the other: in a save's transaction they share one connection.
  const [row] = await queryRows(
    db,
    sql`select version from canteen_settings where id = 1`,
    z.object({ version: z.number().int() }),
  );
  if (!row) throw new Error("canteen_settings has no row");
  return { details: await getBankDetails(db), version: row.version };
}

/**
 * Saves the bank account. A save from a version another save (of the bank details or the rules)
 * replaced (`expected`, the If-Match) is 409 stale with the details as they now are (decision 0057).
 */
export async function saveBankDetails(
  db: Db,
  details: BankDetails,
  { updatedBy, expected }: { updatedBy: string; expected: number | null },
): Promise<BankDetailsRecord & { details: BankDetails }> {
  return db.transaction(async (tx) => {
    await claimVersion(tx, {
      table: canteenSettings,
      where: eq(canteenSettings.id, 1),
      expected,
      current: () => getBankDetailsRecord(tx),
    });
    await tx.execute(
      sql`update canteen_settings set bank = ${details.bank}, bank_account_holder = ${details.accountHolder},
            bank_account_number = ${details.accountNumber}, bank_branch_code = ${details.branchCode},
            updated_at = now(), updated_by = ${updatedBy}
          where id = 1`,
    );
    const saved = await getBankDetailsRecord(tx);
    return { details: saved.details!, version: saved.version };
  });
}
