import type { LearnerLeaveInput, LearnerLeaveOptions } from "@kantien/domain/guardians";
import type { Language } from "@kantien/domain/language";
import { message } from "@kantien/domain/messages";
import { formatRand } from "@kantien/domain/money";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { AppError } from "../../errors";
import { lockPerson, removePerson } from "../people/people";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * A learner leaves the school (decision 0068): the balance goes to a sibling or back to whoever
 * paid it, never lost; the links and the sign-in end; the orders and the ledger stay for the
 * books, with the anonymous account of decision 0010.
 */

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const payeeRow = person.extend({ guardian: z.boolean(), lastPaidAt: timestampColumn.nullable() });

/** Learners who share an active guardian with `learnerId`, by name. */
function siblingsOf(db: Db | Tx, learnerId: string) {
  return queryRows(
    db,
    sql`select distinct u.id, u.first_name as "firstName", u.last_name as "lastName"
        from guardian_links mine
        join guardian_links theirs on theirs.guardian_id = mine.guardian_id and theirs.status = 'active'
        join users u on u.id = theirs.learner_id and u.deleted_at is null
        where mine.learner_id = ${learnerId} and mine.status = 'active' and theirs.learner_id <> ${learnerId}
        order by "firstName", "lastName", u.id`,
    person,
  );
}

/**
 * Who may be paid back: the active guardians, or the learner when none is linked (they pay for
 * themselves), the one whose payment into the wallet is the latest first.
 */
async function payeesOf(db: Db | Tx, learnerId: string): Promise<LearnerLeaveOptions["payees"]> {
  const lastPaid = (payer: ReturnType<typeof sql>) =>
    sql`(select max(t.created_at) from wallet_transactions t
         where t.user_id = ${learnerId} and t.amount > 0 and coalesce(t.paid_by, t.user_id) = ${payer})`;
  const guardians = await queryRows(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", true as guardian,
               ${lastPaid(sql`u.id`)} as "lastPaidAt"
        from guardian_links gl join users u on u.id = gl.guardian_id and u.deleted_at is null
        where gl.learner_id = ${learnerId} and gl.status = 'active'
        order by "lastPaidAt" desc nulls last, gl.is_primary desc, u.first_name, u.id`,
    payeeRow,
  );
  if (guardians.length > 0) return guardians;
  return queryRows(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", false as guardian,
               ${lastPaid(sql`u.id`)} as "lastPaidAt"
        from users u where u.id = ${learnerId}`,
    payeeRow,
  );
}

/** What the back office offers when a learner leaves: the balance, siblings and who to pay back. */
export async function leaveOptions(db: Db, learnerId: string): Promise<LearnerLeaveOptions> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, learnerId, CUSTOMER_ROLES);
    const [wallet] = await queryRows(
      tx,
      sql`select balance::text as balance from wallets where user_id = ${learnerId}`,
      z.object({ balance: z.string() }),
    );
    return {
      balance: wallet?.balance ?? "0.00",
      siblings: await siblingsOf(tx, learnerId),
      payees: await payeesOf(tx, learnerId),
    };
  });
}

/**
 * Marks a learner as left, in one transaction under the learner's lock: the whole balance moves to
 * a sibling (a `transfer` pair) or is paid out (a `payout` debit with the bank transfer's
 * reference, paid to the payee), every link ends on the record, and the account is removed as
 * decision 0010 says. A balance with nowhere to go, or owed, changes nothing (409).
 */
export async function leaveSchool(
  db: Db,
  {
    learnerId,
    input,
    by,
    at,
    language,
  }: { learnerId: string; input: LearnerLeaveInput; by: string; at: Date; language: Language },
): Promise<{ moved: string; to: "sibling" | "payout" | "nowhere"; message: string }> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, learnerId, CUSTOMER_ROLES, "update");
    const [names] = await queryRows(
      tx,
      sql`select first_name || ' ' || last_name as name from users where id = ${learnerId}`,
      z.object({ name: z.string() }),
    );
    const name = names?.name ?? "";
    // The wallet's row lock holds the balance still while it moves: an order cannot take from it meanwhile.
    const [wallet] = await queryRows(
      tx,
      sql`select balance::text as balance from wallets where user_id = ${learnerId} for update`,
      z.object({ balance: z.string() }),
    );
    const balance = wallet?.balance ?? "0.00";
    const cents = Math.round(Number(balance) * 100);
    const words = { balance: formatRand(balance) };
    if (cents < 0) throw new AppError("leave_balance_owed", words, () => words);

    let to: "sibling" | "payout" | "nowhere" = "nowhere";
    let toName = "";
    if (cents > 0) {
      if ("toLearnerId" in input) {
        const sibling = (await siblingsOf(tx, learnerId)).find((row) => row.id === input.toLearnerId);
        if (!sibling) throw new AppError("leave_not_a_sibling");
        const moves = [
          { userId: learnerId, amount: `-${balance}` },
          { userId: sibling.id, amount: balance },
        ].sort((a, b) => a.userId.localeCompare(b.userId));
        for (const move of moves) {
          await moveWalletMoney(tx, { ...move, kind: "transfer", createdBy: by, at });
        }
        to = "sibling";
        toName = sibling.firstName;
      } else if ("bankReference" in input) {
        const payees = await payeesOf(tx, learnerId);
        const payee =
          "refundToGuardianId" in input
            ? payees.find((row) => row.guardian && row.id === input.refundToGuardianId)
            : payees.find((row) => !row.guardian);
        if (!payee) throw new AppError("leave_not_a_payee");
        await moveWalletMoney(tx, {
          userId: learnerId,
          amount: `-${balance}`,
          kind: "payout",
          reason: input.bankReference,
          createdBy: by,
          paidBy: payee.id,
          at,
        });
        to = "payout";
        toName = `${payee.firstName} ${payee.lastName}`;
      } else {
        throw new AppError("leave_balance_needs_a_home", words, () => words);
      }
    }
    await removePerson(tx, learnerId, by);
    const amount = formatRand(balance);
    const text =
      to === "sibling"
        ? message("learner_left_to_sibling", language, { name, amount, to: toName })
        : to === "payout"
          ? message("learner_left_paid_out", language, { name, amount, to: toName })
          : message("learner_left", language, { name });
    return { moved: cents > 0 ? balance : "0.00", to, message: text };
  });
}
