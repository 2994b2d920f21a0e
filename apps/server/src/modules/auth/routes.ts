import { answers, createdAnswers, messageAnswer } from "@kantien/domain/api";
import {
  forgotPasswordInput,
  invitationAnswer,
  inviteUserInput,
  type LoginInput,
  loginAnswer,
  loginInput,
  meAnswer,
  myLoginAnswer,
  resetPasswordInput,
  setupAccountInput,
  signupAnswer,
  signupInput,
} from "@kantien/domain/auth";
import { message } from "@kantien/domain/messages";
import { isCustomerRole, isStaffRole } from "@kantien/domain/roles";
import { text } from "@kantien/domain/text";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clients, kantienStaff, sessions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors";
import { endSession, requireAdmin, requireUser, startSession } from "../../plugins/session";
import { enqueueAccountEmail } from "../email/account-emails";
import { createAccount, emailTaken, findLoginUser, setPassword, toPublicUser } from "./accounts";
import {
  admitLoginAttempt,
  admitPasswordResetAttempt,
  admitSignupAttempt,
  clearLoginAttempts,
} from "./login-limit";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password";
import { consumeToken, findInvitation, issueToken, tokenUsable } from "./tokens";

/* Bodies refuse unknown keys, so no one can slip in role_id-like fields. */
const loginBody = z.strictObject(loginInput.shape);
const signupBody = z.strictObject(signupInput.shape);
const inviteBody = z.strictObject(inviteUserInput.shape);
// A missing token has its own message ('Geen verifikasie token gevind' …), so it is checked in the handler.
const token = text().max(200).optional();
const tokenBody = z.strictObject({ token });
const setupBody = z.strictObject({ token, password: setupAccountInput.shape.password });
const forgotPasswordBody = z.strictObject(forgotPasswordInput.shape);
const resetPasswordBody = z.strictObject({ token, password: resetPasswordInput.shape.password });

// What each route takes and answers (decision 0016).
const loginSchema = { body: loginBody, response: answers(loginAnswer) };
const myLoginSchema = { body: loginBody, response: answers(myLoginAnswer) };
const signupSchema = { body: signupBody, response: createdAnswers(signupAnswer) };
const verifyEmailSchema = { body: tokenBody, response: answers(messageAnswer) };
const invitationSchema = { body: tokenBody, response: answers(invitationAnswer) };
const setupSchema = { body: setupBody, response: answers(messageAnswer) };
const inviteSchema = { body: inviteBody, response: createdAnswers(messageAnswer) };
const forgotPasswordSchema = { body: forgotPasswordBody, response: answers(messageAnswer) };
const resetPasswordSchema = { body: resetPasswordBody, response: answers(messageAnswer) };

const verified = sql`coalesce(${users.emailVerifiedAt}, now())`;

