import { learnerTransferAnswer } from "@kantien/domain/guardians";
import type { Language } from "@kantien/domain/language";
import { message } from "@kantien/domain/messages";
import { formatRand } from "@kantien/domain/money";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";
import { ok } from "../../envelope";
import { AppError, notFound } from "../../errors";
import { idempotent } from "../../idempotency";
import { isActivelyLinked } from "../people/people";
import { moveWalletMoney, walletBalance } from "../wallets/ledger";

type TransferAnswer = z.infer<typeof learnerTransferAnswer>;

/**
 * Moves money from one of a guardian's learners to another (decision 0068): a debit and a credit
 * of kind `transfer` in one transaction, both paid by the guardian, once per Idempotency-Key.
 * A learner the guardian is not actively linked to is not found; a debit that would take the
 * wallet below zero moves nothing. The two wallets change in the order of their ids, so two
 * transfers between the same learners in opposite directions cannot deadlock.
 */
export async function transferBetweenLearners(
  db: Db,
  {
    guardianId,
    key,
    input,
    at,
    language,
  }: {
    guardianId: string;
    key: string;
    input: { fromLearnerId: string; toLearnerId: string; amount: string };
    at: Date;
    language: Language;
  },
): Promise<TransferAnswer> {
  const { body } = await idempotent(
    db,
    { scope: "learner-transfer", key, userId: guardianId, request: input, body: learnerTransferAnswer },
    async (tx) => {
      if (input.fromLearnerId === input.toLearnerId) throw new AppError("transfer_same_learner");
      for (const learnerId of [input.fromLearnerId, input.toLearnerId]) {
        if (!(await isActivelyLinked(tx, guardianId, learnerId))) throw notFound();
      }
      const moves = [
        { userId: input.fromLearnerId, amount: `-${input.amount}` },
        { userId: input.toLearnerId, amount: input.amount },
      ].sort((a, b) => a.userId.localeCompare(b.userId));
      const balanceAfter = new Map<string, string>();
      for (const move of moves) {
        const entry = await moveWalletMoney(tx, {
          ...move,
          kind: "transfer",
          createdBy: guardianId,
          paidBy: guardianId,
          at,
        });
        if (!entry) {
          const balance = await walletBalance(tx, input.fromLearnerId);
          throw new AppError("transfer_insufficient_balance", { balance }, () => ({
            balance: formatRand(balance),
          }));
        }
        balanceAfter.set(move.userId, entry.balanceAfter);
      }
      const names = await queryRows(
        tx,
        sql`select id, first_name as "firstName" from users where id in (${input.fromLearnerId}, ${input.toLearnerId})`,
        z.object({ id: z.string(), firstName: z.string() }),
      );
      const nameOf = (id: string) => names.find((row) => row.id === id)?.firstName ?? "";
      return {
        statusCode: 201,
        body: ok(
          {
            fromBalance: balanceAfter.get(input.fromLearnerId) ?? "0.00",
            toBalance: balanceAfter.get(input.toLearnerId) ?? "0.00",
          },
          {
            message: message("transfer_done", language, {
              amount: formatRand(input.amount),
              from: nameOf(input.fromLearnerId),
              to: nameOf(input.toLearnerId),
            }),
          },
        ),
      };
    },
  );
  return body;
}
