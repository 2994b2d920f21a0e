import type { TokenPurpose } from "@kantien/domain/auth";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { enqueueAccountEmail } from "./account-mail";
import { markEmailVerified } from "./accounts";
import { type CallerSession, checkCredentials, type LoginUser, setPassword } from "./credentials";
import { admitPasswordResetAttempt } from "./login-limit";
import { consumeToken, findInvitation, issueToken, tokenUsable } from "./tokens";

/* The account's life after it exists: sign-in, the mailed links, a new password. */

/** Mails the user a new single-use link of `kind`, in the caller's transaction. */
export async function mailAccountLink(tx: Db, mail: MailContext, userId: string, kind: TokenPurpose) {
  const token = await issueToken(tx, userId, kind);
  await enqueueAccountEmail(tx, mail, { kind, userId, token });
}

/** Sign-in at either door: the right password of a verified account, within the limit. */
export async function signIn(
  db: Db,
  limit: Config["loginLimit"],
  credentials: { email: string; password: string; ip: string },
): Promise<LoginUser> {
  const user = await checkCredentials(db, limit, credentials);
  if (!user.emailVerifiedAt) throw new AppError("email_not_verified");
  return user;
}

/** The sign-up's link: the address is verified once, by the link's one use. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const done = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "verify_email");
    if (userId) await markEmailVerified(tx, userId);
    return userId !== null;
  });
  if (!done) throw new AppError("token_invalid");
}

/** Who a usable invitation is for (the setup screen greets them); it stays usable. */
export async function openInvitation(db: Db, token: string) {
  const invitee = await findInvitation(db, token);
  if (!invitee) throw new AppError("token_invalid");
  return invitee;
}

/** An invitee's first password: the invitation is used up, the address counts as verified. */
export async function setUpAccount(
  db: Db,
  { token, password, caller }: { token: string; password: string; caller: CallerSession },
): Promise<void> {
  // Only a live invitation is worth the cost of hashing; using the token up decides.
  await openInvitation(db, token);
  const claim = (tx: Db) => consumeToken(tx, token, "invitation");
  if (!(await setPassword(db, { password, claim, caller }))) throw new AppError("token_invalid");
}

/**
 * Mails a reset link to the address's account, if it has one and the limit allows. The
 * caller answers the same either way, so nothing here tells whether the address exists.
 */
export async function requestPasswordReset(
  db: Db,
  { limit, mail }: { limit: Config["passwordResetLimit"]; mail: MailContext },
  { email, ip }: { email: string; ip: string },
): Promise<void> {
  if (!(await admitPasswordResetAttempt(db, limit, email, ip))) {
    mail.log.warn({ email }, "password reset limit reached: no mail sent");
    return;
  }
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (user) await db.transaction((tx) => mailAccountLink(tx, mail, user.id, "reset_password"));
}

/** A new password from a reset link; it signs no one in. */
export async function resetPassword(
  db: Db,
  { token, password, caller }: { token: string; password: string; caller: CallerSession },
): Promise<void> {
  // Only a live link is worth the cost of hashing; using the token up decides.
  if (!(await tokenUsable(db, token, "reset_password"))) throw new AppError("token_invalid");
  const claim = (tx: Db) => consumeToken(tx, token, "reset_password");
  if (!(await setPassword(db, { password, claim, caller }))) throw new AppError("token_invalid");
}

/**
 * A signed-in user's new password, proven by the current one: wrong guesses count against
 * the sign-in limit, so a borrowed phone cannot be used to find the password.
 */
export async function changePassword(
  db: Db,
  limit: Config["loginLimit"],
  {
    user,
    currentPassword,
    newPassword,
    ip,
    sessionTokenHash,
  }: {
    user: { id: string; email: string };
    currentPassword: string;
    newPassword: string;
    ip: string;
    sessionTokenHash: string | null | undefined;
  },
): Promise<void> {
  const email = user.email.toLowerCase();
  const account = await checkCredentials(
    db,
    limit,
    { email, password: currentPassword, ip },
    "password_current_wrong",
  );
  if (account.id !== user.id) throw new AppError("password_current_wrong");
  const caller = { userId: user.id, tokenHash: sessionTokenHash };
  if (!(await setPassword(db, { password: newPassword, claim: async () => user.id, caller }))) {
    throw new AppError("password_current_wrong");
  }
}