export async function authRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const db = database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Hash the dummy now, so the first sign-in with an unknown email is not the slow one.
  dummyPasswordHash().catch((error) => app.log.error({ err: error }, "hashing the dummy password failed"));

  /**
   * The account behind an email and password, or the refusal: rate limit first (a locked
   * account costs no hashing and reveals nothing), then the password (unknown emails and
   * accounts without a password are checked against a dummy hash: the same time and the same
   * answer as a wrong password), then a verified email.
   */
  async function checkCredentials(request: FastifyRequest, { email, password }: LoginInput) {
    if (!(await admitLoginAttempt(db, config.loginLimit, email, request.ip))) {
      throw new AppError("rate_limited");
    }
    const user = await findLoginUser(db, email);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user?.passwordHash || !matches) throw new AppError("login_failed");
    await clearLoginAttempts(db, email);
    if (!user.emailVerifiedAt) throw new AppError("email_not_verified");
    return user;
  }

  /** A new session for the user; a session this browser already had ends first. */
  async function openSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    if (request.sessionTokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
    }
    await startSession(db, config, reply, userId);
  }

  api.post("/auth/login", { schema: loginSchema }, async (request, reply) => {
    const user = await checkCredentials(request, request.body);
    const language = user.language ?? request.language;
    const publicUser = toPublicUser(user, config.canteenName);
    if (!isStaffRole(user.roleId)) {
      // Customers (roles 1–2) get a marker and their name for the access-denied dialog, no session.
      return {
        success: true as const,
        error: "unauthorized_role" as const,
        message: message("unauthorized_role", language),
        user: publicUser,
      };
    }
    await openSession(request, reply, user.id);
    return { success: true as const, message: message("login_success", language), user: publicUser };
  });

  // The ordering app's sign-in: customers only; staff are sent to the back office.
  api.post("/my/auth/login", { schema: myLoginSchema }, async (request, reply) => {
    const user = await checkCredentials(request, request.body);
    const language = user.language ?? request.language;
    if (!isCustomerRole(user.roleId)) throw new AppError("use_back_office");
    await openSession(request, reply, user.id);
    return {
      success: true as const,
      message: message("login_success", language),
      user: toPublicUser(user, config.canteenName),
    };
  });

  api.post("/auth/logout", { schema: { response: answers(messageAnswer) } }, async (request, reply) => {
    await endSession(db, request, reply);
    return { success: true as const, message: message("logout_success", request.language) };
  });

  api.get(
    "/auth/me",
    { onRequest: requireUser, schema: { response: answers(meAnswer) } },
    async (request) => ({
      success: true as const,
      user: toPublicUser(request.user!, config.canteenName),
      sessionEndsAt: request.sessionEndsAt!.toISOString(),
    }),
  );

  api.post("/auth/signup", { schema: signupSchema }, async (request, reply) => {
    const input = request.body;
    // Each sign-up costs a full hash and a mail: limited per address, before any of that.
    if (!(await admitSignupAttempt(db, config.signupLimit, input.email.toLowerCase(), request.ip))) {
      throw new AppError("signup_rate_limited");
    }
    // Cheap check first, so a taken email costs no hashing; the unique index still decides.
    if (await emailTaken(db, input.email)) throw new AppError("email_taken");
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phoneNumber: input.phone_number,
        roleId: input.role_id,
        passwordHash,
        language: request.language,
      });
      if (input.akd_number) {
        await tx.insert(clients).values({ userId: created.id, akdNumber: input.akd_number });
      }
      const verifyToken = await issueToken(tx, created.id, "verify_email");
      await enqueueAccountEmail(
        tx,
        { config, log: request.log },
        { kind: "verify_email", userId: created.id, token: verifyToken },
      );
      return created;
    });
    return reply.status(201).send({
      success: true as const,
      message: message("signup_success", request.language),
      user: toPublicUser(user, config.canteenName),
    });
  });

  api.post("/auth/verify-email", { schema: verifyEmailSchema }, async (request) => {
    const { token } = request.body;
    if (!token) throw new AppError("token_missing_verification");
    const done = await db.transaction(async (tx) => {
      const userId = await consumeToken(tx, token, "verify_email");
      if (userId) await tx.update(users).set({ emailVerifiedAt: verified }).where(eq(users.id, userId));
      return userId !== null;
    });
    if (!done) throw new AppError("token_invalid");
    return { success: true as const, message: message("verify_success", request.language) };
  });

  api.post("/auth/verify-invitation", { schema: invitationSchema }, async (request) => {
    const { token } = request.body;
    if (!token) throw new AppError("token_missing_invitation");
    const user = await findInvitation(db, token);
    if (!user) throw new AppError("token_invalid");
    return { success: true as const, message: message("invitation_valid", request.language), user };
  });

  api.post("/auth/setup-account", { schema: setupSchema }, async (request) => {
    const { token, password } = request.body;
    if (!token) throw new AppError("token_missing_invitation");
    // Only a live invitation is worth the cost of hashing; the UPDATE below decides.
    if (!(await findInvitation(db, token))) throw new AppError("token_invalid");
    const passwordHash = await hashPassword(password);
    const done = await db.transaction(async (tx) => {
      const userId = await consumeToken(tx, token, "invitation");
      if (userId) {
        await tx.update(users).set({ passwordHash, emailVerifiedAt: verified }).where(eq(users.id, userId));
      }
      return userId !== null;
    });
    if (!done) throw new AppError("token_invalid");
    return { success: true as const, message: message("setup_success", request.language) };
  });

  // Forgot password. The answer never tells whether the address has an account:
  // the same status and text, in the caller's language, when the limit is hit too.
  api.post("/auth/forgot-password", { schema: forgotPasswordSchema }, async (request) => {
    const { email } = request.body;
    const answer = { success: true as const, message: message("password_reset_requested", request.language) };
    if (!(await admitPasswordResetAttempt(db, config.passwordResetLimit, email, request.ip))) {
      request.log.warn({ email }, "password reset limit reached: no mail sent");
      return answer;
    }
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
    if (user) {
      await db.transaction(async (tx) => {
        const resetToken = await issueToken(tx, user.id, "reset_password");
        await enqueueAccountEmail(
          tx,
          { config, log: request.log },
          { kind: "reset_password", userId: user.id, token: resetToken },
        );
      });
    }
    return answer;
  });

  // Sets the new password and ends the user's other sessions; it signs no one in.
  api.post("/auth/reset-password", { schema: resetPasswordSchema }, async (request) => {
    const { token, password } = request.body;
    if (!token) throw new AppError("token_missing_reset");
    // Only a live link is worth the cost of hashing; the UPDATE below decides.
    if (!(await tokenUsable(db, token, "reset_password"))) throw new AppError("token_invalid");
    const passwordHash = await hashPassword(password);
    const done = await db.transaction(async (tx) => {
      const userId = await consumeToken(tx, token, "reset_password");
      if (!userId) return false;
      // This browser's own session of the same user stays; every other one ends.
      const keepSessionHash = request.user?.id === userId ? (request.sessionTokenHash ?? null) : null;
      return setPassword(tx, { userId, passwordHash, keepSessionHash });
    });
    if (!done) throw new AppError("token_invalid");
    return { success: true as const, message: message("password_reset_success", request.language) };
  });

  api.post("/auth/invite-user", { onRequest: requireAdmin, schema: inviteSchema }, async (request, reply) => {
    const input = request.body;
    await db.transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        roleId: input.roleId,
        passwordHash: null,
      });
      await tx.insert(kantienStaff).values({ id: created.id });
      const invitation = await issueToken(tx, created.id, "invitation");
      await enqueueAccountEmail(
        tx,
        { config, log: request.log },
        { kind: "invitation", userId: created.id, token: invitation },
      );
    });
    return reply
      .status(201)
      .send({ success: true as const, message: message("invite_success", request.language) });
  });
}
