import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { walletTransactions } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createUser, type TestUser } from "../../test/fixtures";

import { moveWalletMoney } from "./ledger";

const it = appTest();

describe("wallet ledger", () => {
  let admin: TestUser;

  it.beforeAll(async ({ db }) => {
    admin = await createUser(db, { roleId: 4 });
  });

  const ledgerSum = async (db: Db, userId: string) =>
    (
      await queryRows(
        db,
        sql`select coalesce(sum(amount), 0)::text as sum from wallet_transactions where user_id = ${userId}`,
        z.object({ sum: z.string() }),
      )
    )[0]?.sum;

  it("credits create the wallet, debits stop at zero, and every move leaves a row with the balance after", async ({
    db,
  }) => {
    const customer = await createUser(db, { roleId: 1 });
    /** The balance after the move, or null when it was refused. */
    const move = async (amount: string) => {
      const entry = await db.transaction((tx) =>
        moveWalletMoney(tx, {
          userId: customer.id,
          amount,
          kind: amount.startsWith("-") ? "order" : "top_up",
          createdBy: admin.id,
          at: new Date(),
        }),
      );
      return entry?.balanceAfter ?? null;
    };

    expect(await move("50.00")).toBe("50.00");
    expect(await move("-30.00")).toBe("20.00");
    expect(await move("-20.01")).toBeNull();
    expect(await move("-20.00")).toBe("0.00");

    const rows = await db
      .select({ amount: walletTransactions.amount, balanceAfter: walletTransactions.balanceAfter })
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, customer.id))
      .orderBy(walletTransactions.id);
    expect(rows).toEqual([
      { amount: "50.00", balanceAfter: "50.00" },
      { amount: "-30.00", balanceAfter: "20.00" },
      { amount: "-20.00", balanceAfter: "0.00" },
    ]);
    expect(await ledgerSum(db, customer.id)).toBe("0.00");
  });

  it("knows only the domain's ledger kinds: the database refuses any other", async ({ db }) => {
    const customer = await createUser(db, { roleId: 1 });
    await expect(
      db.execute(
        sql`insert into wallet_transactions (user_id, amount, kind, balance_after) values (${customer.id}, 1, 'gift', 1)`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "22P02" }) });
    expect(await ledgerSum(db, customer.id)).toBe("0");
  });
});
