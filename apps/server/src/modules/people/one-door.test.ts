import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { clients, kantienStaff, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createOrder, createUser, signIn, type TestUser } from "../../test/fixtures";
import { request } from "../../test/request";
import { createTestApp } from "../../test/test-app";

/*
 * One door per rule (decision 0014): every people rule reachable through its own module
 * (/api/customers, /api/staff-members) and through the generic data API answers the same
 * status, code and message on both, and leaves the same rows behind.
 */

const it = appTest();
let admin: TestUser;
let adminCookie: string;

it.beforeAll(async ({ app, db }) => {
  admin = await createUser(db, { roleId: 4 });
  adminCookie = await signIn(app, admin);
});

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/** What a caller sees of an answer: the status, the code and the message. */
function answer(res: { statusCode: number; json(): Record<string, unknown> }) {
  const { code, message, anonymised } = res.json();
  return { status: res.statusCode, code, message, anonymised };
}

/** What is left of a person, with the id taken out so two people compare. */
async function personState(db: Db, id: string) {
  const [row] = await queryRows(
    db,
    sql`select u.first_name, u.last_name, replace(u.email, u.id::text, '<id>') as email, u.phone_number,
          u.role_id, u.password_hash is null as no_password, u.deleted_at is not null as removed,
          (select count(*)::int from clients c where c.user_id = u.id) as academy_numbers,
          (select kantien_employee_number is null from kantien_staff s where s.id = u.id) as no_employee_number,
          (select count(*)::int from orders o where o.user_id = u.id) as orders,
          (select count(*)::int from wallet_transactions w where w.user_id = u.id) as ledger_rows,
          (select balance::text from wallets w where w.user_id = u.id) as balance,
          (select count(*)::int from sessions s where s.user_id = u.id) as sessions
        from users u where u.id = ${id}`,
    z.record(z.string(), z.unknown()),
  );
  return row ?? null;
}

function customerBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Anri",
    lastName: "Botha",
    email: `${unique("anri")}@toets.example`,
    phoneNumber: null,
    roleId: 1,
    akdNumber: null,
    ...overrides,
  };
}

function staffBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Toets",
    lastName: "Gebruiker",
    email,
    phoneNumber: null,
    roleId: 3,
    employeeNumber: null,
    ...overrides,
  };
}

