import { randomUUID } from "node:crypto";
import type { CustomerRow } from "@kantien/domain/people";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import { queryPlanRow, queryRows } from "../../db/client";
import { clients, sessions, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  addCustomer as addCustomerAs,
  customerBody,
  ledgerSum,
  topUpAs,
  unique,
} from "../../test/customer-fixtures";
import {
  createFoodItem,
  createOrder,
  createUser,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { peoplePageQuery } from "../people/people";
import { moveWalletMoney } from "../wallets/ledger";
import { type CustomerListParams, customersList } from "./service";

const it = appTest();
let admin: TestUser;
let adminCookie: string;
let staffCookie: string;
let studentCookie: string;

it.beforeAll(async ({ app, db }) => {
  admin = await createUser(db, { roleId: 4 });
  adminCookie = await signIn(app, admin);
  staffCookie = await signIn(app, await createUser(db, { roleId: 3 }));
  // A customer who holds a session (their role was lowered) is refused like one without.
  studentCookie = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id);
});

const addCustomer = (app: App, overrides: Record<string, unknown> = {}) =>
  addCustomerAs(app, staffCookie, overrides);
const topUp = (
  app: App,
  id: string,
  payload: unknown,
  key: string | null = randomUUID(),
  cookie = adminCookie,
) => topUpAs(app, cookie, id, payload, key);

