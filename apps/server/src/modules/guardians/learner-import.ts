import { randomUUID } from "node:crypto";
import type { IsoDate } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import {
  LEARNER_IMPORT_MAX_LINES,
  LEARNER_IMPORT_REQUIRED,
  type LearnerImportAction,
  type LearnerImportColumn,
  type LearnerImportReport,
  type LearnerImportResult,
  learnerImportColumn,
  learnerImportColumnLabel,
  learnerImportLine,
} from "@kantien/domain/learner-import";
import { MESSAGES, type MessageCode, message } from "@kantien/domain/messages";
import { ROLE } from "@kantien/domain/roles";
import { CsvError, parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { clients, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { createAccount } from "../auth/accounts";
import { type AccountByEmail, accountsByEmail, inviteGuardianAccount } from "./invite";
import { activateLink, mayHoldLinks } from "./links";

/*
 * The school's list of learners (decision 0068): read whole, every line checked, then written in
 * one transaction or not at all. The preview (`dryRun`) is the same reading without the writes.
 */

type Cells = Record<LearnerImportColumn, string>;

/** The file's text: UTF-8 (a BOM dropped), else Windows-1252, which Excel's plain "CSV" writes. */
function decode(file: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return new TextDecoder("windows-1252").decode(file);
  }
}

/** Semicolons when the heading holds more of them than commas (Excel in South Africa), tabs likewise. */
function delimiterOf(text: string): string {
  const heading = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => heading.split(character).length - 1;
  const [best] = [",", ";", "\t"].sort((a, b) => count(b) - count(a));
  return best!;
}

/** The heading's columns and each line's cells, by column, with its line number. */
function readList(file: Buffer): { line: number; cells: Cells }[] {
  const text = decode(file);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === "number" ? error.lines : 0;
    throw new AppError("learner_import_unreadable", { line }, () => ({ line: String(line) }));
  }
  const [heading, ...rows] = records;
  if (!heading) throw new AppError("learner_import_empty");
  const columns = heading.record.map(learnerImportColumn);
  const missing = LEARNER_IMPORT_REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new AppError("learner_import_columns", { missing }, (language) => ({
      missing: missing.map((column) => learnerImportColumnLabel(column, language)).join(", "),
    }));
  }
  if (rows.length === 0) throw new AppError("learner_import_empty");
  if (rows.length > LEARNER_IMPORT_MAX_LINES) {
    throw new AppError("learner_import_too_many_lines", { max: LEARNER_IMPORT_MAX_LINES }, () => ({
      max: String(LEARNER_IMPORT_MAX_LINES),
    }));
  }
  return rows.map(({ record, info }) => {
    const cells = {
      akdNumber: "",
      firstName: "",
      lastName: "",
      grade: "",
      dateOfBirth: "",
      guardianEmail: "",
    };
    columns.forEach((column, index) => {
      if (column && cells[column] === "") cells[column] = record[index] ?? "";
    });
    return { line: info.lines, cells };
  });
}

/** A zod issue as the admin reads it: the column, and what is wrong with it. */
function issueText(path: PropertyKey[], code: string, cells: Cells, language: Language): string {
  const field = path[0] === "guardianEmails" ? "guardianEmail" : (path[0] as LearnerImportColumn);
  const label = learnerImportColumnLabel(field, language);
  const what =
    (cells[field] ?? "").trim() === ""
      ? message("learner_import_cell_empty", language)
      : code in MESSAGES
        ? message(code as MessageCode, language)
        : message("invalid_field", language);
  return `${label}: ${what}`;
}

const existingRow = z.object({
  id: z.string(),
  akdNumber: z.string(),
  roleId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
});

