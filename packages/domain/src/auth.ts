import { z } from "zod";
import { timestamp } from "./api";
import { LANGUAGES } from "./language";
import { signupRoleIdSchema, staffRoleIdSchema } from "./role-schemas";
import { text } from "./text";

/** The minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

// 254: the longest address SMTP allows; it also keeps index entries small.
const email = text().trim().toLowerCase().max(254).pipe(z.email());
/** A password someone chooses: at least 6 characters, the same on every form and route. */
export const newPassword = z.string().min(MIN_PASSWORD_LENGTH, "password_too_short").max(200);
/** A first or last name, as every form and route takes it. */
export const personName = text().trim().min(1).max(100);

// Sign-in takes any address an account may have; so does a reset request, which answers
// every address alike.
const accountEmail = text().trim().toLowerCase().min(1).max(254);

export const loginInput = z.object({
  email: accountEmail,
  password: z.string().min(1).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const signupInput = z.object({
  first_name: personName,
  last_name: personName,
  email,
  phone_number: text().trim().max(30).optional().nullable(),
  role_id: signupRoleIdSchema,
  password: newPassword,
  akd_number: text().trim().max(30).optional().nullable(),
});
export type SignupInput = z.infer<typeof signupInput>;

export const tokenInput = z.object({ token: text().min(1).max(200) });

export const setupAccountInput = z.object({
  token: text().min(1).max(200),
  password: newPassword,
});

/** `POST /api/auth/forgot-password`: always the same answer. */
export const forgotPasswordInput = z.object({ email: accountEmail });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** `POST /api/auth/reset-password`: the mailed link's token and the new password. */
export const resetPasswordInput = z.object({
  token: text().min(1).max(200),
  password: newPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/**
 * Choosing a password on a form (account setup, password reset): the same rule plus a
 * matching confirmation.
 */
export const newPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "password_mismatch",
    path: ["confirmPassword"],
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

export const inviteUserInput = z.object({
  email,
  firstName: personName,
  lastName: personName,
  roleId: staffRoleIdSchema,
});
export type InviteUserInput = z.infer<typeof inviteUserInput>;

/** The user as the API returns it: never a hash or a token. */
export const publicUser = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  role_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * `POST /api/auth/login`: staff get a session and their user; a customer (role 1 or 2) gets
 * `error: "unauthorized_role"` and their name for the access-denied dialog, and no session.
 */
export const loginAnswer = z.object({
  success: z.literal(true),
  error: z.literal("unauthorized_role").optional(),
  message: z.string(),
  user: publicUser,
});
/** `POST /api/my/auth/login`: a customer signed in to the ordering app. */
export const myLoginAnswer = z.object({ success: z.literal(true), message: z.string(), user: publicUser });
/**
 * `GET /api/auth/me`. `sessionEndsAt` is the session's absolute end (sign-in plus the
 * 7-day limit), not its idle expiry: that one slides with every request, so a copy the
 * client keeps would be stale at once, and a screen in use only ever meets this end
 * (decision 0025). A session can still end sooner: idle, signed out, password changed.
 */
export const meAnswer = z.object({ success: z.literal(true), user: publicUser, sessionEndsAt: timestamp });
export type MeAnswer = z.infer<typeof meAnswer>;
/** `POST /api/auth/signup` (201). */
export const signupAnswer = z.object({ success: z.literal(true), message: z.string(), user: publicUser });
/** `POST /api/auth/verify-invitation`: the invited person, for the set-up form. */
export const invitationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role_id: z.number().int(),
  }),
});

/** A user's theme choice: `auto` follows the device. The `theme_mode` enum is built from it. */
export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

/** What a single-use mailed link is for; the `auth_token_purpose` enum is built from it. */
export const TOKEN_PURPOSES = ["verify_email", "invitation", "reset_password"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** What a counted attempt was, for the sign-in, sign-up and reset-request limits (`attempt_kind`). */
export const ATTEMPT_KINDS = ["login", "signup", "password_reset"] as const;

/** Where an outbox mail stands (`email_status`). */
export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;

export const settingsSchema = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  refresh_interval: z.number().int().min(5).max(3600),
});
export type Settings = z.infer<typeof settingsSchema>;
