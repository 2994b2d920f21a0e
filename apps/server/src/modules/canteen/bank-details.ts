import { type BankDetails, bankDetailsSchema } from "@kantien/domain/canteen";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";

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

export async function saveBankDetails(db: Db, details: BankDetails, updatedBy: string): Promise<BankDetails> {
  await db.execute(
    sql`update canteen_settings set bank = ${details.bank}, bank_account_holder = ${details.accountHolder},
          bank_account_number = ${details.accountNumber}, bank_branch_code = ${details.branchCode},
          updated_at = now(), updated_by = ${updatedBy}
        where id = 1`,
  );
  return (await getBankDetails(db))!;
}
