import { type TopUpInput, type TopUpResult, topUpResult } from "@kantien/domain/people";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { idempotent } from "../../idempotency";
import type { MailConfig } from "../../mail/letter";
import { isActivelyLinked, lockPerson } from "../people/people";
import { bookMoneyIn, type MoneyInActor } from "./book";

/**
 * A top-up by hand, at the counter or in the back office: the method is the channel, whose
 * rules `bookMoneyIn` applies (cooks take cash and card; EFT by hand and corrections are an
 * admin's). Once per Idempotency-Key, in one transaction with the key's claim: the same key
 * again, or at the same time, answers the first result and moves nothing.
 */
export async function topUpByHand(
  db: Db,
  args: TopUpInput & {
    customerId: string;
    key: string;
    actor: MoneyInActor;
    mail: MailConfig;
    /** The canteen's clock: when the money came in. */
    now: Date;
  },
): Promise<TopUpResult> {
  const request = {
    customerId: args.customerId,
    amount: args.amount,
    method: args.method,
    reason: args.reason,
    paidBy: args.paidBy,
  };
  const { body } = await idempotent(
    db,
    { scope: "top-up", key: args.key, userId: args.actor.id, request, body: topUpResult },
    async (tx) => {
      await lockPerson(tx, args.customerId, CUSTOMER_ROLES);
      // Whoever paid must be one of the customer's active guardians: a name the school knows.
      if (args.paidBy !== null && !(await isActivelyLinked(tx, args.paidBy, args.customerId))) {
        throw new AppError("payer_not_a_guardian");
      }
      const entry = await bookMoneyIn(tx, {
        channel: args.method,
        userId: args.customerId,
        amount: args.amount,
        reason: args.reason,
        paidBy: args.paidBy,
        actor: args.actor,
        at: args.now,
        mail: args.mail,
      });
      return { statusCode: 201, body: { balance: entry.balanceAfter, entry } };
    },
  );
  return body;
}
