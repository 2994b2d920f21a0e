import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../../password-hash";
import { endOtherSessions } from "../../plugins/session";
import { findLoginUser, replacePasswordHash, storePasswordHash } from "./accounts";
import { admitLoginAttempt, clearLoginAttempts } from "./login-limit";
import { consumeOpenTokens } from "./tokens";

export type LoginUser = NonNullable<Awaited<ReturnType<typeof findLoginUser>>>;

/**
 * The one check of an email and password: both sign-ins and a change of password.
 * The limit first (a locked account costs no hashing and reveals nothing), then the
 * password: unknown emails and accounts without a password are checked against a dummy
 * hash, the same time and the same answer (`refusal`) as a wrong password. A right
 * password forgives the account's failures, and a hash of older parameters is made anew while
 * the password is at hand; a wrong one counts against the sign-in limit.
 */
export async function checkCredentials(
  db: Db,
  limit: Config["loginLimit"],
  { email, password, ip }: { email: string; password: string; ip: string },
  refusal: "login_failed" | "password_current_wrong" = "login_failed",
): Promise<LoginUser> {
  if (!(await admitLoginAttempt(db, limit, email, ip))) throw new AppError("rate_limited");
  const user = await findLoginUser(db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash || !matches) throw new AppError(refusal);
  await clearLoginAttempts(db, email);
  if (needsRehash(user.passwordHash)) {
    await replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(password));
  }
  return user;
}

/** The caller's own session: kept when the password that changes is its user's. */
export type CallerSession = { userId: string | undefined; tokenHash: string | null | undefined };

/**
 * The one way a password is set (an invitation, a reset link or the profile). The hash is
 * made first, outside any transaction (it is slow); then, in one transaction, `claim` names
 * the account (a link's token used up, or the signed-in user), the hash is stored, open
 * reset links stop working, every session but the caller's own ends, and the sign-in limit
 * starts over. False when `claim` names nobody or the account is gone.
 */
export async function setPassword(
  db: Db,
  {
    password,
    claim,
    caller,
  }: { password: string; claim: (tx: Tx) => Promise<string | null>; caller: CallerSession },
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await claim(tx);
    if (!userId) return false;
    const user = await storePasswordHash(tx, userId, passwordHash);
    if (!user) return false;
    await consumeOpenTokens(tx, userId, "reset_password");
    await endOtherSessions(tx, userId, caller.userId === userId ? (caller.tokenHash ?? null) : null);
    await clearLoginAttempts(tx, user.email.toLowerCase());
    return true;
  });
}
