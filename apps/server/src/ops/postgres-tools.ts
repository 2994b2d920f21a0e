import { spawn } from "node:child_process";
import pg from "pg";
import { z } from "zod";
import { OpsError } from "./ops-error";

/** Runs a PostgreSQL client program (pg_dump, pg_restore); refuses with its last error line. */
export async function runPgTool(program: string, args: string[]): Promise<void> {
  const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new OpsError(`${program} was not found: install PostgreSQL's client programs (postgresql-client)`)
          : error,
      ),
    );
    child.once("close", resolve);
  });
  if (code !== 0) {
    const last = stderr.trim().split("\n").filter(Boolean).at(-1) ?? `exit ${code}`;
    throw new OpsError(`${program} failed: ${last}`);
  }
}

/** Connects one client to `url`; the caller ends it. */
export async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new OpsError(`cannot connect to ${redact(url)}: ${error instanceof Error ? error.message : error}`);
  }
  return client;
}

const objectCount = z.object({ n: z.coerce.number() });

/**
 * Refuses a PostgreSQL database that holds anything of its own (a table, a view, a sequence):
 * a restore or a move fills an empty database only, so nothing is ever overwritten or mixed.
 */
export async function refuseNonEmptyPostgres(client: pg.Client, url: string): Promise<void> {
  const { rows } = await client.query(`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`);
  const n = objectCount.parse(rows[0]).n;
  if (n > 0) {
    throw new OpsError(
      `${redact(url)} is not empty (${n} tables, views or sequences): give a new, empty database (createdb)`,
    );
  }
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the database";
  }
}
