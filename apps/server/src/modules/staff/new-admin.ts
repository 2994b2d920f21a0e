import { ROLE } from "@kantien/domain/roles";
import type { Db } from "../../db/client";
import type { MailContext } from "../../mail/letter";
import { setPassword } from "../auth/credentials";
import { createStaffAccount, inviteStaff } from "./service";

export type NewAdmin = { email: string; firstName: string; lastName: string };

/**
 * An admin made by the operator (`npm run admin:create`), not by another admin: the canteen's
 * first, or one for a canteen whose admins are all gone. Either with a password chosen at the
 * terminal, through the one password setter (the account, its staff row and the password in one
 * transaction; the address counts as verified), or invited by mail as an admin invites staff.
 */
export async function createAdmin(
  db: Db,
  admin: NewAdmin,
  how: { password: string } | { mail: MailContext },
): Promise<void> {
  if ("mail" in how) {
    await inviteStaff(db, { ...admin, roleId: ROLE.kitchenAdmin }, how.mail);
    return;
  }
  await setPassword(db, {
    password: how.password,
    caller: { userId: undefined, tokenHash: undefined },
    claim: (tx) => createStaffAccount(tx, { ...admin, roleId: ROLE.kitchenAdmin }),
  });
}
