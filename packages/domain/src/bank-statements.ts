import { z } from "zod";
import { dataAnswer, isoDateText, pageAnswer, randText, timestamp } from "./api";
import { text } from "./text";

/**
 * Bank statements imported at /money (decision 0034): each credit line of a statement becomes
 * a bank credit, credited at once when it names exactly one wallet's reference, else waiting
 * for an admin (review: a near miss; unallocated: nothing to go on).
 */
export const STATEMENT_BANKS = ["fnb", "absa", "standard_bank", "nedbank", "capitec", "ofx"] as const;
export type StatementBank = (typeof STATEMENT_BANKS)[number];

/** What the database keeps of a credit line (`bank_credit_status`). */
export const BANK_CREDIT_STATUSES = ["matched", "review", "unallocated", "dismissed"] as const;
/**
 * How /money lists a credit: its kept status, except that a matched credit whose wallet top-up
 * was reversed (the ledger's reversal names it) is `reversed`, never shown as credited.
 */
export const BANK_CREDIT_STATES = [...BANK_CREDIT_STATUSES, "reversed"] as const;
export type BankCreditStatus = (typeof BANK_CREDIT_STATES)[number];

/** The largest statement file the server reads. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** `POST /api/admin/bank-statements`: what was read and what became of its credits. */
export const statementImported = z.object({
  statementId: z.string(),
  bank: z.enum(STATEMENT_BANKS),
  /** Transaction lines read: the credit lines (`credits`' sum) and the debits. */
  rows: z.number().int(),
  /** Debit lines (money out of the canteen's account): skipped, nothing is done with them. */
  debits: z.number().int(),
  credits: z.object({
    matched: z.number().int(),
    review: z.number().int(),
    unallocated: z.number().int(),
    /** Credit lines an earlier statement already brought in: nothing was done with them. */
    duplicates: z.number().int(),
  }),
});
export type StatementImported = z.infer<typeof statementImported>;
export const statementImportedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: statementImported,
});

/** A credit line and what became of it. */
export const bankCredit = z.object({
  id: z.string(),
  statementId: z.string(),
  bank: z.enum(STATEMENT_BANKS),
  date: isoDateText,
  amount: randText,
  description: z.string(),
  status: z.enum(BANK_CREDIT_STATES),
  /** Whose wallet it went to (matched, reversed), or whom it may be for (review). */
  customer: z.object({ id: z.string(), name: z.string(), paymentReference: z.string() }).nullable(),
  /** Why it waits for review, as a code (`wrong_check`, `one_off`, `unknown_reference`, `name`, `academy_number`, `several_references`, `possible_duplicate`). */
  hint: z.string().nullable(),
  dismissReason: z.string().nullable(),
  /** Who allocated or dismissed it and when; null while waiting and for automatic matches. */
  resolvedBy: z.string().nullable(),
  resolvedAt: timestamp.nullable(),
  importedAt: timestamp,
  /** Who reversed the wallet top-up this credit made, when and why; null unless reversed. */
  reversal: z.object({ by: z.string().nullable(), at: timestamp, reason: z.string().nullable() }).nullable(),
});
export type BankCredit = z.infer<typeof bankCredit>;

export const bankCreditsQuery = z.strictObject({
  status: z.enum(BANK_CREDIT_STATES).default("review"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** A page of credits, by the bank's date (newest first), and what every credit in the status comes to. */
export const bankCreditsAnswer = pageAnswer(bankCredit).extend({ totalAmount: randText });
export const bankCreditAnswer = z.object({ success: z.literal(true), message: z.string(), data: bankCredit });

export const allocateBankCreditInput = z.strictObject({ userId: z.uuid("bank_credit_customer_invalid") });
export const dismissBankCreditInput = z.strictObject({
  reason: text().trim().min(3, "bank_credit_reason_invalid").max(200, "bank_credit_reason_invalid"),
});

/** `GET /api/admin/bank-credits/export.csv?status=`: every credit in a status. */
export const bankCreditsExportQuery = z.strictObject({
  status: z.enum(BANK_CREDIT_STATES).default("review"),
});
export const bankCreditsCsvAnswer = {
  description: "The credits in a status as CSV (UTF-8 with a BOM), one line per bank line",
  content: { "text/csv": { schema: z.unknown().meta({ type: "string" }) } },
};

/** Counts per status, for the tabs of /money. */
export const bankCreditCountsAnswer = dataAnswer(z.record(z.enum(BANK_CREDIT_STATES), z.number().int()));

/** Words that join a surname and name no one by themselves ("van der Merwe", "du Toit"). */
const NAME_PARTICLES = new Set(["van", "der", "den", "de", "du", "le", "la", "von", "ten", "ter"]);

/** A text's words in lower case without accents: "Ané du Toit" → ["ane", "du", "toit"]. */
const nameWords = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^0-9a-z]+/)
    .filter(Boolean);

/**
 * Whether a bank line's text names none of the customer's names (a first name or a surname,
 * three letters or more): a suggestion by reference ("Dalk: Annelie Nkosi" for a payment from
 * "T BOTHA") then warns that the names differ, so the admin looks before allocating.
 */
export function bankLineNamesOther(description: string, customerName: string): boolean {
  const said = new Set(nameWords(description));
  const names = nameWords(customerName).filter((word) => word.length >= 3 && !NAME_PARTICLES.has(word));
  return names.length > 0 && !names.some((name) => said.has(name));
}