/** The customers the list's academy numbers already name (not removed), by lower-case number. */
async function learnersByAcademyNumber(tx: Tx, numbers: readonly string[]) {
  const found = new Map<string, z.infer<typeof existingRow>>();
  const wanted = [...new Set(numbers.map((number) => number.toLowerCase()))];
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await queryRows(
      tx,
      sql`select u.id, c.akd_number as "akdNumber", u.role_id as "roleId", u.first_name as "firstName",
                 u.last_name as "lastName", c.grade, c.date_of_birth::text as "dateOfBirth"
          from clients c join users u on u.id = c.user_id and u.deleted_at is null
          where lower(c.akd_number) in ${wanted.slice(start, start + 1000)}`,
      existingRow,
    );
    for (const row of rows) found.set(row.akdNumber.toLowerCase(), row);
  }
  return found;
}

/** The active links among the learners and guardians the list names, as `guardian learner` pairs. */
async function activeLinks(tx: Tx, learnerIds: readonly string[]): Promise<Set<string>> {
  const pairs = new Set<string>();
  for (let start = 0; start < learnerIds.length; start += 1000) {
    const rows = await queryRows(
      tx,
      sql`select guardian_id as "guardianId", learner_id as "learnerId" from guardian_links
          where learner_id in ${learnerIds.slice(start, start + 1000)} and status = 'active'`,
      z.object({ guardianId: z.string(), learnerId: z.string() }),
    );
    for (const row of rows) pairs.add(`${row.guardianId} ${row.learnerId}`);
  }
  return pairs;
}

type Planned = LearnerImportResult & { learnerId: string | null };

/**
 * Reads the school's list and, unless `dryRun`, writes it: new learners (role 1, an academy
 * record, no sign-in of their own until an admin gives them an address), changed names, grades
 * and dates of birth, and each line's guardians linked (an unknown address invited as a guardian).
 * A list with any line in error writes nothing: 409 `learner_import_has_errors`.
 */
export async function importLearners(
  db: Db,
  {
    file,
    dryRun,
    by,
    mail,
    language,
    today,
  }: { file: Buffer; dryRun: boolean; by: string; mail: MailContext; language: Language; today: IsoDate },
): Promise<LearnerImportReport> {
  const lines = readList(file);
  return db.transaction(async (tx) => {
    const parsed = lines.map(({ line, cells }) => ({
      line,
      cells,
      checked: learnerImportLine.safeParse({ ...cells, guardianEmails: cells.guardianEmail }),
    }));
    const existing = await learnersByAcademyNumber(
      tx,
      parsed.flatMap(({ checked }) => (checked.success ? [checked.data.akdNumber] : [])),
    );
    const accounts = await accountsByEmail(
      tx,
      parsed.flatMap(({ checked }) => (checked.success ? checked.data.guardianEmails : [])),
    );
    const linked = await activeLinks(
      tx,
      [...existing.values()].map((row) => row.id),
    );
    // An academy number's first line, whether or not that line is right.
    const firstLineOf = new Map<string, number>();
    for (const { line, cells } of lines) {
      const key = cells.akdNumber.trim().toLowerCase();
      if (key !== "" && !firstLineOf.has(key)) firstLineOf.set(key, line);
    }
    const invitedBefore = new Set<string>();

    const planned: Planned[] = parsed.map(({ line, cells, checked }) => {
      const shown = {
        line,
        akdNumber: cells.akdNumber,
        firstName: cells.firstName,
        lastName: cells.lastName,
        grade: cells.grade,
        dateOfBirth: checked.success ? checked.data.dateOfBirth : null,
      };
      // A number listed before is wrong on this line, whatever else is.
      const first = firstLineOf.get(cells.akdNumber.trim().toLowerCase()) ?? line;
      const twice =
        first === line ? [] : [message("learner_import_akd_twice", language, { line: String(first) })];
      if (!checked.success) {
        const errors = checked.error.issues.map((issue) =>
          issueText(issue.path, issue.message, cells, language),
        );
        return {
          ...shown,
          learnerId: null,
          action: "error",
          errors: [...twice, ...new Set(errors)],
          guardians: [],
        };
      }
      const row = checked.data;
      const errors: string[] = [...twice];
      const key = row.akdNumber.toLowerCase();
      const found = existing.get(key);
      if (found && found.roleId !== ROLE.student)
        errors.push(message("learner_import_not_a_learner", language));
      const guardians = row.guardianEmails.map((email) => {
        const account = accounts.get(email);
        if (account && !mayHoldLinks(account.roleId)) {
          return {
            email,
            action: "error" as const,
            error: message("guardian_email_not_a_guardian", language),
          };
        }
        if (account && found && linked.has(`${account.id} ${found.id}`)) {
          return { email, action: "linked" as const, error: null };
        }
        if (account || invitedBefore.has(email)) return { email, action: "link" as const, error: null };
        invitedBefore.add(email);
        return { email, action: "invite" as const, error: null };
      });
      for (const guardian of guardians)
        if (guardian.error) errors.push(`${guardian.email}: ${guardian.error}`);
      const unchanged =
        found &&
        found.firstName === row.firstName &&
        found.lastName === row.lastName &&
        (found.grade ?? "") === row.grade &&
        // An empty cell keeps what is known: a list without dates of birth changes none.
        (row.dateOfBirth === null || found.dateOfBirth === row.dateOfBirth);
      const action = errors.length > 0 ? "error" : !found ? "create" : unchanged ? "unchanged" : "update";
      return { ...shown, learnerId: found?.id ?? null, action, errors, guardians };
    });

    const count = (action: LearnerImportAction) => planned.filter((line) => line.action === action).length;
    // Only lines that will be written link or invite anyone.
    const written = planned.filter((line) => line.action !== "error").flatMap((line) => line.guardians);
    const report: LearnerImportReport = {
      dryRun,
      counts: {
        create: count("create"),
        update: count("update"),
        unchanged: count("unchanged"),
        error: count("error"),
        invite: written.filter((guardian) => guardian.action === "invite").length,
        link: written.filter((guardian) => guardian.action === "link").length,
      },
      lines: planned.map(({ learnerId: _learnerId, ...line }) => line),
    };
    if (dryRun) return report;
    if (report.counts.error > 0) {
      throw new AppError("learner_import_has_errors", { errors: report.counts.error }, () => ({
        count: String(report.counts.error),
      }));
    }
    await writeList(tx, planned, { accounts, by, mail, today });
    return report;
  });
}

