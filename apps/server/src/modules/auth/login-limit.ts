import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { loginAttempts } from "../../db/schema";

type Limit = Config["loginLimit"];

const withinWindow = (windowMinutes: number) =>
  gt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${windowMinutes})`);

/**
 * Records a sign-in attempt, then counts the window including it. Recording first makes
 * the limit hold across processes and concurrent requests: the attempt that is inserted
 * after `limit` others always sees them. A refused attempt is taken back, so a flood does
 * not grow the table. Answers false when the attempt is over the limit.
 */
export async function admitLoginAttempt(db: Db, limit: Limit, email: string, ip: string): Promise<boolean> {
  const [attempt] = await db.insert(loginAttempts).values({ email, ip }).returning({ id: loginAttempts.id });
  const [counts] = await db
    .select({
      byAccount: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)), withinWindow(limit.windowMinutes)),
    );
  if (counts!.byAccount <= limit.perAccount && counts!.byAddress <= limit.perAddress) return true;
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt!.id));
  return false;
}

/** The right password was given: the account's failures are forgiven. */
export async function clearLoginAttempts(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

/** Removes attempts older than the window; for the server's periodic sweep. */
export async function deleteOldLoginAttempts(db: Db, limit: Limit) {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, sql`now() - make_interval(mins => ${limit.windowMinutes})`));
}
