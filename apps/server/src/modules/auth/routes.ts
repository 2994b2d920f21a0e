import { answers, messageAnswer } from "@kantien/domain/api";
import {
  forgotPasswordInput,
  invitationAnswer,
  loginAnswer,
  loginInput,
  meAnswer,
  myLoginAnswer,
  resetPasswordInput,
  setupAccountInput,
} from "@kantien/domain/auth";
import { message } from "@kantien/domain/messages";
import { isStaffRole, usesOrderingApp } from "@kantien/domain/roles";
import { text } from "@kantien/domain/text";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessions } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { okWith } from "../../envelope";
import { AppError } from "../../errors";
import { dummyPasswordHash } from "../../password-hash";
import { noSession } from "../../plugins/openapi";
import { endSession, requireUser, sessionEnd, signedIn, startSession } from "../../plugins/session";
import { toPublicUser } from "./accounts";
import type { CallerSession } from "./credentials";
import {
  openInvitation,
  requestPasswordReset,
  resetPassword,
  setUpAccount,
  signIn,
  verifyEmail,
} from "./service";

/* Bodies refuse unknown keys, so no one can slip in role_id-like fields. */
const loginBody = z.strictObject(loginInput.shape);
// A missing token has its own message ('Geen verifikasietoken gevind nie' …), so it is checked in the handler.
const token = text().max(200).optional();
const tokenBody = z.strictObject({ token });
const setupBody = z.strictObject({ token, password: setupAccountInput.shape.password });
const forgotPasswordBody = z.strictObject(forgotPasswordInput.shape);
const resetPasswordBody = z.strictObject({ token, password: resetPasswordInput.shape.password });

// What each route takes and answers (decision 0016).
const loginSchema = { security: noSession, body: loginBody, response: answers(loginAnswer) };
const myLoginSchema = { security: noSession, body: loginBody, response: answers(myLoginAnswer) };
const verifyEmailSchema = { security: noSession, body: tokenBody, response: answers(messageAnswer) };
const invitationSchema = { security: noSession, body: tokenBody, response: answers(invitationAnswer) };
const setupSchema = { security: noSession, body: setupBody, response: answers(messageAnswer) };
const forgotPasswordSchema = {
  security: noSession,
  body: forgotPasswordBody,
  response: answers(messageAnswer),
};
const resetPasswordSchema = {
  security: noSession,
  body: resetPasswordBody,
  response: answers(messageAnswer),
};

/** The caller's own session, which a new password of its user leaves open. */
const callerOf = (request: FastifyRequest): CallerSession => ({
  userId: request.user?.id,
  tokenHash: request.sessionTokenHash,
});

/**
 * Signing in and out, and the mailed links (verification, invitation, reset). Sign-up is the
 * customers' (customers/routes.ts), inviting a cook the staff's (staff/routes.ts).
 */
export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  // Hash the dummy now, so the first sign-in with an unknown email is not the slow one.
  dummyPasswordHash().catch((error) => app.log.error({ err: error }, "hashing the dummy password failed"));
  signInRoutes(app, deps);
  accountLinkRoutes(app, deps);
}

function signInRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  /** A new session for the user; a session this browser already had ends first. */
  async function openSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    if (request.sessionTokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
    }
    await startSession(db, config, reply, userId);
  }

  api.post("/auth/login", { schema: loginSchema }, async (request, reply) => {
    const user = await signIn(db, config.loginLimit, { ...request.body, ip: request.ip });
    const language = user.language ?? request.language;
    const publicUser = toPublicUser(user, config.canteenName);
    if (!isStaffRole(user.roleId)) {
      // Customers (roles 1–2) get a marker and their name for the access-denied dialog, no session.
      return okWith({
        error: "unauthorized_role" as const,
        message: message("unauthorized_role", language),
        user: publicUser,
      });
    }
    await openSession(request, reply, user.id);
    return okWith({ message: message("login_success", language), user: publicUser });
  });

  // The ordering app's sign-in: customers and guardians; staff are sent to the back office.
  api.post("/my/auth/login", { schema: myLoginSchema }, async (request, reply) => {
    const user = await signIn(db, config.loginLimit, { ...request.body, ip: request.ip });
    const language = user.language ?? request.language;
    if (!usesOrderingApp(user.roleId)) throw new AppError("use_back_office");
    await openSession(request, reply, user.id);
    return okWith({
      message: message("login_success", language),
      user: toPublicUser(user, config.canteenName),
    });
  });

  api.post(
    "/auth/logout",
    { schema: { security: noSession, response: answers(messageAnswer) } },
    async (request, reply) => {
      await endSession(db, request, reply);
      return okWith({ message: message("logout_success", request.language) });
    },
  );

  api.get("/auth/me", { onRequest: requireUser, schema: { response: answers(meAnswer) } }, async (request) =>
    okWith({
      user: toPublicUser(signedIn(request), config.canteenName),
      sessionEndsAt: sessionEnd(request).toISOString(),
    }),
  );
}

function accountLinkRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.post("/auth/verify-email", { schema: verifyEmailSchema }, async (request) => {
    const { token } = request.body;
    if (!token) throw new AppError("token_missing_verification");
    await verifyEmail(db, token);
    return okWith({ message: message("verify_success", request.language) });
  });

  api.post("/auth/verify-invitation", { schema: invitationSchema }, async (request) => {
    const { token } = request.body;
    if (!token) throw new AppError("token_missing_invitation");
    const user = await openInvitation(db, token);
    return okWith({ message: message("invitation_valid", request.language), user });
  });

  api.post("/auth/setup-account", { schema: setupSchema }, async (request) => {
    const { token, password } = request.body;
    if (!token) throw new AppError("token_missing_invitation");
    await setUpAccount(db, { token, password, caller: callerOf(request) });
    return okWith({ message: message("setup_success", request.language) });
  });

  // Forgot password. The answer never tells whether the address has an account:
  // the same status and text, in the caller's language, when the limit is hit too.
  api.post("/auth/forgot-password", { schema: forgotPasswordSchema }, async (request) => {
    await requestPasswordReset(
      db,
      { limit: config.passwordResetLimit, mail: { config, log: request.log } },
      { email: request.body.email, ip: request.ip },
    );
    return okWith({ message: message("password_reset_requested", request.language) });
  });

  // Sets the new password and ends the user's other sessions; it signs no one in.
  api.post("/auth/reset-password", { schema: resetPasswordSchema }, async (request) => {
    const { token, password } = request.body;
    if (!token) throw new AppError("token_missing_reset");
    await resetPassword(db, { token, password, caller: callerOf(request) });
    return okWith({ message: message("password_reset_success", request.language) });
  });
}
