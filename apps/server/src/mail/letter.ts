import type { Language } from "@kantien/domain/language";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { guardianLinks, userSettings, users } from "../db/schema";
import type { OutgoingEmail } from "./outbox";

/*
 * What every letter shares: who it goes to, in which language, and its one layout. The letters
 * themselves live in the module whose change they report (docs/decisions/0059-mail-at-the-base.md).
 */

export type MailContext = {
  config: Pick<Config, "publicUrl" | "smtpUrl" | "canteenName">;
  log: FastifyBaseLogger;
};

export type MailConfig = { config: Pick<Config, "publicUrl" | "canteenName"> };

/** Who a mail to `userId` goes to, and in which language; null when the account is gone. */
export async function mailRecipient(db: Db, userId: string) {
  const [recipient] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      roleId: users.roleId,
      language: userSettings.language,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return recipient ? { ...recipient, language: recipient.language ?? ("af" as Language) } : null;
}

export type Recipient = { email: string; firstName: string; language: Language };

/**
 * The active guardians of each of `learnerIds` (decision 0068), who get the letters about a
 * learner's money beside the learner: learner id to their guardians.
 */
export async function guardiansOf(db: Db, learnerIds: readonly string[]): Promise<Map<string, Recipient[]>> {
  const byLearner = new Map<string, Recipient[]>();
  const ids = [...new Set(learnerIds)];
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .select({
        learnerId: guardianLinks.learnerId,
        email: users.email,
        firstName: users.firstName,
        language: userSettings.language,
      })
      .from(guardianLinks)
      .innerJoin(users, and(eq(users.id, guardianLinks.guardianId), isNull(users.deletedAt)))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(
        and(
          inArray(guardianLinks.learnerId, ids.slice(start, start + 1000)),
          eq(guardianLinks.status, "active"),
        ),
      );
    for (const { learnerId, ...row } of rows) {
      const list = byLearner.get(learnerId) ?? [];
      list.push({ ...row, language: row.language ?? "af" });
      byLearner.set(learnerId, list);
    }
  }
  return byLearner;
}

export type Copy = { subject: string; greeting: string; body: string; button: string; note: string };

/** A mail of `copy` to `firstName`, in text and HTML, with its one link. */
export function renderEmail(to: string, firstName: string, copy: Copy, link: string): OutgoingEmail {
  const text = `${copy.greeting} ${firstName},\n\n${copy.body}\n\n${link}\n\n${copy.note}\n`;
  const html = [
    `<p>${escapeHtml(`${copy.greeting} ${firstName},`)}</p>`,
    `<p>${escapeHtml(copy.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(copy.button)}</a></p>`,
    `<p>${escapeHtml(copy.note)}</p>`,
  ].join("\n");
  return { to, subject: copy.subject, text, html };
}

/** Names come from sign-up forms, so they are escaped before they enter HTML. */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
