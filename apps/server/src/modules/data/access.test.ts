import { randomBytes } from "node:crypto";
import { addDaysIso } from "@kantien/domain/dates";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { kantienStaff } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";

/**
 * Who may do what on the generic data API, written out by hand (not read from the registry):
 * staff = roles 3 and 4, admin = role 4 only, none = the verb does not exist here (405).
 */
type Who = "staff" | "admin" | "none";
type Verb = "list" | "get" | "create" | "update" | "delete";
const EXPECTED: Record<string, Record<Verb, Who>> = {
  user: { list: "staff", get: "staff", create: "staff", update: "staff", delete: "admin" },
  order: { list: "staff", get: "staff", create: "none", update: "none", delete: "none" },
  food_item: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
  weekly_menu: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
  wallet: { list: "staff", get: "staff", create: "none", update: "none", delete: "none" },
  client: { list: "staff", get: "staff", create: "staff", update: "staff", delete: "admin" },
  role: { list: "staff", get: "staff", create: "none", update: "none", delete: "none" },
  kantien_staff: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
};
const ROLES = [null, 1, 2, 3, 4] as const;
type Role = (typeof ROLES)[number];

function expectedStatus(role: Role, who: Who, verb: Verb): [number, string | null] {
  if (role === null) return [401, "unauthenticated"];
  if (role === 1 || role === 2) return [403, "forbidden"];
  if (who === "none") return [405, "method_not_allowed"];
  if (who === "admin" && role !== 4) return [403, "forbidden"];
  return [verb === "create" ? 201 : 200, null];
}

const METHOD = { list: "GET", get: "GET", create: "POST", update: "PUT", delete: "DELETE" } as const;
const unique = () => randomBytes(4).toString("hex");

const it = appTest();

