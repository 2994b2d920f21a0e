import { z } from "zod";
import { dataAnswer, timestamp } from "./api";
import { text } from "./text";

/*
 * Learner cards (docs/decisions/0072-learner-cards.md): a card with the learner's name, academy
 * number and a code the counter's scanner reads, for those without a phone at school.
 */

const CARD_PREFIX = "kantien:card:";
/** A card's token: 16 characters of Crockford's base 32 (80 random bits), upper case. */
const TOKEN = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** What a card's QR code holds. */
export function cardCode(token: string): string {
  return `${CARD_PREFIX}${token}`;
}

/** The card token a scanned code holds, else null (an order's code, a name, anything else). */
export function cardTokenFromCode(scanned: string): string | null {
  const trimmed = scanned.trim();
  if (trimmed.slice(0, CARD_PREFIX.length).toLowerCase() !== CARD_PREFIX) return null;
  const token = trimmed.slice(CARD_PREFIX.length).toUpperCase();
  return TOKEN.test(token) ? token : null;
}

/** A card as the back office prints it. */
export const learnerCard = z.object({
  learnerId: z.string(),
  name: z.string(),
  akdNumber: z.string(),
  grade: z.string().nullable(),
  /** What the card's QR code holds: `kantien:card:<token>`. */
  code: z.string(),
  issuedAt: timestamp,
});
export type LearnerCard = z.infer<typeof learnerCard>;

export const learnerCardAnswer = dataAnswer(learnerCard).extend({ message: z.string() });

/**
 * `POST /api/admin/learner-cards` (admins): the cards of a class (`grade`) or of some learners,
 * each issued if it has none yet; `replace` issues new ones for all of them (the old stop at once).
 */
export const learnerCardsInput = z.union([
  z.strictObject({ grade: text().trim().min(1, "invalid_field").max(20, "invalid_field") }),
  z.strictObject({
    learnerIds: z.array(z.uuid("invalid_field")).min(1, "invalid_field").max(500, "invalid_field"),
  }),
]);
export type LearnerCardsInput = z.infer<typeof learnerCardsInput>;
export const learnerCardsAnswer = dataAnswer(z.object({ cards: z.array(learnerCard) }));

/** `POST /api/my/card`: the code the counter scans to pay from this wallet (the card's, issued if none). */
export const myCardAnswer = dataAnswer(z.object({ code: z.string() }));
