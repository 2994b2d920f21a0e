import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import type { Config } from "../config";
import { type Database, type Db, queryRows } from "../db/client";
import { emailOutbox } from "../db/schema";
import { EMAIL_CHANNEL } from "./outbox";

/** After this many failed tries a mail is marked failed; it stays in the outbox for a person to see. */
export const MAX_EMAIL_ATTEMPTS = 12;
const BATCH_SIZE = 20;
/** Start no send later than this after the claim: with the transport's timeouts, every send ends well inside 5 minutes. */
const CLAIM_BUDGET_MS = 2 * 60_000;

/** Kept well under the 5-minute claim: a slow server fails the send instead of outliving it. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 };

/** An SMTP transport for SMTP_URL with our timeouts (query parameters in the URL win). */
export function createSmtpTransport(smtpUrl: string) {
  return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
}

/** Unsent mails are kept this long without SMTP_URL, for the operator to read their links. */
export const OUTBOX_KEEP_DAYS = 7;

/**
 * The hourly outbox sweep. Without SMTP_URL nothing is ever sent and the operator reads
 * the links in the outbox, so mails are kept for a week, then deleted. With SMTP, sent
 * mails have no bodies already; a mail that failed for good loses its body after a week
 * too (its links have expired by then).
 */
export async function sweepEmailOutbox(db: Db, { smtpUrl }: Pick<Config, "smtpUrl">) {
  const old = sql`created_at < now() - make_interval(days => ${OUTBOX_KEEP_DAYS})`;
  if (!smtpUrl) {
    await db.execute(sql`delete from email_outbox where ${old}`);
  } else {
    await db.execute(sql`
      update email_outbox set text_body = '', html_body = null
      where status = 'failed' and ${old} and (text_body <> '' or html_body is not null)`);
  }
}

export type EmailTransport = Pick<Transporter, "sendMail">;
export type EmailSender = { wake(): void; stop(): Promise<void> };

/** A claimed mail; the bigserial id is text from node-postgres and a number from PGlite. */
const claimedEmail = z.object({
  id: z.union([z.string(), z.number()]),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string().nullable(),
  attempts: z.number().int(),
});

/** Waits 30 s after the first failure, doubling up to an hour (about 5 hours in all). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

/**
 * Claims the due mails and sends them; answers how many it claimed. Claiming counts the
 * attempt and moves the mail 5 minutes ahead, so no other process takes it while it is
 * sent, and a mail whose sender died comes back by itself. SKIP LOCKED lets several
 * processes claim at once without waiting on, or taking, each other's mails.
 */
export async function sendDueEmails(
  db: Db,
  transport: EmailTransport,
  { from, log, batchSize = BATCH_SIZE }: { from: string; log: FastifyBaseLogger; batchSize?: number },
): Promise<number> {
  const claimed = await queryRows(
    db,
    sql`
    with due as materialized (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${batchSize}
      for update skip locked
    )
    update email_outbox o
    set attempts = o.attempts + 1, next_attempt_at = now() + interval '5 minutes'
    from due where o.id = due.id
    returning o.id, o.to_address, o.subject, o.text_body, o.html_body, o.attempts`,
    claimedEmail,
  );
  const claimedAt = Date.now();
  for (const [index, mail] of claimed.entries()) {
    const id = Number(mail.id);
    // The claim holds for 5 minutes; whatever cannot be sent well within it is handed back
    // (attempt not counted), so no other process can claim a mail while this one sends it.
    if (Date.now() - claimedAt > CLAIM_BUDGET_MS) {
      const rest = claimed.slice(index).map((m) => Number(m.id));
      await db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
        .where(and(inArray(emailOutbox.id, rest), eq(emailOutbox.status, "pending")));
      break;
    }
    try {
      await transport.sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
      });
      // Sent: the bodies (which carry single-use links) are not kept; subject and recipient are.
      await db.execute(sql`
        update email_outbox
        set status = 'sent', sent_at = now(), last_error = null, text_body = '', html_body = null
        where id = ${id}`);
    } catch (error) {
      const attempts = Number(mail.attempts);
      const lastError = String((error as Error)?.message ?? error).slice(0, 1000);
      const failed = attempts >= MAX_EMAIL_ATTEMPTS;
      log.warn({ err: error, emailId: id, attempts, failed }, "sending an email failed");
      await db.execute(sql`
        update email_outbox
        set last_error = ${lastError},
            status = ${failed ? "failed" : "pending"},
            next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
        where id = ${id}`);
    }
  }
  return claimed.length;
}

/**
 * Sends the outbox through SMTP_URL: every few seconds, and at once when a mail is queued
 * (enqueueEmail's NOTIFY, or `wake()`). Without SMTP_URL mails stay in the outbox.
 */
export async function startEmailSender({
  db,
  config,
  log,
  listen,
  pollMs = 5000,
}: {
  db: Db;
  config: Pick<Config, "smtpUrl" | "publicUrl" | "canteenName">;
  log: FastifyBaseLogger;
  /** `database.listen`: wakes this process when any process queues a mail. */
  listen?: Database["listen"];
  pollMs?: number;
}): Promise<EmailSender> {
  if (!config.smtpUrl) {
    log.info("SMTP_URL is not set: mails stay in the email_outbox table and their links are logged");
    return { wake() {}, stop: async () => {} };
  }
  const transport = createSmtpTransport(config.smtpUrl);
  const from = { name: config.canteenName, address: `no-reply@${new URL(config.publicUrl).hostname}` };
  const fromHeader = `"${from.name.replaceAll('"', "")}" <${from.address}>`;

  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await sendDueEmails(db, transport, { from: fromHeader, log })) > 0) {}
        } catch (error) {
          log.error({ err: error }, "the email sender failed; it tries again at the next poll");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(run, pollMs);
  timer.unref();
  // After a lost LISTEN connection comes back, look for what was queued meanwhile.
  const unlisten = listen ? await listen(EMAIL_CHANNEL, run, { onRestored: run }) : null;
  run();

  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
      transport.close();
    },
  };
}
