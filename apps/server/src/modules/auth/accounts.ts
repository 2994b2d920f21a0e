import type { PublicUser } from "@kantien/domain/auth";
import type { Language } from "@kantien/domain/language";
import { roleName } from "@kantien/domain/roles";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSettings, users, wallets } from "../../db/schema";

const verifiedNow = sql`coalesce(${users.emailVerifiedAt}, now())`;

export type UserNames = { id: string; email: string; roleId: number; firstName: string; lastName: string };

/** The user as answers show it: never the password hash. */
export function toPublicUser(user: UserNames, canteenName: string): PublicUser {
  return {
    id: user.id,
    email: user.email,
    role: roleName(user.roleId, canteenName),
    role_id: user.roleId,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** What sign-in needs to know about an account, by email in any case. */
export async function findLoginUser(db: Db, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      roleId: users.roleId,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      language: userSettings.language,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row !== undefined;
}

/** Creates a user with an empty wallet and their settings row (in the caller's transaction). */
export async function createAccount(
  db: Db,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber?: string | null;
    roleId: number;
    passwordHash: string | null;
    language?: Language;
  },
): Promise<UserNames> {
  const { language, ...user } = values;
  const [created] = await db
    .insert(users)
    .values({ ...user, phoneNumber: user.phoneNumber || null })
    .returning({
      id: users.id,
      email: users.email,
      roleId: users.roleId,
      firstName: users.firstName,
      lastName: users.lastName,
    });
  await db.insert(wallets).values({ userId: created!.id, balance: "0" });
  await db.insert(userSettings).values({ userId: created!.id, ...(language ? { language } : {}) });
  return created!;
}

/**
 * Stores a new password hash, in the caller's transaction; an unverified address counts as
 * verified (only its owner got this far). False when the account is gone. Only
 * `setPassword` (credentials.ts) calls it, with what a change of password must also do.
 */
export async function storePasswordHash(tx: Db, userId: string, passwordHash: string) {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, emailVerifiedAt: verifiedNow })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ email: users.email });
  return user ?? null;
}

/**
 * The same password under a newer hash. Only while the old hash is still stored: a password
 * changed meanwhile stays changed.
 */
export async function replacePasswordHash(db: Db, userId: string, from: string, to: string) {
  await db
    .update(users)
    .set({ passwordHash: to })
    .where(and(eq(users.id, userId), eq(users.passwordHash, from)));
}

/** The owner of the address proved it (the mailed link); the first proof counts. */
export async function markEmailVerified(tx: Db, userId: string) {
  await tx.update(users).set({ emailVerifiedAt: verifiedNow }).where(eq(users.id, userId));
}
