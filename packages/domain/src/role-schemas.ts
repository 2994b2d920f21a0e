import { z } from "zod";

/* Kept apart from roles.ts so the route guards on the first screen load no zod. */
export const roleIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
/** The customer form (and sign-up) may only give role 1 or 2. */
export const customerRoleIdSchema = z.union([z.literal(1), z.literal(2)]);
/** Who may sign up on their own: the customers, and a learner's parent or guardian (decision 0068). */
export const signupRoleIdSchema = z.union([z.literal(1), z.literal(2), z.literal(5)]);
/** The staff form (and invitations) may only give role 3 or 4. */
export const staffRoleIdSchema = z.union([z.literal(3), z.literal(4)]);
