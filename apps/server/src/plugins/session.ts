import { createHash, randomBytes } from "node:crypto";
import type { Language } from "@kantien/domain/messages";
import { isAdminRole, isStaffRole } from "@kantien/domain/roles";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { sessions, userSettings, users } from "../db/schema";
import { forbidden, unauthenticated } from "../errors";

export const SESSION_COOKIE = "kantien_session";

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  language: Language | null;
};

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random token of 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Opens a session for `userId` and sets its cookie; a new token at every sign-in. */
export async function startSession(db: Db, config: Config, reply: FastifyReply, userId: string) {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + config.sessionIdleMinutes * 60_000),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: config.sessionIdleMinutes * 60,
  });
}

/** Deletes the request's session on the server and clears its cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionTokenHash) {
    await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
  }
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Resolves the session cookie to `request.user` on every request; idle sessions expire. */
export function registerSession(app: FastifyInstance, db: Db, config: Config) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionTokenHash", null);

  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    const now = new Date();
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        roleId: users.roleId,
        language: userSettings.language,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
    if (!row) return;
    request.sessionTokenHash = tokenHash;
    const { lastSeenAt, ...user } = row;
    request.user = user;
    if (user.language) request.language = user.language;
    // Slide the idle expiry, at most once a minute per session.
    if (now.getTime() - lastSeenAt.getTime() > 60_000) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + config.sessionIdleMinutes * 60_000) })
        .where(eq(sessions.tokenHash, tokenHash));
    }
  });
}

/** Removes expired sessions; called now and then by the server. */
export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/* Guards, used as route `preHandler`s. The server decides (DESIGN §6). */

export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
}

export async function requireStaff(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  if (!isStaffRole(request.user.roleId)) throw forbidden();
}

export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  if (!isAdminRole(request.user.roleId)) throw forbidden();
}
