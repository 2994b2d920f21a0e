import type { Language } from "@kantien/domain/language";
import { debitCrossedBelow, formatRand } from "@kantien/domain/money";
import type { Tx } from "../../db/client";
import { guardiansOf, type MailContext, mailRecipient, renderEmail } from "../../mail/letter";
import { enqueueEmail } from "../../mail/outbox";
import { getBankDetails } from "../canteen/bank-details";
import { getCanteenRules } from "../canteen/rules";
import { paymentReferenceOf } from "./ledger";

/**
 * How to pay: by EFT with the reference when the canteen has given its account, else at the
 * counter; `learner` names whose reference it is, for a guardian (null: the reader's own).
 */
function payInstruction(
  language: Language,
  bank: Awaited<ReturnType<typeof getBankDetails>>,
  reference: string | null,
  learner: string | null,
): string {
  if (!bank || !reference) {
    return language === "en"
      ? "Top it up at the canteen's counter."
      : "Laai dit by die kantien se toonbank op.";
  }
  const account =
    language === "en"
      ? `${bank.accountHolder}, ${bank.bank}, account ${bank.accountNumber}, branch code ${bank.branchCode}`
      : `${bank.accountHolder}, ${bank.bank}, rekening ${bank.accountNumber}, takkode ${bank.branchCode}`;
  if (language === "en") {
    return `Pay by EFT to ${account}, with ${learner ? `${learner}'s` : "your"} reference ${reference}; or pay at the counter.`;
  }
  return `Betaal per EFT aan ${account}, met ${learner ? `${learner} se` : "jou"} verwysing ${reference}; of betaal by die toonbank.`;
}

/**
 * Mails the customer when a debit takes their balance from the canteen's low-balance
 * threshold or above to below it: once per crossing, since the next debit starts below.
 * In the debit's transaction, so the mail exists only if the debit does.
 */
export async function mailOnLowBalance(
  tx: Tx,
  { config }: MailContext,
  { userId, debited, after }: { userId: string; debited: string; after: string },
): Promise<void> {
  const { lowBalanceThreshold } = await getCanteenRules(tx);
  if (!debitCrossedBelow({ after, debited, threshold: lowBalanceThreshold })) return;
  const recipient = await mailRecipient(tx, userId);
  if (!recipient) return;
  const balance = formatRand(after);
  const limit = formatRand(lowBalanceThreshold);
  const canteen = config.canteenName;
  // One after the other: a transaction is one connection, which runs one query at a time.
  const reference = await paymentReferenceOf(tx, userId);
  const bank = await getBankDetails(tx);
  const howToPay = (language: Language, learner: string | null) =>
    payInstruction(language, bank, reference, learner);
  const copy =
    recipient.language === "en"
      ? {
          subject: `Your ${canteen} wallet is running low`,
          greeting: "Hello",
          body: `Your wallet's balance is now ${balance}, below ${limit}, so top it up to keep ordering. ${howToPay("en", null)}`,
          button: "See your wallet",
          note: `We send this email once each time your balance drops below ${limit}.`,
        }
      : {
          subject: `Jou ${canteen}-beursie raak leeg`,
          greeting: "Hallo",
          body: `Jou beursie se saldo is nou ${balance}, minder as ${limit}. Laai jou beursie op sodat jy kan aanhou bestel. ${howToPay("af", null)}`,
          button: "Sien jou beursie",
          note: `Ons stuur hierdie e-pos telkens wanneer jou saldo tot onder ${limit} daal.`,
        };
  await enqueueEmail(
    tx,
    renderEmail(recipient.email, recipient.firstName, copy, `${config.publicUrl}/my/wallet`),
  );
  // The learner's guardians too, who pay (decision 0068): the same news, about the learner.
  const learner = recipient.firstName;
  for (const guardian of (await guardiansOf(tx, [userId])).get(userId) ?? []) {
    const pay = howToPay(guardian.language, learner);
    const about =
      guardian.language === "en"
        ? {
            subject: `${learner}'s ${canteen} wallet is running low`,
            greeting: "Hello",
            body: `${learner}'s wallet balance is now ${balance}, below ${limit}. ${pay}`,
            button: "See the family's wallets",
            note: `We send this email once each time the balance drops below ${limit}.`,
          }
        : {
            subject: `${learner} se ${canteen}-beursie raak leeg`,
            greeting: "Hallo",
            body: `${learner} se beursie se saldo is nou ${balance}, minder as ${limit}. ${pay}`,
            button: "Sien die gesin se beursies",
            note: `Ons stuur hierdie e-pos telkens wanneer die saldo tot onder ${limit} daal.`,
          };
    await enqueueEmail(
      tx,
      renderEmail(guardian.email, guardian.firstName, about, `${config.publicUrl}/my/learners`),
    );
  }
}
