import { createHash } from "node:crypto";
import { type IsoDate, todayIn } from "@kantien/domain/dates";
import { type DayClose, type DayReport, dayReport as dayReportSchema } from "@kantien/domain/reports";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { AppError } from "../../errors";
import { walletsOffLedger } from "../wallets/proof";
import { dayReport } from "./day-report";

const closeRow = z.object({
  date: z.string(),
  reportJson: z.string(),
  hash: z.string(),
  previousHash: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: timestampColumn,
});
type CloseRow = z.infer<typeof closeRow>;

const closeColumns = sql`c.date::text as date, c.report_json as "reportJson", c.hash,
  c.previous_hash as "previousHash", u.first_name || ' ' || u.last_name as "closedBy", c.closed_at as "closedAt"`;

/** The chain's link: the SHA-256 of the previous close's hash (or nothing) and this report's JSON. */
export function closeHash(previousHash: string | null, reportJson: string): string {
  return createHash("sha256")
    .update(`${previousHash ?? ""}\n${reportJson}`)
    .digest("hex");
}

function toDayClose(row: CloseRow): DayClose {
  return {
    date: row.date,
    closedAt: row.closedAt,
    closedBy: row.closedBy,
    hash: row.hash,
    previousHash: row.previousHash,
  };
}

/** The close of `date`, with the report it froze; null while the day is open. */
export async function findDayClose(
  db: Db | Tx,
  date: IsoDate,
): Promise<{ close: DayClose; report: DayReport } | null> {
  const [row] = await queryRows(
    db,
    sql`select ${closeColumns} from day_closes c left join users u on u.id = c.closed_by where c.date = ${date}`,
    closeRow,
  );
  return row ? { close: toDayClose(row), report: dayReportSchema.parse(JSON.parse(row.reportJson)) } : null;
}

/**
 * Closes a past day whose wallet proof balances, while every wallet matches its ledger: its
 * report is frozen as JSON and linked to the previous close by hash. One close at a time (a
 * transaction-scoped lock), so each links to the one before and two admins closing the same
 * day get one close and one `day_already_closed`.
 */
export async function closeDay(
  db: Db,
  { date, now, timeZone, closedBy }: { date: IsoDate; now: Date; timeZone: string; closedBy: string },
): Promise<{ close: DayClose; report: DayReport }> {
  if (date >= todayIn(timeZone, now)) throw new AppError("day_not_over");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('day_closes'))`);
    if (await findDayClose(tx, date)) throw new AppError("day_already_closed");
    const report = await dayReport(tx, { date, timeZone });
    // The day's sums prove the wallets by their running balances; every wallet's balance must
    // also be the sum of its ledger, or a drifted balance would pass.
    const wallets = await walletsOffLedger(tx);
    if (!report.walletProof.balanced || wallets.length > 0) {
      throw new AppError("day_not_balanced", { difference: report.walletProof.difference, wallets });
    }
    const [previous] = await queryRows(
      tx,
      sql`select hash from day_closes order by sequence desc limit 1`,
      z.object({ hash: z.string() }),
    );
    const reportJson = JSON.stringify(report);
    const previousHash = previous?.hash ?? null;
    await tx.execute(sql`insert into day_closes (date, report_json, hash, previous_hash, closed_by, closed_at)
      values (${date}, ${reportJson}, ${closeHash(previousHash, reportJson)}, ${previousHash}, ${closedBy},
              ${now.toISOString()}::timestamptz)`);
    return (await findDayClose(tx, date))!;
  });
}

/**
 * Every close in the chain's order, each checked: its hash still matches its report and the
 * previous hash, and that previous hash is the close before it. A changed row breaks its own
 * link and, by its hash, the next one's.
 */
export async function listDayCloses(
  db: Db,
): Promise<{ closes: (DayClose & { intact: boolean })[]; chainIntact: boolean }> {
  const rows = await queryRows(
    db,
    sql`select ${closeColumns} from day_closes c left join users u on u.id = c.closed_by order by c.sequence`,
    closeRow,
  );
  let before: string | null = null;
  const closes = rows.map((row) => {
    const intact = row.previousHash === before && closeHash(row.previousHash, row.reportJson) === row.hash;
    before = row.hash;
    return { ...toDayClose(row), intact };
  });
  return { closes, chainIntact: closes.every((close) => close.intact) };
}
