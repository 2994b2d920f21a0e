import { z } from "zod";
import { dataAnswer } from "./api";
import { personName, signupInput } from "./auth";
import { DATE_MAX, DATE_MIN, isIsoDate } from "./dates";
import type { Language } from "./language";
import { text } from "./text";

/*
 * The school's list of learners, imported by an admin (`POST /api/admin/learners/import`, a CSV
 * in multipart field `file`, `?dryRun=true` for the preview): one learner per line, matched by
 * academy number, and guardians invited by email (docs/decisions/0068-who-eats-and-who-pays.md).
 */

export const LEARNER_IMPORT_COLUMNS = [
  "akdNumber",
  "firstName",
  "lastName",
  "grade",
  "dateOfBirth",
  "guardianEmail",
] as const;
export type LearnerImportColumn = (typeof LEARNER_IMPORT_COLUMNS)[number];
/** The columns a list cannot do without. */
export const LEARNER_IMPORT_REQUIRED: readonly LearnerImportColumn[] = ["akdNumber", "firstName", "lastName"];

/**
 * The headings a school's spreadsheet may give each column, in English or Afrikaans, compared
 * by their letters alone ("Ouer se e-pos" is `ouerseepos`).
 */
const HEADINGS: Record<LearnerImportColumn, readonly string[]> = {
  akdNumber: [
    "akdnumber",
    "akdnommer",
    "akd",
    "academynumber",
    "akademienommer",
    "learnernumber",
    "leerdernommer",
  ],
  firstName: ["firstname", "voornaam", "name", "naam"],
  lastName: ["lastname", "surname", "van"],
  grade: ["grade", "graad", "class", "klas", "gradeclass", "graadklas"],
  dateOfBirth: ["dateofbirth", "birthdate", "dob", "geboortedatum"],
  guardianEmail: [
    "guardianemail",
    "guardianemails",
    "parentemail",
    "parentemails",
    "ouerseepos",
    "ouerepos",
    "voogseepos",
    "ouerofvoogseepos",
  ],
};

const LABELS: Record<LearnerImportColumn, Record<Language, string>> = {
  akdNumber: { af: "Akademienommer", en: "Academy number" },
  firstName: { af: "Voornaam", en: "First name" },
  lastName: { af: "Van", en: "Last name" },
  grade: { af: "Graad", en: "Grade" },
  dateOfBirth: { af: "Geboortedatum", en: "Date of birth" },
  guardianEmail: { af: "Ouer se e-pos", en: "Guardian email" },
};

/** A column's name as the admin reads it (and may write it as the heading). */
export function learnerImportColumnLabel(column: LearnerImportColumn, language: Language): string {
  return LABELS[column][language];
}

/** Which column a heading names, or null: compared by its letters, in lower case. */
export function learnerImportColumn(heading: string): LearnerImportColumn | null {
  const letters = heading.toLowerCase().replace(/[^a-z]/g, "");
  for (const column of LEARNER_IMPORT_COLUMNS) {
    if (HEADINGS[column].includes(letters)) return column;
  }
  return null;
}

/** The most lines one import takes: a big school's whole list. */
export const LEARNER_IMPORT_MAX_LINES = 5_000;
/** The largest file: far above 5,000 lines of six columns. */
export const LEARNER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Guardians one line may invite. */
export const LEARNER_IMPORT_MAX_GUARDIANS = 4;

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;

/**
 * A date of birth as schools write it: `2015-03-20`, `2015/03/20`, or day first as in South
 * Africa, `20/03/2015` or `20.03.2015`; null for an empty cell; `undefined` for anything else.
 */
export function parseBirthDate(cell: string): string | null | undefined {
  const value = cell.trim();
  if (value === "") return null;
  const dayFirst = DAY_FIRST.exec(value);
  const yearFirst = YEAR_FIRST.exec(value);
  const parts = dayFirst
    ? [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!]
    : yearFirst
      ? [yearFirst[1]!, yearFirst[2]!, yearFirst[3]!]
      : null;
  if (!parts) return undefined;
  const iso = `${parts[0]}-${parts[1]!.padStart(2, "0")}-${parts[2]!.padStart(2, "0")}`;
  return isIsoDate(iso) && iso >= DATE_MIN && iso <= DATE_MAX ? iso : undefined;
}

const email = signupInput.shape.email;

/** One line of the list, once its cells are read: what the server checks before anything is written. */
export const learnerImportLine = z.object({
  akdNumber: text().trim().min(1, "akd_number_required").max(30),
  firstName: personName,
  lastName: personName,
  grade: text().trim().max(20),
  dateOfBirth: z.string().transform((cell, context) => {
    const parsed = parseBirthDate(cell);
    if (parsed === undefined) {
      context.addIssue({ code: "custom", message: "date_of_birth_invalid" });
      return z.NEVER;
    }
    return parsed;
  }),
  // Several addresses in one cell, split by semicolons, commas or spaces.
  guardianEmails: z
    .string()
    .transform((cell) => cell.split(/[\s;,]+/).filter((part) => part !== ""))
    .pipe(z.array(email).max(LEARNER_IMPORT_MAX_GUARDIANS, "too_many_guardians")),
});
export type LearnerImportLine = z.output<typeof learnerImportLine>;

export const LEARNER_IMPORT_ACTIONS = ["create", "update", "unchanged", "error"] as const;
export type LearnerImportAction = (typeof LEARNER_IMPORT_ACTIONS)[number];
/** A guardian's address on a line: a new account invited, an account linked, one linked already, or refused. */
export const GUARDIAN_IMPORT_ACTIONS = ["invite", "link", "linked", "error"] as const;

export const learnerImportResult = z.object({
  /** The line in the file, 1-based, the heading being line 1. */
  line: z.number().int(),
  akdNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.string(),
  dateOfBirth: z.string().nullable(),
  action: z.enum(LEARNER_IMPORT_ACTIONS),
  /** Why the line cannot be imported, in the caller's language; empty when it can. */
  errors: z.array(z.string()),
  guardians: z.array(
    z.object({ email: z.string(), action: z.enum(GUARDIAN_IMPORT_ACTIONS), error: z.string().nullable() }),
  ),
});
export type LearnerImportResult = z.infer<typeof learnerImportResult>;

export const learnerImportReport = z.object({
  /** True for the preview: nothing was written. */
  dryRun: z.boolean(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
    invite: z.number().int(),
    link: z.number().int(),
  }),
  lines: z.array(learnerImportResult),
});
export type LearnerImportReport = z.infer<typeof learnerImportReport>;
export const learnerImportAnswer = dataAnswer(learnerImportReport).extend({ message: z.string() });

/** `?dryRun=true`: the preview, which writes nothing. */
export const learnerImportQuery = z.object({
  dryRun: z.enum(["true", "false"]).default("false"),
});
