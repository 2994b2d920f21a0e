import { type UserInput, userInput, userUpdateInput } from "@kantien/domain/admin-data";
import { isAdminRole, isCustomerRole, isStaffRole } from "@kantien/domain/roles";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { roles, users } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { createCustomer, deleteCustomer, updateCustomer } from "../customers/service";
import { defineResource } from "../data/resources";
import { removedAnswer } from "../people/http";
import { notDeleted } from "../people/people";
import { deleteStaff, updateStaff } from "../staff/service";

/*
 * People on the generic data API (decision 0014), above both kinds of people: this module
 * composes the customers' and the staff's services, which share `modules/people`. `user` is a door onto the customers' and
 * the staff's services, so a rule answers the same on /api/customers, /api/staff-members
 * and /api/admin/data/user: removal anonymises a person with history (decision 0010), one's
 * own removal or role change is 403 own_account, the caller must still be an admin and the
 * last admin stays (decision 0011).
 */

const roleNotAssignable = () => new AppError("role_not_assignable", { column: "role_id" });

/** The role of a live person; 404 for an unknown or removed one (removed people are history). */
async function liveRole(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  if (!row) throw notFound();
  return row.roleId;
}

/** The data API's column names as the services' fields; a column left out stays out. */
function personChanges(body: Partial<UserInput>) {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    phoneNumber: body.phone_number,
  };
}

/**
 * Users. Staff keep customers (roles 1–2); staff records are the admin's. Staff accounts are
 * made by invitation, so a new user here is a customer; an existing one keeps to its side
 * (customer 1↔2, staff 3↔4) (decision 0004).
 */
export const userResource = defineResource("user", {
  table: users,
  id: "id",
  idSchema: z.uuid(),
  readable: {
    id: users.id,
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    phone_number: users.phoneNumber,
    role_id: users.roleId,
    account_creation_time: users.accountCreationTime,
  },
  internal: ["password_hash", "email_verified_at", "balance"],
  filters: ["id", "role_id", "email"],
  search: ["first_name", "last_name", "email", "phone_number"],
  sorts: ["first_name", "last_name", "email", "role_id", "account_creation_time"],
  defaultSort: "-account_creation_time",
  access: { list: "staff", get: "staff", create: "staff", update: "staff", delete: "admin" },
  createInput: userInput,
  updateInput: userUpdateInput,
  // The customers' create (wallet, settings, no password): customers made here do not sign
  // in to the back-office.
  create: async (db, { input }) => {
    const roleId = input.role_id;
    if (!isCustomerRole(roleId)) throw roleNotAssignable();
    const created = await createCustomer(db, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phoneNumber: input.phone_number ?? null,
      roleId,
      akdNumber: null,
    });
    return created.id;
  },
  update: async (db, { id, input, writer }) => {
    const userId = String(id);
    const current = await liveRole(db, userId);
    const wanted = input.role_id;
    const changes = personChanges(input);
    if (isCustomerRole(current)) {
      if (wanted !== undefined && !isCustomerRole(wanted)) throw roleNotAssignable();
      await updateCustomer(db, userId, { ...changes, roleId: wanted });
      return;
    }
    if (!isAdminRole(writer.actor.roleId)) throw forbidden();
    if (wanted !== undefined && !isStaffRole(wanted)) throw roleNotAssignable();
    await updateStaff(db, writer.actor.id, userId, { ...changes, roleId: wanted });
  },
  remove: async (db, { id, writer }) => {
    const userId = String(id);
    const removed = isCustomerRole(await liveRole(db, userId))
      ? await deleteCustomer(db, writer.actor.id, userId)
      : await deleteStaff(db, writer.actor.id, userId);
    const { anonymised, message } = removedAnswer(removed, writer.language);
    return { anonymised, message };
  },
});

/** Roles: read only. */
export const roleResource = defineResource("role", {
  table: roles,
  id: "role_id",
  idSchema: z.coerce.number().int().min(1).max(32767),
  readable: { role_id: roles.roleId, role_name: roles.roleName },
  filters: ["role_id"],
  sorts: ["role_id", "role_name"],
  defaultSort: "role_id",
  access: { list: "staff", get: "staff" },
});
