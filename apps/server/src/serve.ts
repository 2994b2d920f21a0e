import { buildApp, defaultWebDist } from "./app";
import { type Config, ConfigError } from "./config";
import { DataDirLockedError, openPglite, openPostgres } from "./db/client";
import { DEMO_PASSWORD, existingDemoAccounts, seedDemo } from "./db/seed/demo";
import { deleteOldIdempotencyKeys } from "./idempotency";
import { startEmailSender, sweepEmailOutbox } from "./mail/sender";
import { deleteOldLoginAttempts } from "./modules/auth/login-limit";
import { deleteOldOrderEvents } from "./modules/events/replay";
import { startDumpListener } from "./ops/dump-listener";
import { deleteExpiredSessions } from "./plugins/session";

/** A stop that takes longer than this is cut short (exit 1): a process manager waits about as long before SIGKILL. */
const STOP_DEADLINE_MS = 10_000;

/**
 * Opens the database, loads the demo data if wanted, and serves the app until SIGINT or
 * SIGTERM. main.ts calls it with the environment's config, the one way to start the server;
 * the browser tests' entry calls it with a config whose clock they set
 * (docs/decisions/0027-one-clock.md).
 */
export async function serve(environment: Config) {
  const database = environment.databaseUrl
    ? await openPostgres(environment.databaseUrl)
    : await openPglite(environment.dataDir);

  const seedWanted = environment.seedDemo ?? database.kind === "pglite";
  // Seeds only a database without users (checked again under a lock, for several processes).
  if (seedWanted) await seedDemo(database.db, environment.timeZone, environment.clock());
  // The payment simulator is the demo's: allowed where the demo's accounts are, which a real
  // canteen never has, unless PAYMENTS_SIMULATOR says otherwise (decision 0074).
  const isDemo = seedWanted && (await existingDemoAccounts(database.db)).length > 0;
  const config: Config = {
    ...environment,
    payments: { ...environment.payments, simulator: environment.payments.simulator ?? isDemo },
  };

  const app = await buildApp({
    config,
    database,
    webDist: defaultWebDist,
    logger: {
      level: config.logLevel,
      ...(process.stdout.isTTY
        ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } }
        : {}),
    },
  });

  // `npm run backup` asks this server for PGlite's data directory, which it holds (ops/dump-listener.ts).
  const stopDumpListener =
    database.kind === "pglite" ? await startDumpListener(database, config.dataDir) : async () => {};

  const mailer = await startEmailSender({
    db: database.db,
    listen: database.listen,
    config,
    log: app.log,
  });

  const sweep = setInterval(() => {
    Promise.all([
      deleteExpiredSessions(database.db, config.clock()),
      deleteOldLoginAttempts(database.db, {
        login: config.loginLimit,
        signup: config.signupLimit,
        passwordReset: config.passwordResetLimit,
      }),
      sweepEmailOutbox(database.db, config),
      deleteOldIdempotencyKeys(database.db),
      deleteOldOrderEvents(database.db, config.clock()),
    ]).catch((error) =>
      app.log.warn(
        { err: error },
        "sweep of old sessions, sign-in attempts, outbox mails and idempotency keys failed",
      ),
    );
  }, 60 * 60_000);
  sweep.unref();
  // Payments whose notification has not come are asked about at their provider (decision 0074).
  const paymentCheck = setInterval(() => {
    app
      .checkPendingPayments()
      .catch((error) => app.log.warn({ err: error }, "the check of pending payments failed"));
  }, 5 * 60_000);
  paymentCheck.unref();

  // The stop (docs/decisions/0044-clean-stops-health-and-metrics.md): Fastify's close answers new
  // requests 503, finishes those in flight, ends the event streams with a retry hint, stops
  // listening and closes idle connections (plugins/lifecycle.ts); then the mail sender and the
  // database. Whatever hangs past the deadline, the process exits non-zero and says so.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: stopping: no new requests, finishing those in flight`);
    const deadline = setTimeout(() => {
      app.log.error(`${signal}: not stopped within ${STOP_DEADLINE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    clearInterval(sweep);
    clearInterval(paymentCheck);
    try {
      await app.close();
      await stopDumpListener();
      await mailer.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, `${signal}: the stop failed`);
      process.exit(1);
    }
    app.log.info(`${signal}: stopped`);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
  const local = ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost"].includes(config.host);
  console.log(
    `\n${config.canteenName} is running on http://${local ? "localhost" : config.host}:${config.port}  (${where})`,
  );
  // Only accounts that are there: a real canteen's database has none of them.
  const demo = isDemo ? await existingDemoAccounts(database.db) : [];
  if (demo.length > 0) {
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const a of demo) console.log(`  ${a.email.padEnd(26)} role ${a.roleId}`);
  }
}

/** Says why the server could not start, in one line for a bad setting or a locked DATA_DIR, and exits 1. */
export function exitOnStartFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Kantien cannot start. ${error.message}`);
  } else {
    console.error("Kantien cannot start:", error);
  }
  process.exit(1);
}