describe("generic data API: who may do what", () => {
  const cookies = new Map<Role, string>();
  let weeks = 0;
  const nextMonday = () => addDaysIso("2040-01-02", 7 * weeks++);

  it.beforeAll(async ({ app, db }) => {
    for (const role of ROLES) {
      if (role === null) continue;
      const user = await createUser(db, { roleId: role });
      // Sign-in opens no session for customers; one who holds a session anyway is refused.
      cookies.set(role, role >= 3 ? await signIn(app, user) : await sessionCookieFor(db, user.id));
    }
  });

  const customer = (db: Db) => createUser(db, { roleId: 1 });
  async function order(db: Db) {
    const [user, item] = await Promise.all([customer(db), createFoodItem(db)]);
    return createOrder(db, { userId: user.id, foodItemId: item.id });
  }
  async function staffWithoutRow(db: Db) {
    const user = await createUser(db, { roleId: 3 });
    await db.delete(kantienStaff).where(eq(kantienStaff.id, user.id));
    return user;
  }

  /** A fresh target for each call: the url (under /api/admin/data/) and the body. */
  const CASES: Record<
    string,
    Record<Verb, (fixtures: { app: App; db: Db }) => Promise<[string, unknown?]>>
  > = {
    user: {
      list: async () => ["user?role_id=1"],
      get: async ({ db }) => [`user/${(await customer(db)).id}`],
      create: async () => [
        "user",
        { first_name: "Anna", last_name: "Smit", email: `${unique()}@toets.example`, role_id: 1 },
      ],
      update: async ({ db }) => [`user/${(await customer(db)).id}`, { first_name: "Nuwe" }],
      delete: async ({ db }) => [`user/${(await customer(db)).id}`],
    },
    order: {
      list: async () => ["order"],
      get: async ({ db }) => [`order/${(await order(db)).id}`],
      create: async ({ db }) => {
        const [user, item] = await Promise.all([customer(db), createFoodItem(db)]);
        return ["order", { user_id: user.id, food_item_id: item.id, food_item_quantity: 1 }];
      },
      update: async ({ db }) => [
        `order/${(await order(db)).id}`,
        { status: "processing", updated_at: new Date().toISOString() },
      ],
      delete: async ({ db }) => [`order/${(await order(db)).id}`],
    },
    food_item: {
      list: async () => ["food_item?q=kaas"],
      get: async ({ db }) => [`food_item/${(await createFoodItem(db)).id}`],
      create: async ({ db }) => [
        "food_item",
        {
          name: "Pap en wors",
          description: "Met sous",
          price: 38.5,
          image_url: null,
          day_of_week: "Dinsdag",
          weekly_menu_id: (await createWeeklyMenu(db)).id,
        },
      ],
      update: async ({ db }) => [`food_item/${(await createFoodItem(db)).id}`, { price: "50.00" }],
      delete: async ({ db }) => [`food_item/${(await createFoodItem(db)).id}`],
    },
    weekly_menu: {
      list: async () => ["weekly_menu?sort=-date_from"],
      get: async ({ db }) => [`weekly_menu/${(await createWeeklyMenu(db)).id}`],
      create: async () => {
        const monday = nextMonday();
        return [
          "weekly_menu",
          {
            date_from: monday,
            date_to: addDaysIso(monday, 4),
            kantien_staff_id: "hard-coded",
            creation_date: "2040-01-01",
          },
        ];
      },
      update: async ({ db }) => {
        const monday = nextMonday();
        return [
          `weekly_menu/${(await createWeeklyMenu(db)).id}`,
          { date_from: monday, date_to: addDaysIso(monday, 4) },
        ];
      },
      delete: async ({ db }) => [`weekly_menu/${(await createWeeklyMenu(db)).id}`],
    },
    wallet: {
      list: async () => ["wallet"],
      get: async ({ db }) => [`wallet/${(await customer(db)).id}`],
      create: async ({ db }) => ["wallet", { user_id: (await staffWithoutRow(db)).id, balance: 100 }],
      update: async ({ db }) => [`wallet/${(await customer(db)).id}`, { balance: 100 }],
      delete: async ({ db }) => [`wallet/${(await customer(db)).id}`],
    },
    client: {
      list: async () => ["client"],
      get: async ({ app, db }) => {
        const [, data] = await clientRow(app, db);
        return [`client/${data.user_id}`];
      },
      create: async ({ db }) => [
        "client",
        { user_id: (await customer(db)).id, akd_number: `AKD${unique()}` },
      ],
      update: async ({ app, db }) => {
        const [, data] = await clientRow(app, db);
        return [`client/${data.user_id}`, { akd_number: `AKD${unique()}` }];
      },
      delete: async ({ app, db }) => {
        const [, data] = await clientRow(app, db);
        return [`client/${data.user_id}`];
      },
    },
    role: {
      list: async () => ["role"],
      get: async () => ["role/1"],
      create: async () => ["role", { role_id: 9, role_name: "HAKKER" }],
      update: async () => ["role/1", { role_name: "HAKKER" }],
      delete: async () => ["role/2"],
    },
    kantien_staff: {
      list: async () => ["kantien_staff"],
      get: async ({ db }) => [`kantien_staff/${(await createUser(db, { roleId: 3 })).id}`],
      create: async ({ db }) => [
        "kantien_staff",
        { id: (await staffWithoutRow(db)).id, kantien_employee_number: `KANTIEN${unique()}` },
      ],
      update: async ({ db }) => [
        `kantien_staff/${(await createUser(db, { roleId: 3 })).id}`,
        { kantien_employee_number: `KANTIEN${unique()}` },
      ],
      delete: async ({ db }) => [`kantien_staff/${(await createUser(db, { roleId: 3 })).id}`],
    },
  };

  /** A client row made through the API by the admin, so the case does not depend on fixtures alone. */
  async function clientRow(app: App, db: Db): Promise<[string, { user_id: string }]> {
    const userId = (await customer(db)).id;
    const res = await request(app, "POST", "/api/admin/data/client", {
      cookie: cookies.get(4)!,
      body: { user_id: userId, akd_number: `AKD${unique()}` },
    });
    expect(res.statusCode).toBe(201);
    return ["client", res.json().data];
  }

  for (const [resource, verbs] of Object.entries(EXPECTED)) {
    for (const verb of Object.keys(verbs) as Verb[]) {
      for (const role of ROLES) {
        const [status, code] = expectedStatus(role, verbs[verb], verb);
        it(`${resource} ${verb} as ${role ?? "anonymous"} → ${status}`, async ({ app, db }) => {
          const [path, payload] = await CASES[resource]![verb]({ app, db });
          const cookie = role === null ? undefined : cookies.get(role);
          const method = METHOD[verb];
          // Only create and update have a payload.
          const res = await request(app, method, `/api/admin/data/${path}`, { cookie, body: payload });
          expect(res.statusCode, res.body).toBe(status);
          const answer = res.json();
          if (code) expect(answer).toMatchObject({ success: false, code });
          else expect(answer.success).toBe(true);
          if (verb === "list" && status === 200) expect(answer.total).toBeTypeOf("number");
          expect(res.body).not.toContain("password_hash");
          expect(res.body).not.toContain("$argon2id$");
        });
      }
    }
  }
});
