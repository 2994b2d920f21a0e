import { inviteUserInput, newPassword } from "@kantien/domain/auth";
import { ROLE } from "@kantien/domain/roles";
import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { type Database, DataDirLockedError, openPglite, openPostgres } from "../db/client";
import { emailOutbox } from "../db/schema";
import { pgAnswer } from "../errors";
import { startEmailSender } from "../mail/sender";
import { emailTaken } from "../modules/auth/accounts";
import { createAdmin } from "../modules/staff/new-admin";
import { OpsError } from "./ops-error";
import type { AskPassword } from "./password-prompt";

export const CREATE_ADMIN_USAGE =
  "npm run admin:create -- --email <address> --first-name <name> --last-name <name> [--send-link]";

export type CreateAdminOptions = {
  email: string;
  firstName: string;
  lastName: string;
  sendLink: boolean;
};

/** `--email a@b --first-name X --last-name Y [--send-link]`, also as `--email=a@b`. */
export function parseCreateAdminArgs(args: string[]): CreateAdminOptions {
  const values: Record<string, string> = {};
  let sendLink = false;
  for (let i = 0; i < args.length; i++) {
    const [flag = "", inline] = args[i]!.split(/=(.*)/s, 2);
    if (flag === "--send-link" && inline === undefined) {
      sendLink = true;
      continue;
    }
    if (!["--email", "--first-name", "--last-name"].includes(flag) || flag in values) {
      throw new OpsError(CREATE_ADMIN_USAGE);
    }
    const value = inline ?? args[++i];
    if (value === undefined) throw new OpsError(`${flag} needs a value: ${CREATE_ADMIN_USAGE}`);
    values[flag] = value;
  }
  const missing = ["--email", "--first-name", "--last-name"].filter((flag) => !(flag in values));
  if (missing.length > 0) throw new OpsError(`give ${missing.join(", ")}: ${CREATE_ADMIN_USAGE}`);
  return {
    email: values["--email"]!,
    firstName: values["--first-name"]!,
    lastName: values["--last-name"]!,
    sendLink,
  };
}

/**
 * `npm run admin:create`: an admin in the canteen the settings select (DATABASE_URL, else
 * DATA_DIR), migrated first as the server would. The address and names are checked as the
 * product checks an invitation's, an address some account has is refused, and the password,
 * asked twice, as every password form checks it; or, with `--send-link`, the admin gets the
 * invitation mail staff get, sent at once through SMTP_URL (else its link is printed).
 */
export async function createAdminCommand(
  config: Config,
  options: CreateAdminOptions,
  { ask, print }: { ask: AskPassword; print: (line: string) => void },
): Promise<void> {
  const parsed = inviteUserInput.safeParse({ ...options, roleId: ROLE.kitchenAdmin });
  if (!parsed.success) {
    const flags: Record<string, string> = {
      email: "--email",
      firstName: "--first-name",
      lastName: "--last-name",
    };
    const wrong = [...new Set(parsed.error.issues.map((issue) => flags[String(issue.path[0])] ?? "input"))];
    throw new OpsError(`${wrong.join(" and ")} ${wrong.length > 1 ? "are" : "is"} not valid`);
  }
  const admin = {
    email: parsed.data.email,
    firstName: parsed.data.firstName,
    lastName: parsed.data.lastName,
  };

  const database = await openDatabase(config);
  try {
    const taken = () => new OpsError(`an account with ${admin.email} exists already: no admin was created`);
    // Before the password is asked for: a refusal then costs the operator nothing.
    if (await emailTaken(database.db, admin.email)) throw taken();
    const log = printingLog(print);
    const how = options.sendLink ? { mail: { config, log } } : { password: await askTwice(ask) };
    try {
      await createAdmin(database.db, admin, how);
    } catch (error) {
      if (pgAnswer(error)?.code === "email_taken") throw taken();
      throw error;
    }
    const where = `${config.publicUrl}/login`;
    if (!options.sendLink) {
      print(`Created the admin ${admin.email} (${admin.firstName} ${admin.lastName}). Sign in at ${where}.`);
      return;
    }
    print(`Created the admin ${admin.email} (${admin.firstName} ${admin.lastName}), invited by mail.`);
    if (config.smtpUrl) await sendNow(database, config, admin.email, log, print);
  } finally {
    await database.close();
  }
}

async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, 2);
  try {
    return await openPglite(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new OpsError(`stop the server first: ${error.message.split(".")[0]}`);
    }
    throw error;
  }
}

async function askTwice(ask: AskPassword): Promise<string> {
  const password = await ask("Password for the new admin: ");
  const checked = newPassword.safeParse(password);
  if (!checked.success) {
    throw new OpsError(
      checked.error.issues[0]?.message === "password_too_short"
        ? "the password is too short: at least 6 characters"
        : "the password is too long: at most 200 characters",
    );
  }
  if ((await ask("The same password again: ")) !== password) {
    throw new OpsError("the two passwords differ: no admin was created");
  }
  return password;
}

/**
 * The invitation goes now, not at a server's next look at the outbox (none may run yet): the
 * server's own sender takes one turn. A mail it could not send stays in the outbox, and every
 * running server tries it again.
 */
async function sendNow(
  database: Database,
  config: Config,
  email: string,
  log: FastifyBaseLogger,
  print: (line: string) => void,
) {
  const sender = await startEmailSender({ db: database.db, config, log });
  await sender.stop();
  const [mail] = await database.db
    .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (mail?.status === "sent") {
    print(`The set-up link went to ${email}; it works once, for 72 hours.`);
  } else {
    print(
      `The mail to ${email} could not be sent yet (${mail?.lastError ?? "not tried"}); it waits in the outbox, and the server tries it again.`,
    );
  }
}

/** The account mails' log, as lines for the operator: without SMTP_URL the link is among them. */
function printingLog(print: (line: string) => void): FastifyBaseLogger {
  const write = (first: unknown, second?: unknown) => {
    const message = typeof first === "string" ? first : typeof second === "string" ? second : "";
    if (message) print(message);
  };
  const quiet = () => {};
  const log = {
    level: "info",
    info: write,
    warn: quiet,
    error: write,
    fatal: write,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}
