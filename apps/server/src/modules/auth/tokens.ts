import type { TokenPurpose } from "@kantien/domain/auth";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authTokens, users } from "../../db/schema";
import { hashToken, newToken } from "../../plugins/session";

/** How long a link in a mail works. */
export const TOKEN_LIFETIME_HOURS: Record<TokenPurpose, number> = {
  verify_email: 24,
  invitation: 72,
  reset_password: 1,
};

/** Issues a single-use token for `userId`; only its hash is stored. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: sql`now() + make_interval(hours => ${TOKEN_LIFETIME_HOURS[purpose]})`,
  });
  return token;
}

const usable = (token: string, purpose: TokenPurpose) =>
  and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  );

/**
 * Uses the token up and answers its user, or null when it is unknown, used or expired.
 * One UPDATE: of two concurrent uses the second finds used_at set and gets nothing.
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, purpose))
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** Whether the token is usable, without using it up: a check before costly work. */
export async function tokenUsable(db: Db, token: string, purpose: TokenPurpose): Promise<boolean> {
  const [row] = await db.select({ userId: authTokens.userId }).from(authTokens).where(usable(token, purpose));
  return row !== undefined;
}

/** Uses up every open token of `purpose` the user has, e.g. older reset links once one worked. */
export async function consumeOpenTokens(db: Db, userId: string, purpose: TokenPurpose) {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** The invitee of a usable invitation token, without using it up. */
export async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      role_id: users.roleId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(usable(token, "invitation"));
  return row ?? null;
}