/** A person with history: an order, a top-up in the ledger, and a session. */
async function personWithHistory(app: App, db: Db, roleId: 1 | 3) {
  const person = await createUser(db, { roleId });
  const item = await createFoodItem(db);
  await createOrder(db, { userId: person.id, foodItemId: item.id });
  if (roleId === 1) {
    const res = await request(app, "POST", `/api/customers/${person.id}/top-ups`, {
      cookie: adminCookie,
      body: {
        amount: "25",
        method: "cash",
      },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    await db.insert(clients).values({ userId: person.id, akdNumber: unique("AKD") });
  } else {
    await db
      .update(kantienStaff)
      .set({ kantienEmployeeNumber: unique("K") })
      .where(eq(kantienStaff.id, person.id));
    await signIn(app, person);
  }
  return person;
}

describe("one door: removing people", () => {
  for (const [kind, roleId, path] of [
    ["customer", 1, "/api/customers"],
    ["staff member", 3, "/api/staff-members"],
  ] as const) {
    it(`anonymises a ${kind} with history on /api/admin/data/user as on ${path}`, async ({ app, db }) => {
      const [one, two] = [await personWithHistory(app, db, roleId), await personWithHistory(app, db, roleId)];
      const viaModule = await request(app, "DELETE", `${path}/${one.id}`, { cookie: adminCookie });
      const viaData = await request(app, "DELETE", `/api/admin/data/user/${two.id}`, {
        cookie: adminCookie,
      });
      expect(answer(viaData)).toEqual(answer(viaModule));
      expect(answer(viaModule)).toMatchObject({ status: 200, anonymised: true });
      const after = await personState(db, one.id);
      expect(after).toMatchObject({ first_name: "Verwyderde", removed: true, orders: 1, sessions: 0 });
      expect(await personState(db, two.id)).toEqual(after);
    });
  }

  it("deletes a customer without history on both doors", async ({ app, db }) => {
    const [one, two] = [await createUser(db, { roleId: 2 }), await createUser(db, { roleId: 2 })];
    const viaModule = await request(app, "DELETE", `/api/customers/${one.id}`, { cookie: adminCookie });
    const viaData = await request(app, "DELETE", `/api/admin/data/user/${two.id}`, { cookie: adminCookie });
    expect(answer(viaData)).toEqual(answer(viaModule));
    expect(answer(viaModule)).toMatchObject({ status: 200, anonymised: false });
    expect(await personState(db, one.id)).toBeNull();
    expect(await personState(db, two.id)).toBeNull();
  });
});

describe("one door: one's own account", () => {
  it("refuses one's own removal and role change with own_account on both doors, changing nothing", async ({
    app,
    db,
  }) => {
    // Another admin who can sign in, so only the own-account rule can refuse.
    await createUser(db, { roleId: 4 });
    const self = await createUser(db, { roleId: 4 });
    const cookie = await signIn(app, self);
    const before = await personState(db, self.id);

    const removeModule = await request(app, "DELETE", `/api/staff-members/${self.id}`, { cookie });
    const removeData = await request(app, "DELETE", `/api/admin/data/user/${self.id}`, { cookie });
    expect(answer(removeData)).toEqual(answer(removeModule));
    expect(answer(removeModule)).toMatchObject({ status: 403, code: "own_account" });

    const demoteModule = await request(app, "PUT", `/api/staff-members/${self.id}`, {
      cookie,
      body: staffBody(self.email, { firstName: "Toets", lastName: "Gebruiker 4", roleId: 3 }),
    });
    const demoteData = await request(app, "PUT", `/api/admin/data/user/${self.id}`, {
      cookie,
      body: { role_id: 3 },
    });
    expect(answer(demoteData)).toEqual(answer(demoteModule));
    expect(answer(demoteModule)).toMatchObject({ status: 403, code: "own_account" });
    expect(await personState(db, self.id)).toEqual(before);
  });
});

describe("one door: a caller who is no admin any more", () => {
  it("is refused on both doors, and the only other admin stays", async () => {
    const own = await createTestApp();
    try {
      const only = await createUser(own.db, { roleId: 4 });
      const caller = await createUser(own.db, { roleId: 4 });
      const cookie = await signIn(own.app, caller);
      // Signed in as an admin, but no longer one who counts (decision 0011): what a demotion
      // that committed while this request waited for the admins' lock looks like inside it.
      await own.db.update(users).set({ passwordHash: null }).where(eq(users.id, caller.id));
      const state = async () =>
        own.db
          .select({
            roleId: users.roleId,
            deletedAt: users.deletedAt,
            number: kantienStaff.kantienEmployeeNumber,
          })
          .from(users)
          .leftJoin(kantienStaff, eq(kantienStaff.id, users.id))
          .where(eq(users.id, only.id));
      const before = await state();

      const demoteModule = await request(own.app, "PUT", `/api/staff-members/${only.id}`, {
        cookie,
        body: staffBody(only.email, { lastName: "Gebruiker 4" }),
      });
      const demoteData = await request(own.app, "PUT", `/api/admin/data/user/${only.id}`, {
        cookie,
        body: { role_id: 3 },
      });
      expect(answer(demoteData)).toEqual(answer(demoteModule));
      expect(answer(demoteModule)).toMatchObject({ status: 403, code: "forbidden" });

      const removeModule = await request(own.app, "DELETE", `/api/staff-members/${only.id}`, { cookie });
      const removeData = await request(own.app, "DELETE", `/api/admin/data/user/${only.id}`, { cookie });
      expect(answer(removeData)).toEqual(answer(removeModule));
      expect(answer(removeModule)).toMatchObject({ status: 403, code: "forbidden" });

      const numberModule = await request(own.app, "PUT", `/api/staff-members/${only.id}`, {
        cookie,
        body: staffBody(only.email, { roleId: 4, lastName: "Gebruiker 4", employeeNumber: "K-1" }),
      });
      const numberData = await request(own.app, "PUT", `/api/admin/data/kantien_staff/${only.id}`, {
        cookie,
        body: {
          kantien_employee_number: "K-1",
        },
      });
      expect(answer(numberData)).toEqual(answer(numberModule));
      expect(answer(numberModule)).toMatchObject({ status: 403, code: "forbidden" });
      expect(await state()).toEqual(before);
    } finally {
      await own.close();
    }
  });
});

describe("one door: two admins demoting each other at once", () => {
  it("changes only one of them when each goes through another door", async () => {
    const own = await createTestApp();
    try {
      // A third admin stays either way, so only the caller's own role can refuse the loser.
      await createUser(own.db, { roleId: 4 });
      for (let round = 0; round < 5; round++) {
        const one = await createUser(own.db, { roleId: 4 });
        const two = await createUser(own.db, { roleId: 4 });
        const [oneCookie, twoCookie] = [await signIn(own.app, one), await signIn(own.app, two)];
        const answers = await Promise.all([
          request(own.app, "PUT", `/api/staff-members/${two.id}`, {
            cookie: oneCookie,
            body: staffBody(two.email, { lastName: "Gebruiker 4" }),
          }),
          request(own.app, "PUT", `/api/admin/data/user/${one.id}`, {
            cookie: twoCookie,
            body: { role_id: 3 },
          }),
        ]);
        expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(" ")).toEqual([
          200, 403,
        ]);
        const roles = await own.db
          .select({ roleId: users.roleId })
          .from(users)
          .where(inArray(users.id, [one.id, two.id]));
        expect(roles.map((r) => r.roleId).sort(), `round ${round}`).toEqual([3, 4]);
      }
    } finally {
      await own.close();
    }
  });
});

describe("one door: taken emails and numbers", () => {
  it("answers email_taken on both doors, for customers and staff", async ({ app, db }) => {
    const taken = await createUser(db, { roleId: 1 });
    const customer = await createUser(db, { roleId: 1 });
    const cook = await createUser(db, { roleId: 3 });
    const email = taken.email.toUpperCase();
    const pairs = [
      [
        await request(app, "POST", "/api/customers", {
          cookie: adminCookie,
          body: customerBody({ email }),
        }),
        await request(app, "POST", "/api/admin/data/user", {
          cookie: adminCookie,
          body: {
            first_name: "Anri",
            last_name: "Botha",
            email,
            role_id: 1,
          },
        }),
      ],
      [
        await request(app, "PUT", `/api/customers/${customer.id}`, {
          cookie: adminCookie,
          body: customerBody({ email }),
        }),
        await request(app, "PUT", `/api/admin/data/user/${customer.id}`, {
          cookie: adminCookie,
          body: { email },
        }),
      ],
      [
        await request(app, "PUT", `/api/staff-members/${cook.id}`, {
          cookie: adminCookie,
          body: staffBody(email),
        }),
        await request(app, "PUT", `/api/admin/data/user/${cook.id}`, {
          cookie: adminCookie,
          body: { email },
        }),
      ],
    ];
    for (const [viaModule, viaData] of pairs) {
      expect(answer(viaData!)).toEqual(answer(viaModule!));
      expect(answer(viaModule!)).toMatchObject({ status: 409, code: "email_taken" });
    }
  });

  it("answers akd_number_taken and employee_number_taken on both doors", async ({ app, db }) => {
    const akdNumber = unique("AKD");
    const holder = await createUser(db, { roleId: 1 });
    await db.insert(clients).values({ userId: holder.id, akdNumber });
    const [one, two] = [await createUser(db, { roleId: 1 }), await createUser(db, { roleId: 2 })];
    const akdModule = await request(app, "PUT", `/api/customers/${one.id}`, {
      cookie: adminCookie,
      body: customerBody({ akdNumber }),
    });
    const akdData = await request(app, "POST", "/api/admin/data/client", {
      cookie: adminCookie,
      body: {
        user_id: two.id,
        akd_number: akdNumber,
      },
    });
    expect(answer(akdData)).toEqual(answer(akdModule));
    expect(answer(akdModule)).toMatchObject({ status: 409, code: "akd_number_taken" });

    const employeeNumber = unique("K");
    const cook = await createUser(db, { roleId: 3 });
    await db
      .update(kantienStaff)
      .set({ kantienEmployeeNumber: employeeNumber })
      .where(eq(kantienStaff.id, cook.id));
    const [three, four] = [await createUser(db, { roleId: 3 }), await createUser(db, { roleId: 3 })];
    const numberModule = await request(app, "PUT", `/api/staff-members/${three.id}`, {
      cookie: adminCookie,
      body: staffBody(three.email, { lastName: "Gebruiker 3", employeeNumber }),
    });
    const numberData = await request(app, "PUT", `/api/admin/data/kantien_staff/${four.id}`, {
      cookie: adminCookie,
      body: {
        kantien_employee_number: employeeNumber,
      },
    });
    expect(answer(numberData)).toEqual(answer(numberModule));
    expect(answer(numberModule)).toMatchObject({ status: 409, code: "employee_number_taken" });
  });
});

describe("one door: removed people", () => {
  it("gives an anonymised customer no academy number on either door", async ({ app, db }) => {
    const [one, two] = [await personWithHistory(app, db, 1), await personWithHistory(app, db, 1)];
    for (const person of [one, two]) {
      expect(
        (await request(app, "DELETE", `/api/customers/${person.id}`, { cookie: adminCookie })).statusCode,
      ).toBe(200);
    }
    const viaModule = await request(app, "PUT", `/api/customers/${one.id}`, {
      cookie: adminCookie,
      body: customerBody({ akdNumber: unique("AKD") }),
    });
    const viaData = await request(app, "POST", "/api/admin/data/client", {
      cookie: adminCookie,
      body: {
        user_id: two.id,
        akd_number: unique("AKD"),
      },
    });
    expect(answer(viaData)).toEqual(answer(viaModule));
    expect(answer(viaModule)).toMatchObject({ status: 404, code: "not_found" });
    expect(await personState(db, two.id)).toEqual(await personState(db, one.id));
  });
});
