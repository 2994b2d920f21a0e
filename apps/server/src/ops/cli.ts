import path from "node:path";
import { ConfigError, loadConfig } from "../config";
import { DataDirLockedError } from "../db/client";
import { ArchiveError } from "./archive";
import { backup } from "./backup";
import { createAdminCommand, parseCreateAdminArgs } from "./create-admin";
import { moveToPostgres } from "./move-to-postgres";
import { OpsError } from "./ops-error";
import { type AskPassword, passwordPrompt } from "./password-prompt";
import { restore } from "./restore";

/**
 * The operator's commands (README, "Backups" and "The first admin"): `backup <file>`,
 * `restore <file>`, `move-to-postgres <DATABASE_URL>` and `create-admin --email …`, with the
 * server's settings from the environment. Prints what it did, or why it refused in one line;
 * exits 1 on a refusal or a check that fails. `ask` reads a password (the terminal's, hidden).
 */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
  ask?: AskPassword,
): Promise<number> {
  const [command, argument, ...rest] = argv;
  // npm runs scripts in the repository's root; a file is named from where the command was typed.
  const fromCaller = (file: string) => path.resolve(env.INIT_CWD ?? process.cwd(), file);
  try {
    if (command === "create-admin") {
      const options = parseCreateAdminArgs(argv.slice(1));
      const prompt = ask ? null : passwordPrompt();
      try {
        await createAdminCommand(loadConfig(env), options, { ask: ask ?? prompt!.ask, print });
      } finally {
        prompt?.close();
      }
      return 0;
    }
    if (!argument || rest.length > 0) throw new OpsError(usage(command));
    const config = loadConfig(env);
    if (command === "backup") {
      const started = Date.now();
      const result = await backup(config, fromCaller(argument));
      const m = result.manifest;
      print(
        `Backed up the ${m.backend === "pglite" ? `embedded canteen in ${config.dataDir}` : "PostgreSQL canteen"} to ${result.file}`,
      );
      print(
        `  ${(result.bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; ${Object.keys(m.figures.tables).length} tables, ${m.figures.tables.orders ?? 0} orders, ${m.uploads} uploads; wallets ${m.figures.wallets.balances}, ledger ${m.figures.wallets.ledger}`,
      );
      return 0;
    }
    if (command === "restore") {
      const started = Date.now();
      const result = await restore(config, fromCaller(argument));
      print(
        `Restored the backup of ${result.manifest.created_at} into ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s, ${result.manifest.uploads} uploads. The check:`,
      );
      print(result.report);
      return report(result.differences, "The restored canteen matches its backup.", print);
    }
    if (command === "move-to-postgres") {
      const result = await moveToPostgres(config, argument);
      print(`Copied the embedded canteen in ${config.dataDir} to PostgreSQL. The check:`);
      print(result.report);
      return report(
        result.differences,
        "Both hold the same canteen. Start the server with DATABASE_URL set to it; keep DATA_DIR for the uploads.",
        print,
      );
    }
    throw new OpsError(usage(command));
  } catch (error) {
    if (
      error instanceof OpsError ||
      error instanceof ArchiveError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      print(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function report(differences: string[], good: string, print: (line: string) => void): number {
  if (differences.length === 0) {
    print(good);
    return 0;
  }
  print("They differ:");
  for (const line of differences) print(`  ${line}`);
  return 1;
}

function usage(command: string | undefined) {
  return command === "move-to-postgres"
    ? "npm run db:move-to-postgres -- <DATABASE_URL>"
    : `npm run ${command === "restore" ? "restore" : "backup"} -- <file>`;
}

// Run as a script (npm run backup / restore / db:move-to-postgres / admin:create), not when a test imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  runCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
