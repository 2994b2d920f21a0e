import { randomBytes } from "node:crypto";
import {
  cardCode,
  cardTokenFromCode,
  type LearnerCard,
  type LearnerCardsInput,
} from "@kantien/domain/learner-cards";
import { isCustomerRole } from "@kantien/domain/roles";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { learnerCards } from "../../db/schema";
import { AppError, notFound } from "../../errors";

/* Learners' cards for the counter's scanner (docs/decisions/0072-learner-cards.md). */

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 80 random bits as 16 characters of Crockford's base 32: short to print, hard to guess. */
function newToken(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let token = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      token += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return token;
}

const cardRow = z.object({
  learnerId: z.string(),
  name: z.string(),
  akdNumber: z.string(),
  grade: z.string().nullable(),
  token: z.string(),
  issuedAt: timestampColumn,
});

function toCard({ token, ...row }: z.infer<typeof cardRow>): LearnerCard {
  return { ...row, code: cardCode(token) };
}

/** The active cards of the customers `which` selects (aliased `u` and `c`), by grade and name. */
function selectCards(which: SQL) {
  return sql`select u.id as "learnerId", u.first_name || ' ' || u.last_name as name, c.akd_number as "akdNumber",
               c.grade, k.token, k.issued_at as "issuedAt"
             from users u
             join clients c on c.user_id = u.id
             join learner_cards k on k.learner_id = u.id and k.blocked_at is null
             where u.deleted_at is null and ${which}
             order by c.grade nulls last, u.last_name, u.first_name, u.id`;
}

/** Blocks the customer's active card, if any (its token stops working at once); whether there was one. */
async function blockActive(db: Db | Tx, learnerId: string, { by, at }: { by: string; at: Date }) {
  const blocked = await db
    .update(learnerCards)
    .set({ blockedAt: at, blockedBy: by })
    .where(sql`${learnerCards.learnerId} = ${learnerId} and ${learnerCards.blockedAt} is null`)
    .returning({ token: learnerCards.token });
  return blocked.length > 0;
}

/** The customers (with an academy record, not removed) of `input`, locked while their cards change. */
async function cardCustomers(tx: Tx, input: LearnerCardsInput | { learnerId: string }) {
  const which =
    "grade" in input
      ? sql`lower(c.grade) = lower(${input.grade})`
      : "learnerId" in input
        ? sql`u.id = ${input.learnerId}`
        : sql`u.id in ${input.learnerIds}`;
  const rows = await queryRows(
    tx,
    sql`select u.id, u.role_id as "roleId" from users u join clients c on c.user_id = u.id
        where u.deleted_at is null and ${which} order by u.id for update of u`,
    z.object({ id: z.string(), roleId: z.number().int() }),
  );
  return rows.filter((row) => isCustomerRole(row.roleId)).map((row) => row.id);
}

/**
 * Issues a customer's card, or replaces it (the old one blocked in the same transaction, so it
 * stops at once). 404 for anyone who is not a customer with an academy record.
 */
export async function issueCard(
  db: Db,
  { learnerId, by, at }: { learnerId: string; by: string; at: Date },
): Promise<LearnerCard> {
  return db.transaction(async (tx) => {
    const [found] = await cardCustomers(tx, { learnerId });
    if (!found) {
      // A customer the canteen has no academy number for yet: said, not "not found".
      const [customer] = await queryRows(
        tx,
        sql`select role_id as "roleId" from users where id = ${learnerId} and deleted_at is null`,
        z.object({ roleId: z.number().int() }),
      );
      if (customer && isCustomerRole(customer.roleId))
        throw new AppError("learner_card_needs_academy_number");
      throw notFound();
    }
    await blockActive(tx, learnerId, { by, at });
    await tx.insert(learnerCards).values({ token: newToken(), learnerId, issuedAt: at, issuedBy: by });
    const [card] = await queryRows(tx, selectCards(sql`u.id = ${learnerId}`), cardRow);
    if (!card) throw new Error("issued card not found");
    return toCard(card);
  });
}

/** Blocks a customer's card (lost): 404 when they have none active. */
export async function blockCard(db: Db, { learnerId, by, at }: { learnerId: string; by: string; at: Date }) {
  if (!(await blockActive(db, learnerId, { by, at }))) throw notFound();
}

/**
 * The cards of a class or of some customers, for the sheet an admin prints: each customer without
 * an active card gets one; those with one keep it (a reprint of the same card).
 */
export async function cardsFor(
  db: Db,
  { input, by, at }: { input: LearnerCardsInput; by: string; at: Date },
): Promise<LearnerCard[]> {
  return db.transaction(async (tx) => {
    const ids = await cardCustomers(tx, input);
    if (ids.length === 0) return [];
    const without = await queryRows(
      tx,
      sql`select u.id from users u where u.id in ${ids}
          and not exists (select 1 from learner_cards k where k.learner_id = u.id and k.blocked_at is null)`,
      z.object({ id: z.string() }),
    );
    if (without.length > 0) {
      await tx
        .insert(learnerCards)
        .values(without.map(({ id }) => ({ token: newToken(), learnerId: id, issuedAt: at, issuedBy: by })));
    }
    return (await queryRows(tx, selectCards(sql`u.id in ${ids}`), cardRow)).map(toCard);
  });
}

/** The customer a scanned card code names: its active card of a customer not removed; else null. */
export async function cardHolder(db: Db | Tx, scanned: string): Promise<string | null> {
  const token = cardTokenFromCode(scanned);
  if (!token) return null;
  const [row] = await queryRows(
    db,
    sql`select k.learner_id as id from learner_cards k join users u on u.id = k.learner_id
        where k.token = ${token} and k.blocked_at is null and u.deleted_at is null`,
    z.object({ id: z.string() }),
  );
  return row?.id ?? null;
}

/** When the customer's active card was issued; null without one. */
export async function activeCardIssuedAt(db: Db, learnerId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select issued_at as "issuedAt" from learner_cards where learner_id = ${learnerId} and blocked_at is null`,
    z.object({ issuedAt: timestampColumn }),
  );
  return row?.issuedAt ?? null;
}
