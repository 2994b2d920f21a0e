import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { loginAttempts } from "../../db/schema";

type Limit = Config["loginLimit"];
type SignupLimit = Config["signupLimit"];
type PasswordResetLimit = Config["passwordResetLimit"];
type Kind = (typeof loginAttempts.kind.enumValues)[number];

const withinWindow = (windowMinutes: number) =>
  gt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${windowMinutes})`);

/**
 * Records an attempt of `kind`, then counts the window including it. Recording first
 * makes the limit hold across processes and concurrent requests: the attempt that is
 * inserted after `limit` others always sees them. A refused attempt is taken back, so a
 * flood does not grow the table. Answers false when the attempt is over the limit.
 */
async function admitAttempt(
  db: Db,
  kind: Kind,
  { email, ip }: { email: string; ip: string },
  {
    perAccount,
    perAddress,
    windowMinutes,
  }: { perAccount?: number; perAddress: number; windowMinutes: number },
): Promise<boolean> {
  const [attempt] = await db
    .insert(loginAttempts)
    .values({ kind, email, ip })
    .returning({ id: loginAttempts.id });
  const [counts] = await db
    .select({
      byAccount: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, kind),
        perAccount === undefined
          ? eq(loginAttempts.ip, ip)
          : or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
        withinWindow(windowMinutes),
      ),
    );
  const accountOk = perAccount === undefined || counts!.byAccount <= perAccount;
  if (accountOk && counts!.byAddress <= perAddress) return true;
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt!.id));
  return false;
}

/** A sign-in attempt: limited per account and per address. */
export function admitLoginAttempt(db: Db, limit: Limit, email: string, ip: string): Promise<boolean> {
  return admitAttempt(db, "login", { email, ip }, limit);
}

/** A sign-up: limited per address (each one costs a full password hash and a mail). */
export function admitSignupAttempt(db: Db, limit: SignupLimit, email: string, ip: string): Promise<boolean> {
  return admitAttempt(db, "signup", { email, ip }, limit);
}

/**
 * A request for a reset link: limited per account and per address, so no one can flood an
 * inbox or probe many addresses. Unknown addresses count too, as the answer must not differ.
 */
export function admitPasswordResetAttempt(
  db: Db,
  limit: PasswordResetLimit,
  email: string,
  ip: string,
): Promise<boolean> {
  return admitAttempt(db, "password_reset", { email, ip }, limit);
}

/** The right password was given: the account's failures are forgiven. */
export async function clearLoginAttempts(db: Db, email: string) {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.kind, "login"), eq(loginAttempts.email, email)));
}

/** Removes attempts older than their window; for the server's periodic sweep. */
export async function deleteOldLoginAttempts(
  db: Db,
  limits: { login: Limit; signup: SignupLimit; passwordReset: PasswordResetLimit },
) {
  const olderThan = (windowMinutes: number) =>
    lt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${windowMinutes})`);
  await db
    .delete(loginAttempts)
    .where(
      or(
        and(eq(loginAttempts.kind, "login"), olderThan(limits.login.windowMinutes)),
        and(eq(loginAttempts.kind, "signup"), olderThan(limits.signup.windowMinutes)),
        and(eq(loginAttempts.kind, "password_reset"), olderThan(limits.passwordReset.windowMinutes)),
      ),
    );
}
