import { createHash, randomBytes } from "node:crypto";
import type { Language } from "@kantien/domain/language";
import { isAdminRole, isCustomerRole, isStaffRole, usesOrderingApp } from "@kantien/domain/roles";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import { sessions, userSettings, users } from "../db/schema";
import { forbidden, unauthenticated } from "../errors";
import { createSessionCache } from "./session-cache";

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
  interface FastifyInstance {
    /** Resolves once every session change committed before the call is known here (decision 0049). */
    sessionChangesHeard(): Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
    /** When the request's session ends however busy it is: its sign-in plus `sessionMaxDays`. */
    sessionEndsAt: Date | null;
    /** The learner a guardian acts for under `/api/my/learners/:learnerId` (decision 0068); null elsewhere. */
    actingFor: string | null;
  }
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random token of 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - config.clock().getTime()) / 1000)),
  });
}

/** The absolute end of a session opened at `createdAt`: no use slides it. */
function absoluteEnd(config: Config, createdAt: Date): Date {
  return new Date(createdAt.getTime() + config.sessionMaxDays * 24 * 60 * 60_000);
}

/** The idle expiry from `now`, never past the session's absolute end. */
function slidExpiry(config: Config, createdAt: Date, now: Date): Date {
  const idle = now.getTime() + config.sessionIdleMinutes * 60_000;
  return new Date(Math.min(idle, absoluteEnd(config, createdAt).getTime()));
}

/** Opens a session for `userId` and sets its cookie; a new token at every sign-in. */
export async function startSession(db: Db, config: Config, reply: FastifyReply, userId: string) {
  const token = newToken();
  const now = config.clock();
  const expiresAt = slidExpiry(config, now, now);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  setSessionCookie(reply, config, token, expiresAt);
}

/** Deletes the request's session on the server and clears its cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionTokenHash) {
    await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
  }
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/**
 * Ends every session of `userId` but `keepTokenHash` (the browser that changed the password),
 * so a password someone else knew stops working everywhere at once.
 */
export async function endOtherSessions(db: Db, userId: string, keepTokenHash?: string | null) {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined),
    );
}

/** The session look-up, with its values as placeholders: built once per database, not per request. */
function prepareFindSession(db: Db) {
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        roleId: users.roleId,
        language: userSettings.language,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          gt(sessions.createdAt, sql.placeholder("startedAfter")),
        ),
      )
      // Every signed-in request asks this: planned once per connection.
      .prepare("find_session")
  );
}

const findSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/**
 * The live session of `tokenHash` with its user: not expired (idle) and not older than
 * the absolute cap. Null when it has ended or never was.
 */
export async function findSession(db: Db, config: Config, tokenHash: string, now: Date) {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const [row] = await query.execute({
    tokenHash,
    now,
    startedAfter: new Date(now.getTime() - config.sessionMaxDays * 24 * 60 * 60_000),
  });
  return row ?? null;
}

type FoundSession = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** Whether a session found earlier is still live at `now`: neither idle too long nor too old. */
function stillLive(config: Config, found: FoundSession, now: Date) {
  return found.expiresAt > now && absoluteEnd(config, found.createdAt) > now;
}

/**
 * Resolves the session cookie to `request.user` on every request; idle and old sessions end.
 * A session found lately comes from this process's cache (decision 0049), forgotten when the
 * database says its user changed and after every write through this process.
 */
export function registerSession(app: FastifyInstance, database: Database, config: Config) {
  const db = database.db;
  const cache = createSessionCache<FoundSession>(database, app.log);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionTokenHash", null);
  app.decorateRequest("sessionEndsAt", null);
  app.decorateRequest("actingFor", null);

  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    const now = config.clock();
    let found = cache.get(tokenHash);
    if (!found || !stillLive(config, found, now)) {
      const ticket = cache.ticket();
      const row = await findSession(db, config, tokenHash, now);
      if (!row) return;
      found = row;
      cache.set(ticket, tokenHash, row.id, row);
    }
    request.sessionTokenHash = tokenHash;
    const { lastSeenAt, createdAt, expiresAt: _, ...user } = found;
    request.user = user;
    request.sessionEndsAt = absoluteEnd(config, createdAt);
    if (user.language) request.language = user.language;
    // Slide the idle expiry, at most once a minute per session, and the cookie's with it.
    if (now.getTime() - lastSeenAt.getTime() > 60_000) {
      const expiresAt = slidExpiry(config, createdAt, now);
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
      found.lastSeenAt = now;
      found.expiresAt = expiresAt;
      setSessionCookie(reply, config, token, expiresAt);
    }
  });

  // A write may end or change any session (a sign-out, a new password or role, a removed
  // account): the requests after it, from any browser, look their sessions up again. Other
  // processes hear of it from the database.
  app.addHook("onSend", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") cache.clear();
  });
  app.decorate("sessionChangesHeard", () => cache.heard());
  app.addHook("onClose", () => cache.close());
}

/** Removes the sessions expired at `now` (the canteen's clock); called now and then by the server. */
export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/**
 * The signed-in user of a request its guard let through: a handler behind a guard reads the
 * user here, never `request.user!`. Without a session it refuses as the guard would (401).
 */
export function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** When the signed-in request's session ends (its sign-in plus `sessionMaxDays`). */
export function sessionEnd(request: FastifyRequest): Date {
  if (!request.sessionEndsAt) throw unauthenticated();
  return request.sessionEndsAt;
}

/*
 * Guards, `onRequest` hooks: who may call answers before the body is read or checked. A guard
 * is added once for a scope (`guardedScope`) or, where the path does not say who may call, to
 * the route itself (decision 0064).
 */

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

/**
 * The ordering app's routes (/api/my/*): students and academy staff, each for their own rows, and
 * guardians, for the learners they are linked to (decision 0068).
 */
export async function requireCustomer(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  if (!usesOrderingApp(request.user.roleId)) throw forbidden();
}

/** The ordering app's routes for one's own orders and wallet: those who eat (students and academy staff). */
export async function requireEater(request: FastifyRequest) {
  if (!request.user) throw unauthenticated();
  if (!isCustomerRole(request.user.roleId)) throw forbidden();
}

/**
 * Whose orders and wallet an ordering route serves: the learner a guardian acts for under
 * `/api/my/learners/:learnerId`, else the signed-in customer themselves.
 */
export function subjectOf(request: FastifyRequest): string {
  return request.actingFor ?? signedIn(request).id;
}

export type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Registers `routes` as one encapsulated scope, under `prefix` when given, whose every route
 * `guard` lets through first (decision 0064): `/api/my/*` customers, `/api/kitchen/*` staff,
 * `/api/admin/*` admins, as the URL says.
 */
export async function guardedScope(
  app: FastifyInstance,
  { guard, prefix }: { guard: Guard; prefix?: string },
  routes: (scope: FastifyInstance) => Promise<void>,
) {
  await app.register(
    async (scope) => {
      scope.addHook("onRequest", guard);
      await routes(scope);
    },
    prefix ? { prefix } : {},
  );
}
