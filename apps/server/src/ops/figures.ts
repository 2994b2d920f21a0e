import { z } from "zod";
import { WALLETS_OFF_LEDGER_SQL } from "../modules/wallets/proof";

/** What both PGlite's client and node-postgres's client answer to a plain SQL text. */
export type Queryable = { query(text: string): Promise<{ rows: unknown[] }> };

/**
 * A canteen's figures, written into a backup's manifest and checked after a restore or a move:
 * the rows of every table, and the wallet proof (docs/decisions/0045-backups.md).
 */
export const canteenFigures = z.object({
  /** Rows per table of the `public` schema, by name. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  wallets: z.object({
    /** The sum of every wallet's balance, as PostgreSQL writes a numeric ("1234.50"). */
    balances: z.string(),
    /** The sum of every ledger row. */
    ledger: z.string(),
    /**
     * Wallets whose balance is not the sum of their own ledger rows (the dashboard's and the
     * day's close's query): 0 in a sound canteen.
     */
    unequal: z.number().int().nonnegative(),
  }),
});
export type CanteenFigures = z.infer<typeof canteenFigures>;

const tableRow = z.object({ name: z.string() });
const countRow = z.object({ name: z.string(), rows: z.coerce.number() });
const proofRow = z.object({ balances: z.string(), ledger: z.string(), unequal: z.coerce.number() });

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads the figures of the canteen `db` holds; consistent when `db` is one snapshot. */
export async function readFigures(db: Queryable): Promise<CanteenFigures> {
  const tables = z
    .array(tableRow)
    .parse(
      (
        await db.query(
          "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
        )
      ).rows,
    )
    .map((t) => t.name);
  const counts =
    tables.length === 0
      ? []
      : z
          .array(countRow)
          .parse(
            (
              await db.query(
                tables
                  .map(
                    (t) =>
                      `select '${t.replaceAll("'", "''")}' as name, count(*)::text as rows from ${quote(t)}`,
                  )
                  .join(" union all "),
              )
            ).rows,
          );
  const [proof] = z.array(proofRow).parse(
    (
      await db.query(`
        select (select coalesce(sum(balance), 0)::text from wallets) as balances,
               (select coalesce(sum(amount), 0)::text from wallet_transactions) as ledger,
               (select count(*)::text from (${WALLETS_OFF_LEDGER_SQL}) o) as unequal`)
    ).rows,
  );
  if (!proof) throw new Error("the wallet proof read no row");
  return {
    tables: Object.fromEntries(counts.map((c) => [c.name, c.rows])),
    wallets: proof,
  };
}

/** The lines that differ between `expected` and `found`: none when they are the same canteen. */
export function differences(expected: CanteenFigures, found: CanteenFigures): string[] {
  const lines: string[] = [];
  const names = [...new Set([...Object.keys(expected.tables), ...Object.keys(found.tables)])].sort();
  for (const name of names) {
    if (expected.tables[name] !== found.tables[name]) {
      lines.push(
        `${name}: ${expected.tables[name] ?? "no table"} rows, found ${found.tables[name] ?? "no table"}`,
      );
    }
  }
  if (Number(expected.wallets.balances) !== Number(found.wallets.balances)) {
    lines.push(`sum of balances: ${expected.wallets.balances}, found ${found.wallets.balances}`);
  }
  if (Number(expected.wallets.ledger) !== Number(found.wallets.ledger)) {
    lines.push(`sum of the ledger: ${expected.wallets.ledger}, found ${found.wallets.ledger}`);
  }
  if (found.wallets.unequal > 0) {
    lines.push(`${found.wallets.unequal} wallet(s) whose balance is not the sum of their ledger rows`);
  }
  if (Number(found.wallets.balances) !== Number(found.wallets.ledger)) {
    lines.push(`the balances (${found.wallets.balances}) are not the ledger (${found.wallets.ledger})`);
  }
  return lines;
}

/** The two canteens' figures side by side, one line per table, then the wallet proof. */
export function sideBySide(
  left: { title: string; figures: CanteenFigures },
  right: { title: string; figures: CanteenFigures },
): string {
  const names = [
    ...new Set([...Object.keys(left.figures.tables), ...Object.keys(right.figures.tables)]),
  ].sort();
  const rows: [string, string, string][] = [
    ["", left.title, right.title],
    ...names.map((n): [string, string, string] => [
      n,
      String(left.figures.tables[n] ?? "-"),
      String(right.figures.tables[n] ?? "-"),
    ]),
    ["sum of wallet balances", left.figures.wallets.balances, right.figures.wallets.balances],
    ["sum of the ledger", left.figures.wallets.ledger, right.figures.wallets.ledger],
    ["wallets ≠ their ledger", String(left.figures.wallets.unequal), String(right.figures.wallets.unequal)],
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  return rows
    .map(
      ([a, b, c]) =>
        `  ${a.padEnd(widths[0] ?? 0)}  ${b.padStart(widths[1] ?? 0)}  ${c.padStart(widths[2] ?? 0)}`,
    )
    .join("\n");
}
