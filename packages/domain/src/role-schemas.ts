import { z } from "zod";

/* Kept apart from roles.ts so the route guards on the first screen load no zod. */
export const roleIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** The customer form (and sign-up) may only give role 1 or 2. */
export const customerRoleIdSchema = z.union([z.literal(1), z.literal(2)]);
/** The staff form (and invitations) may only give role 3 or 4. */
export const staffRoleIdSchema = z.union([z.literal(3), z.literal(4)]);
