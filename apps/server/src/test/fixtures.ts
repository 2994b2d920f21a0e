import { randomBytes } from "node:crypto";
import type { App } from "../app";
import type { Db } from "../db/client";
import { kantienStaff, userSettings, users, wallets } from "../db/schema";
import { hashPassword } from "../modules/auth/password";

/** Cheap scrypt parameters for fixtures; the hash carries them, so sign-in still works. */
export const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const TEST_PASSWORD = "geheim123";

export type TestUser = { id: string; email: string; password: string; roleId: number };

export async function createUser(
  db: Db,
  options: {
    roleId: 1 | 2 | 3 | 4;
    email?: string;
    password?: string | null;
    verified?: boolean;
    balance?: string;
  },
): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(4).toString("hex")}@toets.example`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Toets",
      lastName: `Gebruiker ${options.roleId}`,
      email,
      roleId: options.roleId,
      passwordHash: password ? await hashPassword(password, CHEAP_SCRYPT) : null,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  const id = user!.id;
  await db.insert(wallets).values({ userId: id, balance: options.balance ?? "0" });
  await db.insert(userSettings).values({ userId: id });
  if (options.roleId >= 3) await db.insert(kantienStaff).values({ id });
  return { id, email, password: password ?? "", roleId: options.roleId };
}

/** Signs in through the API and returns the Cookie header to send with later requests. */
export async function signIn(app: App, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json" },
    payload: { email: user.email, password: user.password },
  });
  const cookie = response.cookies.find((c) => c.name === "kantien_session");
  if (!cookie) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return `kantien_session=${cookie.value}`;
}
