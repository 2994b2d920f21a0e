/**
 * Role ids: 1 student (a learner), 2 academy staff, 3 canteen staff, 4 canteen admin, 5 a
 * learner's parent or guardian (decision 0068).
 */
export const ROLE = {
  student: 1,
  academyStaff: 2,
  kitchenStaff: 3,
  kitchenAdmin: 4,
  guardian: 5,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** The customers' roles (the ordering app), and the staff's (the back office); forms offer them in this order. */
export const CUSTOMER_ROLES = [ROLE.student, ROLE.academyStaff] as const;
export const STAFF_ROLES = [ROLE.kitchenStaff, ROLE.kitchenAdmin] as const;
export type CustomerRoleId = (typeof CUSTOMER_ROLES)[number];
export type StaffRoleId = (typeof STAFF_ROLES)[number];

export function isStaffRole(roleId: number): roleId is StaffRoleId {
  return roleId === ROLE.kitchenStaff || roleId === ROLE.kitchenAdmin;
}

export function isAdminRole(roleId: number): boolean {
  return roleId === ROLE.kitchenAdmin;
}

/** Who eats and pays from a wallet of their own: orders, top-ups and bank credits are theirs. */
export function isCustomerRole(roleId: number): roleId is CustomerRoleId {
  return roleId === ROLE.student || roleId === ROLE.academyStaff;
}

export function isGuardianRole(roleId: number): boolean {
  return roleId === ROLE.guardian;
}

/** Who signs in to the ordering app (`/my`, `/api/my/*`): the customers, and guardians who act for learners. */
export function usesOrderingApp(roleId: number): boolean {
  return isCustomerRole(roleId) || isGuardianRole(roleId);
}

/**
 * Role names as people read them, in each language: the web app's `roles.names` holds the same
 * texts ({{canteen}} for the canteen's name; a test keeps them equal), and mails say these.
 */
export const ROLE_LABELS: Record<"af" | "en", Record<number, string>> = {
  af: {
    1: "Student",
    2: "Akademiepersoneel",
    3: "{{canteen}}-personeel",
    4: "{{canteen}}-admin",
    5: "Ouer of voog",
  },
  en: {
    1: "Student",
    2: "Academy staff",
    3: "{{canteen}} staff",
    4: "{{canteen}} admin",
    5: "Parent or guardian",
  },
};

/** The role's name for people (`ROLE_LABELS`) with the canteen's name filled in. */
export function roleLabel(roleId: number, language: "af" | "en", canteenName: string): string {
  return (ROLE_LABELS[language][roleId] ?? ROLE_LABELS[language][1]!).replace("{{canteen}}", canteenName);
}

/** Role names as stored in `roles.role_name`; {product} is the canteen's name in upper case. */
export function roleName(roleId: number, productName = "Kantien"): string {
  const product = productName.toUpperCase();
  switch (roleId) {
    case ROLE.student:
      return "STUDENT";
    case ROLE.academyStaff:
      return "AKADEMIA PERSONEEL";
    case ROLE.kitchenStaff:
      return `${product} PERSONEEL`;
    case ROLE.kitchenAdmin:
      return `${product} ADMIN`;
    case ROLE.guardian:
      return "OUER OF VOOG";
    default:
      return "user";
  }
}