/** Writes what `importLearners` planned, line by line, in its transaction. */
async function writeList(
  tx: Tx,
  planned: readonly Planned[],
  {
    accounts,
    by,
    mail,
    today,
  }: { accounts: Map<string, AccountByEmail>; by: string; mail: MailContext; today: IsoDate },
) {
  // The accounts the plan found, and those this write invites, by address.
  const guardianIds = new Map([...accounts].map(([email, account]) => [email, account.id]));
  for (const line of planned) {
    const dateOfBirth = line.dateOfBirth;
    let learnerId = line.learnerId;
    if (line.action === "create") {
      // No sign-in of their own: an address that can never receive mail, until an admin gives one.
      const created = await createAccount(tx, {
        email: `leerder-${randomUUID()}@kantien.invalid`,
        firstName: line.firstName,
        lastName: line.lastName,
        roleId: ROLE.student,
        passwordHash: null,
      });
      learnerId = created.id;
      await tx.insert(clients).values({
        userId: learnerId,
        akdNumber: line.akdNumber,
        grade: line.grade || null,
        dateOfBirth,
      });
    } else if (line.action === "update" && learnerId) {
      await tx
        .update(users)
        .set({ firstName: line.firstName, lastName: line.lastName })
        .where(sql`${users.id} = ${learnerId}`);
      await tx
        .update(clients)
        .set({ grade: line.grade || null, ...(dateOfBirth ? { dateOfBirth } : {}) })
        .where(sql`${clients.userId} = ${learnerId}`);
    }
    if (!learnerId) continue;
    for (const guardian of line.guardians) {
      if (guardian.action === "linked" || guardian.action === "error") continue;
      let guardianId = guardianIds.get(guardian.email);
      if (!guardianId) {
        guardianId = await inviteGuardianAccount(tx, {
          email: guardian.email,
          lastName: line.lastName,
          mail,
        });
        guardianIds.set(guardian.email, guardianId);
      }
      await activateLink(tx, { guardianId, learnerId, by, ask: { config: mail.config, today } });
    }
  }
}
