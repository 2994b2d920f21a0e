import type { Language } from "@kantien/domain/language";
import { formatRand } from "@kantien/domain/money";
import { channelOfKind, type LedgerKind, type MoneyChannel } from "@kantien/domain/money-channels";
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { userSettings, users } from "../../db/schema";
import { guardiansOf, type MailConfig, renderEmail } from "../../mail/letter";
import { enqueueEmails } from "../../mail/outbox";

export type Arrival = { userId: string; amount: string; kind: LedgerKind; balanceAfter: string };

/** How the money came, in the mail's sentence: one entry per channel (money-channels.ts). */
export const MONEY_ARRIVED_CHANNELS: Record<MoneyChannel, Record<Language, string>> = {
  cash: { af: "kontant by die toonbank", en: "cash at the counter" },
  card: { af: "kaart by die toonbank", en: "card at the counter" },
  eft: { af: "EFT", en: "EFT" },
  correction: { af: "'n regstelling", en: "a correction" },
  online: { af: "'n aanlynbetaling", en: "an online payment" },
  other: { af: "inbetaling", en: "the canteen" },
};

/**
 * Mails each customer whose wallet money reached: the amount, how it came, the new balance,
 * in their language. In the caller's transaction, so a mail exists only if its money does.
 */
export async function mailMoneyArrived(
  tx: Db | Tx,
  { config }: MailConfig,
  arrivals: Arrival[],
): Promise<void> {
  if (arrivals.length === 0) return;
  const ids = [...new Set(arrivals.map((a) => a.userId))];
  const people = new Map<string, { email: string; firstName: string; language: Language }>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        language: userSettings.language,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(inArray(users.id, ids.slice(start, start + 1000)));
    for (const row of rows) people.set(row.id, { ...row, language: row.language ?? "af" });
  }
  const link = `${config.publicUrl}/my/wallet`;
  const guardians = await guardiansOf(tx, ids);
  const mails = arrivals.flatMap((arrival) => {
    const person = people.get(arrival.userId);
    if (!person) return [];
    const amount = formatRand(arrival.amount);
    const balance = formatRand(arrival.balanceAfter);
    const channel = MONEY_ARRIVED_CHANNELS[channelOfKind(arrival.kind) ?? "other"][person.language];
    const copy =
      person.language === "en"
        ? {
            subject: `${amount} was added to your ${config.canteenName} wallet`,
            greeting: "Hello",
            body: `${amount} was added to your wallet by ${channel}. Your balance is now ${balance}.`,
            button: "See your wallet",
            note: "If you did not expect this money, please tell the canteen.",
          }
        : {
            subject: `${amount} is by jou ${config.canteenName}-beursie gevoeg`,
            greeting: "Hallo",
            body: `Ons het ${amount} by jou beursie gevoeg (${channel}). Jou saldo is nou ${balance}.`,
            button: "Sien jou beursie",
            note: "As jy nie hierdie geld verwag het nie, laat weet asseblief die kantien.",
          };
    // The learner's guardians too (decision 0068): the same news, about the learner.
    const learner = person.firstName;
    const toGuardians = (guardians.get(arrival.userId) ?? []).map((guardian) => {
      const how = MONEY_ARRIVED_CHANNELS[channelOfKind(arrival.kind) ?? "other"][guardian.language];
      const about =
        guardian.language === "en"
          ? {
              subject: `${amount} was added to ${learner}'s ${config.canteenName} wallet`,
              greeting: "Hello",
              body: `${amount} was added to ${learner}'s wallet by ${how}. The balance is now ${balance}.`,
              button: "See the family's wallets",
              note: "If you did not expect this money, please tell the canteen.",
            }
          : {
              subject: `${amount} is by ${learner} se ${config.canteenName}-beursie gevoeg`,
              greeting: "Hallo",
              body: `Ons het ${amount} by ${learner} se beursie gevoeg (${how}). Die saldo is nou ${balance}.`,
              button: "Sien die gesin se beursies",
              note: "As jy nie hierdie geld verwag het nie, laat weet asseblief die kantien.",
            };
      return renderEmail(guardian.email, guardian.firstName, about, `${config.publicUrl}/my/learners`);
    });
    return [renderEmail(person.email, person.firstName, copy, link), ...toGuardians];
  });
  await enqueueEmails(tx, mails);
}
