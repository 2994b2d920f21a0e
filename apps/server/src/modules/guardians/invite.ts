import type { IsoDate } from "@kantien/domain/dates";
import { ROLE } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { createAccount } from "../auth/accounts";
import { mailAccountLink } from "../auth/service";
import { activateLink, assertMayManage, lockLearner, mayHoldLinks } from "./links";

/* Guardians reached by email: invited by the school's list or by a learner's primary guardian (decision 0068). */

export type AccountByEmail = { id: string; roleId: number };

/** The accounts (not removed) of `emails`, by their lower-case address. */
export async function accountsByEmail(
  db: Db | Tx,
  emails: readonly string[],
): Promise<Map<string, AccountByEmail>> {
  const found = new Map<string, AccountByEmail>();
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await queryRows(
      db,
      sql`select lower(email) as email, id, role_id as "roleId" from users
          where lower(email) in ${wanted.slice(start, start + 1000)} and deleted_at is null`,
      z.object({ email: z.string(), id: z.string(), roleId: z.number() }),
    );
    for (const { email, ...account } of rows) found.set(email, account);
  }
  return found;
}

/**
 * A guardian's account for an address nobody has yet: role 5, no password, named after the
 * learner's family until they change it, and the invitation to set it up in the outbox.
 */
export async function inviteGuardianAccount(
  tx: Tx,
  { email, lastName, mail }: { email: string; lastName: string; mail: MailContext },
): Promise<string> {
  const created = await createAccount(tx, {
    email,
    firstName: "Ouer",
    lastName,
    roleId: ROLE.guardian,
    passwordHash: null,
  });
  await mailAccountLink(tx, mail, created.id, "invitation");
  return created.id;
}

/**
 * `POST /api/my/learners/:learnerId/guardians {email}`: the learner's primary guardian (or an admin)
 * adds another guardian by address. An account that may hold links is linked at once; an unknown
 * address gets a guardian's account and an invitation; a learner's or the kitchen's address is
 * refused (409 `guardian_email_not_a_guardian`), and one already linked too.
 */
export async function inviteGuardian(
  db: Db,
  {
    learnerId,
    email,
    actor,
    mail,
    today,
  }: {
    learnerId: string;
    email: string;
    actor: { id: string; isAdmin: boolean };
    mail: MailContext;
    today: IsoDate;
  },
): Promise<"invite" | "link"> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, learnerId);
    await assertMayManage(tx, learnerId, actor);
    const account = (await accountsByEmail(tx, [email])).get(email.toLowerCase());
    if (account && !mayHoldLinks(account.roleId)) throw new AppError("guardian_email_not_a_guardian");
    if (account) {
      const [active] = await queryRows(
        tx,
        sql`select 1 as one from guardian_links
            where guardian_id = ${account.id} and learner_id = ${learnerId} and status = 'active'`,
        z.object({ one: z.number() }),
      );
      if (active) throw new AppError("guardian_already_linked");
    }
    const [learner] = await queryRows(
      tx,
      sql`select last_name as "lastName" from users where id = ${learnerId}`,
      z.object({ lastName: z.string() }),
    );
    const guardianId =
      account?.id ?? (await inviteGuardianAccount(tx, { email, lastName: learner!.lastName, mail }));
    await activateLink(tx, { guardianId, learnerId, by: actor.id, ask: { config: mail.config, today } });
    return account ? "link" : "invite";
  });
}
