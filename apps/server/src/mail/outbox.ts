import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../db/client";
import { emailOutbox } from "../db/schema";

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string | null };

/** The NOTIFY channel that wakes the email senders of every server process. */
export const EMAIL_CHANNEL = "kantien_email_outbox";

/**
 * Queues a mail in the outbox. Pass the caller's transaction: the mail then exists only
 * if the change it reports does, and the NOTIFY reaches the senders only after commit.
 */
export async function enqueueEmail(db: Db, mail: OutgoingEmail): Promise<number | null> {
  const [id] = await enqueueEmails(db, [mail]);
  return id ?? null;
}

/**
 * An address that can never receive mail (RFC 2606's `.invalid`): an anonymised account's, or a
 * learner's the school listed without one. Nothing is queued for it.
 */
export function isUndeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

/** Rows per insert: 4 parameters each. */
const BATCH = 1000;

/** Queues many mails at once (a bank statement's credits), with one NOTIFY; none to an undeliverable address. */
export async function enqueueEmails(db: Db, queued: OutgoingEmail[]): Promise<number[]> {
  const mails = queued.filter((mail) => !isUndeliverable(mail.to));
  const ids: number[] = [];
  for (let start = 0; start < mails.length; start += BATCH) {
    const rows = await db
      .insert(emailOutbox)
      .values(
        mails.slice(start, start + BATCH).map((mail) => ({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
        })),
      )
      .returning({ id: emailOutbox.id });
    ids.push(...rows.map((row) => row.id));
  }
  if (ids.length > 0) await db.execute(sql`select pg_notify(${EMAIL_CHANNEL}, '')`);
  return ids;
}

/** The mails not sent: waiting for their (next) try, and given up after every try failed. */
export async function unsentEmails(db: Db): Promise<{ pending: number; failed: number }> {
  const [row] = await queryRows(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'failed')::int as failed
        from email_outbox where status in ('pending', 'failed')`,
    z.object({ pending: z.number(), failed: z.number() }),
  );
  return row ?? { pending: 0, failed: 0 };
}