describe("POST and PUT /api/customers: the field rules", () => {
  it("adds a customer with a wallet of R0 and their academy number, and answers the row", async ({
    app,
    db,
  }) => {
    const body = customerBody({ email: `  ${unique("Hoof").toUpperCase()}@Toets.Example ` });
    const res = await request(app, "POST", "/api/customers", { cookie: staffCookie, body });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json().data as CustomerRow;
    expect(row).toMatchObject({
      firstName: "Anri",
      lastName: "Botha",
      email: body.email.trim().toLowerCase(),
      phoneNumber: "082 555 1234",
      roleId: 1,
      akdNumber: body.akdNumber,
      balance: "0.00",
    });
    const [client] = await db.select().from(clients).where(eq(clients.userId, row.id));
    expect(client?.akdNumber).toBe(body.akdNumber);
    // A customer made here has no password: no one signs in with it.
    const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, row.id));
    expect(user?.hash).toBeNull();
  });

  it("refuses each invalid field with 400 and the field's name", async ({ app }) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: "" }, "firstName"],
      [{ firstName: "   " }, "firstName"],
      [{ lastName: undefined }, "lastName"],
      [{ lastName: "x".repeat(101) }, "lastName"],
      [{ email: "nie-'n-adres" }, "email"],
      [{ email: "" }, "email"],
      [{ roleId: 3 }, "roleId"],
      [{ roleId: 4 }, "roleId"],
      [{ roleId: "1" }, "roleId"],
      [{ phoneNumber: "x".repeat(31) }, "phoneNumber"],
      [{ akdNumber: "x".repeat(31) }, "akdNumber"],
    ];
    for (const [overrides, field] of cases) {
      const res = await request(app, "POST", "/api/customers", {
        cookie: staffCookie,
        body: customerBody(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: "validation_failed" });
      expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // Keys the form does not have are refused, not ignored.
    for (const extra of [{ balance: "100.00" }, { password_hash: "x" }, { id: randomUUID() }]) {
      const res = await request(app, "POST", "/api/customers", {
        cookie: staffCookie,
        body: customerBody(extra),
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it("answers a taken email (in any case) and a taken academy number with 409 and a clear message", async ({
    app,
  }) => {
    const first = await addCustomer(app);
    const email = await request(app, "POST", "/api/customers", {
      cookie: staffCookie,
      body: customerBody({ email: first.email.toUpperCase() }),
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      code: "email_taken",
      message: "'n Rekening met hierdie e-posadres bestaan reeds.",
    });
    const akd = await request(app, "POST", "/api/customers", {
      cookie: staffCookie,
      body: customerBody({ akdNumber: first.akdNumber }),
    });
    expect(akd.statusCode).toBe(409);
    expect(akd.json()).toMatchObject({
      code: "akd_number_taken",
      message: "Hierdie akademienommer word reeds gebruik.",
    });

    // Editing into someone else's email or number is refused the same way.
    const second = await addCustomer(app);
    const edit = (overrides: Record<string, unknown>) =>
      request(app, "PUT", `/api/customers/${second.id}`, {
        cookie: staffCookie,
        body: customerBody({ email: second.email, ...overrides }),
      });
    expect((await edit({ email: first.email })).json().code).toBe("email_taken");
    expect((await edit({ akdNumber: first.akdNumber })).json().code).toBe("akd_number_taken");
  });

  it("edits names, email, phone, role 1↔2 and the academy number; empty or left out clears", async ({
    app,
  }) => {
    const row = await addCustomer(app);
    const res = await request(app, "PUT", `/api/customers/${row.id}`, {
      cookie: staffCookie,
      body: customerBody({ firstName: "Bea", email: row.email, roleId: 2, akdNumber: null, phoneNumber: "" }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: "Bea",
      roleId: 2,
      akdNumber: null,
      phoneNumber: null,
    });

    const { phoneNumber: _p, akdNumber: _a, ...rest } = customerBody({ email: row.email, roleId: 2 });
    await request(app, "PUT", `/api/customers/${row.id}`, {
      cookie: staffCookie,
      body: {
        ...rest,
        akdNumber: "NUUT-1",
        phoneNumber: "011 1",
      },
    });
    const set = await request(app, "GET", `/api/customers/${row.id}`, { cookie: staffCookie });
    expect(set.json().data).toMatchObject({ akdNumber: "NUUT-1", phoneNumber: "011 1" });
    // The form sends every field: one left out is empty.
    const cleared = await request(app, "PUT", `/api/customers/${row.id}`, {
      cookie: staffCookie,
      body: { ...rest, lastName: "Nel" },
    });
    expect(cleared.json().data).toMatchObject({ lastName: "Nel", akdNumber: null, phoneNumber: null });
  });

  it("keeps customers to roles 1 and 2: staff are not customers here", async ({ app, db }) => {
    const staffMember = await createUser(db, { roleId: 3 });
    const res = await request(app, "PUT", `/api/customers/${staffMember.id}`, {
      cookie: adminCookie,
      body: customerBody(),
    });
    expect(res.statusCode).toBe(404);
    const row = await addCustomer(app);
    const promote = await request(app, "PUT", `/api/customers/${row.id}`, {
      cookie: adminCookie,
      body: customerBody({ email: row.email, roleId: 4 }),
    });
    expect(promote.statusCode).toBe(400);
    expect(
      (await request(app, "GET", `/api/customers/${staffMember.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(404);
    expect(
      (await request(app, "DELETE", `/api/customers/${staffMember.id}`, { cookie: adminCookie })).statusCode,
    ).toBe(404);
    expect((await request(app, "GET", "/api/customers/not-a-uuid", { cookie: staffCookie })).statusCode).toBe(
      404,
    );
  });
});

describe("GET /api/customers: search, role, tabs and paging", () => {
  let tag: string;
  let rows: Record<string, CustomerRow>;

  it.beforeAll(async ({ app, db }) => {
    tag = unique("lys");
    rows = {
      rich: await addCustomer(app, { firstName: "Ryk", lastName: `${tag} A`, roleId: 1 }),
      client: await addCustomer(app, { firstName: "Klient", lastName: `${tag} B`, roleId: 2 }),
      noAkd: await addCustomer(app, {
        firstName: "Sonder",
        lastName: `${tag} C`,
        roleId: 2,
        akdNumber: null,
      }),
    };
    await db.transaction(async (tx) => {
      await moveWalletMoney(tx, {
        userId: rows.rich!.id,
        amount: "50.00",
        kind: "top_up",
        createdBy: admin.id,
        at: new Date(),
      });
    });
    // A staff member with the same name never shows on /users.
    const staffMember = await createUser(db, { roleId: 3 });
    await db
      .update(users)
      .set({ lastName: `${tag} D` })
      .where(eq(users.id, staffMember.id));
  });

  const list = async (app: App, query: string, cookie = staffCookie) => {
    const res = await request(app, "GET", `/api/customers?q=${encodeURIComponent(tag)}&${query}`, {
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; data: CustomerRow[]; total: number };
  };
  const names = (body: { data: CustomerRow[] }) => body.data.map((r) => r.firstName);

  it("lists only customers, in name order, with balance and academy number", async ({ app }) => {
    const body = await list(app, "");
    expect(names(body)).toEqual(["Ryk", "Klient", "Sonder"]);
    expect(body.total).toBe(3);
    expect(body.data[0]).toMatchObject({ balance: "50.00", akdNumber: rows.rich!.akdNumber });
  });

  it("searches every word in first name, last name, email or academy number, in any case", async ({
    app,
  }) => {
    expect(names(await list(app, "").then(() => list(app, "")))).toHaveLength(3);
    const byEmail = await request(
      app,
      "GET",
      `/api/customers?q=${encodeURIComponent(rows.client!.email.toUpperCase())}`,
      { cookie: staffCookie },
    );
    expect(byEmail.json().data.map((r: CustomerRow) => r.id)).toEqual([rows.client!.id]);
    const byAkd = await request(app, "GET", `/api/customers?q=${rows.rich!.akdNumber}`, {
      cookie: staffCookie,
    });
    expect(byAkd.json().data.map((r: CustomerRow) => r.id)).toEqual([rows.rich!.id]);
    const twoWords = await request(app, "GET", `/api/customers?q=${encodeURIComponent(`sonder ${tag}`)}`, {
      cookie: staffCookie,
    });
    expect(twoWords.json().data.map((r: CustomerRow) => r.id)).toEqual([rows.noAkd!.id]);
    const wildcard = await request(app, "GET", `/api/customers?q=${encodeURIComponent("%_")}`, {
      cookie: staffCookie,
    });
    expect(wildcard.json().total).toBe(0);
  });

  it("filters by role and by tab: active (balance above 0), clients (academy number), staff (none)", async ({
    app,
  }) => {
    expect(names(await list(app, "role=2"))).toEqual(["Klient", "Sonder"]);
    expect(names(await list(app, "tab=all"))).toEqual(["Ryk", "Klient", "Sonder"]);
    expect(names(await list(app, "tab=active"))).toEqual(["Ryk"]);
    expect(names(await list(app, "tab=clients"))).toEqual(["Ryk", "Klient"]);
    expect(names(await list(app, "tab=staff"))).toEqual(["Sonder"]);
    expect(names(await list(app, "tab=clients&role=2"))).toEqual(["Klient"]);
  });

  it("pages with limit and offset, counting all matches", async ({ app }) => {
    const first = await list(app, "limit=2");
    const second = await list(app, "limit=2&offset=2");
    expect(names(first)).toEqual(["Ryk", "Klient"]);
    expect(names(second)).toEqual(["Sonder"]);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
  });

  it("refuses a bad query with 400", async ({ app }) => {
    for (const query of [
      "role=3",
      "role=x",
      "tab=everyone",
      "limit=0",
      "limit=101",
      "offset=-1",
      "sort=email",
    ]) {
      const res = await request(app, "GET", `/api/customers?${query}`, { cookie: staffCookie });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("GET /api/customers: by balance, and who runs low", () => {
  it("sorts by balance either way (then by name) and lists those under the canteen's line", async ({
    app,
  }) => {
    const family = unique("Saldo");
    const made: Record<string, string> = {};
    for (const [firstName, amount] of [
      ["Arm", "5"],
      ["Ryk", "500"],
      ["Middel", "80"],
      ["Leeg", null],
    ] as const) {
      const row = await addCustomer(app, { firstName, lastName: family });
      made[firstName] = row.id;
      if (amount) expect((await topUp(app, row.id, { amount, method: "cash" })).statusCode).toBe(201);
    }
    const names = async (query: string) =>
      (await request(app, "GET", `/api/customers?q=${family}&${query}`, { cookie: staffCookie }))
        .json()
        .data.map((row: CustomerRow) => `${row.firstName} ${row.balance}`);
    expect(await names("sort=balance")).toEqual(["Leeg 0.00", "Arm 5.00", "Middel 80.00", "Ryk 500.00"]);
    expect(await names("sort=-balance")).toEqual(["Ryk 500.00", "Middel 80.00", "Arm 5.00", "Leeg 0.00"]);
    // The canteen's low-balance line is R50 by default.
    expect(await names("tab=low&sort=balance")).toEqual(["Leeg 0.00", "Arm 5.00"]);
    const refused = await request(app, "GET", "/api/customers?sort=balance;drop", { cookie: staffCookie });
    expect(refused.statusCode).toBe(400);
  });
});

describe("GET /api/customers/:id", () => {
  it("answers the data, balance, recent orders and the ledger, newest first", async ({ app, db }) => {
    const row = await addCustomer(app);
    const item = await createFoodItem(db, { name: "Bobotie" });
    const order = await createOrder(db, {
      userId: row.id,
      foodItemId: item.id,
      quantity: 2,
      deliveryDate: "2031-01-06",
    });
    expect((await topUp(app, row.id, { amount: "100", method: "eft", reason: "Kontant" })).statusCode).toBe(
      201,
    );
    await db.transaction(async (tx) => {
      await moveWalletMoney(tx, {
        userId: row.id,
        amount: "-91.00",
        kind: "order",
        orderId: order.id,
        createdBy: row.id,
        at: new Date(),
      });
    });
    const res = await request(app, "GET", `/api/customers/${row.id}`, { cookie: staffCookie });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ id: row.id, email: row.email, balance: "9.00" });
    expect(detail.recentOrders).toEqual([
      {
        id: order.id,
        pickupNumber: 1,
        itemName: "Bobotie",
        quantity: 2,
        amount: "91.00",
        status: "pending",
        orderDate: "2031-01-06",
      },
    ]);
    expect(detail.ledger).toMatchObject([
      { kind: "order", amount: "-91.00", balanceAfter: "9.00", reason: null },
      { kind: "eft", amount: "100.00", balanceAfter: "100.00", reason: "Kontant" },
    ]);
    expect(new Date(detail.ledger[0].at).toString()).not.toBe("Invalid Date");
  });
});

describe("DELETE /api/customers/:id (decision 0010)", () => {
  it("deletes a customer without history", async ({ app, db }) => {
    const row = await addCustomer(app);
    const res = await request(app, "DELETE", `/api/customers/${row.id}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, anonymised: false, message: "Gebruiker geskrap." });
    expect(await db.select().from(users).where(eq(users.id, row.id))).toHaveLength(0);
    expect((await request(app, "GET", `/api/customers/${row.id}`, { cookie: staffCookie })).statusCode).toBe(
      404,
    );
  });

  it("anonymises a customer with orders or a ledger: the history stays, the person goes", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    const item = await createFoodItem(db);
    await createOrder(db, { userId: row.id, foodItemId: item.id });
    await topUp(app, row.id, { amount: "40", method: "cash" });
    const cookie = await sessionCookieFor(db, row.id);

    const res = await request(app, "DELETE", `/api/customers/${row.id}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ anonymised: true });
    const [user] = await db.select().from(users).where(eq(users.id, row.id));
    expect(user).toMatchObject({
      firstName: "Verwyderde",
      lastName: "gebruiker",
      email: `verwyder-${row.id}@kantien.invalid`,
      phoneNumber: null,
      passwordHash: null,
    });
    expect(user?.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(clients).where(eq(clients.userId, row.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(0);
    expect((await request(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(401);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "40.00", balance: "40.00" });
    // Gone from the list and the detail; the email and academy number are free again.
    expect(
      (await request(app, "GET", `/api/customers?q=${row.email}`, { cookie: staffCookie })).json().total,
    ).toBe(0);
    expect((await request(app, "GET", `/api/customers/${row.id}`, { cookie: staffCookie })).statusCode).toBe(
      404,
    );
    await addCustomer(app, { email: row.email, akdNumber: row.akdNumber });
    expect(
      (await request(app, "DELETE", `/api/customers/${row.id}`, { cookie: adminCookie })).statusCode,
    ).toBe(404);
    // Nothing edits the anonymised account back, not even the data API.
    const dataApi = await request(app, "PUT", `/api/admin/data/user/${row.id}`, {
      cookie: adminCookie,
      body: { first_name: "Terug" },
    });
    expect(dataApi.statusCode).toBe(404);
    expect(
      (await request(app, "PUT", `/api/customers/${row.id}`, { cookie: adminCookie, body: customerBody() }))
        .statusCode,
    ).toBe(404);
    expect((await topUp(app, row.id, { amount: "5", reason: "x", method: "cash" })).statusCode).toBe(404);
  });

  it("keeps the ledger when a user is removed through the data API: anonymised, as here", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    await topUp(app, row.id, { amount: "40", method: "cash" });
    const res = await request(app, "DELETE", `/api/admin/data/user/${row.id}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, anonymised: true });
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "40.00", balance: "40.00" });
    const [user] = await db.select().from(users).where(eq(users.id, row.id));
    expect(user).toMatchObject({ firstName: "Verwyderde", email: `verwyder-${row.id}@kantien.invalid` });
  });
});

describe("who may call /api/customers", () => {
  it("answers 401 without a session, 403 for customers, 403 for staff on admin-only calls", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/customers"],
      ["GET", `/api/customers/${row.id}`],
      ["POST", "/api/customers", customerBody()],
      ["PUT", `/api/customers/${row.id}`, customerBody()],
      ["DELETE", `/api/customers/${row.id}`],
      // A cook takes cash and card; a correction is an admin's.
      ["POST", `/api/customers/${row.id}/top-ups`, { amount: "5", reason: "x", method: "correction" }],
    ];
    for (const [method, url, payload] of calls) {
      const m = method as "GET";
      const anonymous = await request(app, m, url, {
        body: payload,
        headers: { "idempotency-key": randomUUID() },
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const student = await request(app, m, url, {
        cookie: studentCookie,
        body: payload,
        headers: { "idempotency-key": randomUUID() },
      });
      expect(student.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, payload] of calls.slice(4)) {
      const res = await request(app, method as "GET", url, {
        cookie: staffCookie,
        body: payload,
        headers: { "idempotency-key": randomUUID() },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "0.00", balance: "0.00" });
  });
});

describe("20,000 customers", () => {
  // The time budgets live in the bench; here the plan shows the search reads an index.
  it.skipIf(testBackend !== "postgres")(
    "searches them through the trigram indexes, not by reading every person",
    { timeout: 120_000 },
    async ({ app, db }) => {
      await db.execute(sql`
        with made as (
          insert into users (first_name, last_name, email, role_id)
          select 'Massa', 'Klant ' || n, 'massa-' || n || '@toets.example', 1 + n % 2
          from generate_series(1, 20000) n
          returning id, email
        ), wallet as (
          insert into wallets (user_id, balance) select id, 0 from made
        )
        insert into clients (user_id, akd_number)
        select id, 'M' || split_part(split_part(email, '@', 1), '-', 2) from made where random() < 0.5`);
      // As autovacuum leaves them: the trigram indexes hold the new rows (no GIN pending list).
      await db.execute(sql`vacuum analyze users, clients, wallets`);
      const explain = async (params: Partial<CustomerListParams>) =>
        (
          await queryRows(
            db,
            sql`explain ${peoplePageQuery(db, customersList, { tab: "all", limit: 25, offset: 0, ...params })}`,
            queryPlanRow,
          )
        )
          .map((r) => r["QUERY PLAN"])
          .join("\n");
      // A rare word: a word that matches most people rightly reads them all.
      for (const q of ["19999", "massa-19999", "M19999"]) {
        const plan = await explain({ q });
        expect(plan, q).toMatch(/users_(first_name|last_name|email)_trgm_idx/);
        expect(plan, q).toContain("clients_akd_number_trgm_idx");
        expect(plan, q).not.toMatch(/Seq Scan on users/);
      }
      const found = (
        await request(app, "GET", "/api/customers?q=massa-19999", { cookie: staffCookie })
      ).json();
      expect(found.data.map((r: CustomerRow) => r.email)).toEqual(["massa-19999@toets.example"]);
    },
  );
});

describe("PUT /api/customers/:id from two dialogs (decision 0057)", () => {
  const body = (customer: CustomerRow, changes: object) => ({
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    roleId: customer.roleId,
    akdNumber: customer.akdNumber,
    ...changes,
  });

  it("refuses an edit from a version another edit replaced, with the customer as it now is", async ({
    app,
    db,
  }) => {
    const customer = await createUser(db, { roleId: 1 });
    const one = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id);
    const two = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id);
    const loaded = await request(app, "GET", `/api/customers/${customer.id}`, { cookie: one });
    const version = loaded.headers.etag as string;
    const row: CustomerRow = loaded.json().data;
    expect(row.version).toBe(1);

    const first = await request(app, "PUT", `/api/customers/${customer.id}`, {
      cookie: one,
      headers: { "if-match": version },
      body: body(row, { phoneNumber: "082 555 0101" }),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe('"2"');

    const second = await request(app, "PUT", `/api/customers/${customer.id}`, {
      cookie: two,
      headers: { "if-match": version },
      body: body(row, { lastName: "Ander" }),
    });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().details.current).toMatchObject({ phoneNumber: "082 555 0101", version: 2 });
    const now = (await request(app, "GET", `/api/customers/${customer.id}`, { cookie: one })).json().data;
    expect(now).toMatchObject({ phoneNumber: "082 555 0101", lastName: row.lastName, version: 2 });
  });
});
