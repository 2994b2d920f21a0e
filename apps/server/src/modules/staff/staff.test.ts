import { randomBytes, randomUUID } from "node:crypto";
import type { StaffRow } from "@kantien/domain/people";
import { eq, inArray } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { kantienStaff, users, weeklyMenus } from "../../db/schema";
import { type EmailSender, startEmailSender } from "../../mail/sender";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { startSmtpReceiver } from "../../test/smtp-receiver";
import { createTestApp } from "../../test/test-app";
import { assertAdminRemains } from "./admins";

const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
// The app's mail goes to the receiver, started before the first test asks for the app.
const it = appTest(() => ({ smtpUrl: smtp.url }));
let sender: EmailSender;
let admin: TestUser;
let adminCookie: string;
let staff: TestUser;
let staffCookie: string;
let studentCookie: string;

it.beforeAll(async ({ app, db, config, database }) => {
  sender = await startEmailSender({
    db,
    config,
    log: Fastify({ logger: false }).log,
    listen: database.listen,
    pollMs: 100,
  });
  admin = await createUser(db, { roleId: 4 });
  adminCookie = await signIn(app, admin);
  staff = await createUser(db, { roleId: 3 });
  staffCookie = await signIn(app, staff);
  studentCookie = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id);
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
});

const unique = (prefix = "p") => `${prefix}-${randomBytes(4).toString("hex")}`;

async function staffRow(app: App, user: { id: string }): Promise<StaffRow> {
  const res = await request(app, "GET", `/api/staff-members/${user.id}`, { cookie: adminCookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function staffBody(row: Pick<StaffRow, "email">, overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Thandi",
    lastName: "Mokoena",
    email: row.email,
    phoneNumber: "021 555 0000",
    roleId: 3,
    employeeNumber: unique("KANTIEN"),
    ...overrides,
  };
}

async function newStaff(app: App, db: Db, roleId: 3 | 4 = 3) {
  const user = await createUser(db, { roleId });
  return { user, cookie: await signIn(app, user) };
}

/** Waits for the receiver to hold `n` mails to `email`; answers their decoded texts. */
async function mailsTo(email: string, n: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    if (mails.length >= n) return mails.map((m) => decodeQp(m.raw));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${n} mails reached ${email}`);
}
const tokenIn = (mail: string) => mail.match(/\/setup-account\?token=([\w-]+)/)?.[1];

describe("GET /api/staff-members", () => {
  let tag: string;
  it.beforeAll(async ({ db }) => {
    tag = unique("span");
    const make = async (firstName: string, roleId: 3 | 4, employeeNumber: string | null) => {
      const user = await createUser(db, { roleId, password: null });
      await db.update(users).set({ firstName, lastName: tag }).where(eq(users.id, user.id));
      await db
        .update(kantienStaff)
        .set({ kantienEmployeeNumber: employeeNumber })
        .where(eq(kantienStaff.id, user.id));
      return user;
    };
    const boss = await make("Baas", 4, null);
    await make("Kok", 3, unique("KANTIEN"));
    await make("Nuweling", 3, null);
    const { moveWalletMoney } = await import("../wallets/ledger");
    await db.transaction((tx) =>
      moveWalletMoney(tx, {
        userId: boss.id,
        amount: "12.00",
        kind: "top_up",
        createdBy: admin.id,
        at: new Date(),
      }),
    );
    // A customer of the same name never shows on /staff.
    const customer = await createUser(db, { roleId: 2 });
    await db.update(users).set({ lastName: tag }).where(eq(users.id, customer.id));
  });

  const list = async (app: App, query: string) => {
    const res = await request(app, "GET", `/api/staff-members?q=${tag}&${query}`, { cookie: staffCookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: StaffRow[]; total: number };
  };
  const names = (body: { data: StaffRow[] }) => body.data.map((r) => r.firstName);

  it("lists staff and admins only, with balance, employee number and a pending invitation", async ({
    app,
  }) => {
    const body = await list(app, "");
    expect(names(body)).toEqual(["Baas", "Kok", "Nuweling"]);
    expect(body.total).toBe(3);
    expect(body.data[0]).toMatchObject({
      roleId: 4,
      balance: "12.00",
      invitationPending: true,
      employeeNumber: null,
    });
  });

  it("filters by role and tab: active, admin (role 4), staff (role 3 with an employee number); pages", async ({
    app,
  }) => {
    expect(names(await list(app, "role=3"))).toEqual(["Kok", "Nuweling"]);
    expect(names(await list(app, "tab=active"))).toEqual(["Baas"]);
    expect(names(await list(app, "tab=admin"))).toEqual(["Baas"]);
    expect(names(await list(app, "tab=staff"))).toEqual(["Kok"]);
    expect(names(await list(app, "limit=1&offset=1"))).toEqual(["Kok"]);
    for (const query of ["role=1", "tab=clients", "limit=1000"]) {
      expect(
        (await request(app, "GET", `/api/staff-members?${query}`, { cookie: staffCookie })).statusCode,
        query,
      ).toBe(400);
    }
  });
});

describe("GET /api/staff-members/:id", () => {
  it("answers total orders and the order history; customers are not found here", async ({ app, db }) => {
    const { user } = await newStaff(app, db);
    const item = await createFoodItem(db, { name: "Pap en wors" });
    for (let i = 0; i < 3; i++)
      await createOrder(db, { userId: user.id, foodItemId: item.id, deliveryDate: "2031-02-03" });
    const detail = (
      await request(app, "GET", `/api/staff-members/${user.id}`, { cookie: staffCookie })
    ).json().data;
    expect(detail.totalOrders).toBe(3);
    expect(detail.orders).toHaveLength(3);
    expect(detail.orders[0]).toMatchObject({
      itemName: "Pap en wors",
      amount: "45.50",
      status: "pending",
      orderDate: "2031-02-03",
    });
    const customer = await createUser(db, { roleId: 1 });
    expect(
      (await request(app, "GET", `/api/staff-members/${customer.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(404);
  });
});

describe("PUT /api/staff-members/:id", () => {
  it("lets the admin edit names, email, phone, role 3↔4 and a unique employee number", async ({
    app,
    db,
  }) => {
    const { user } = await newStaff(app, db);
    const row = await staffRow(app, user);
    const res = await request(app, "PUT", `/api/staff-members/${user.id}`, {
      cookie: adminCookie,
      body: staffBody(row, { roleId: 4 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: "Thandi", roleId: 4, phoneNumber: "021 555 0000" });

    const other = await staffRow(app, (await newStaff(app, db)).user);
    const taken = await request(app, "PUT", `/api/staff-members/${other.id}`, {
      cookie: adminCookie,
      body: staffBody(other, {
        employeeNumber: res.json().data.employeeNumber,
      }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "employee_number_taken",
      message: "Hierdie werknemernommer word reeds gebruik.",
    });
    const email = await request(app, "PUT", `/api/staff-members/${other.id}`, {
      cookie: adminCookie,
      body: staffBody(other, { email: row.email.toUpperCase() }),
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().code).toBe("email_taken");
  });

  it("refuses invalid fields and roles other than 3 and 4", async ({ app, db }) => {
    const row = await staffRow(app, (await newStaff(app, db)).user);
    for (const overrides of [
      { roleId: 1 },
      { roleId: 2 },
      { firstName: "" },
      { lastName: " " },
      { email: "geen-epos" },
      { employeeNumber: "x".repeat(31) },
      { balance: "5" },
    ]) {
      const res = await request(app, "PUT", `/api/staff-members/${row.id}`, {
        cookie: adminCookie,
        body: staffBody(row, overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    expect((await staffRow(app, row)).roleId).toBe(3);
  });

  it("refuses staff members: they may read staff, not change them (403)", async ({ app, db }) => {
    const row = await staffRow(app, (await newStaff(app, db)).user);
    const put = await request(app, "PUT", `/api/staff-members/${row.id}`, {
      cookie: staffCookie,
      body: staffBody(row, { roleId: 4 }),
    });
    expect(put.statusCode).toBe(403);
    const own = await request(app, "PUT", `/api/staff-members/${staff.id}`, {
      cookie: staffCookie,
      body: staffBody(await staffRow(app, staff), { roleId: 4 }),
    });
    expect(own.statusCode).toBe(403);
    expect(
      (await request(app, "DELETE", `/api/staff-members/${row.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(403);
    expect(
      (
        await request(app, "POST", `/api/staff-members/${row.id}/invitation`, {
          cookie: staffCookie,
          body: {},
        })
      ).statusCode,
    ).toBe(403);
    expect((await staffRow(app, row)).roleId).toBe(3);
  });

  it("makes a role change count from the person's next request", async ({ app, db }) => {
    const other = await newStaff(app, db, 4);
    const row = await staffRow(app, other.user);
    const before = await request(app, "GET", "/api/settings", { cookie: other.cookie });
    expect(before.statusCode).toBe(200);
    expect(
      (
        await request(app, "PUT", `/api/staff-members/${staff.id}`, {
          cookie: other.cookie,
          body: staffBody(await staffRow(app, staff)),
        })
      ).statusCode,
    ).toBe(200);

    expect(
      (
        await request(app, "PUT", `/api/staff-members/${row.id}`, {
          cookie: adminCookie,
          body: staffBody(row, { roleId: 3 }),
        })
      ).statusCode,
    ).toBe(200);
    // The same session, the very next request: admin calls are refused, staff calls still work.
    const demoted = await request(app, "PUT", `/api/staff-members/${staff.id}`, {
      cookie: other.cookie,
      body: staffBody(await staffRow(app, staff)),
    });
    expect(demoted.statusCode).toBe(403);
    const me = await request(app, "GET", "/api/auth/me", { cookie: other.cookie });
    expect(me.json().user).toMatchObject({ role_id: 3, role: "KANTIEN PERSONEEL" });
    expect((await request(app, "GET", "/api/staff-members", { cookie: other.cookie })).statusCode).toBe(200);

    expect(
      (
        await request(app, "PUT", `/api/staff-members/${row.id}`, {
          cookie: adminCookie,
          body: staffBody(row, { roleId: 4 }),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await request(app, "PUT", `/api/staff-members/${staff.id}`, {
          cookie: other.cookie,
          body: staffBody(await staffRow(app, staff)),
        })
      ).statusCode,
    ).toBe(200);
  });
});

function expectOneWins(...answers: { statusCode: number; body: string }[]) {
  const codes = answers.map((a) => a.statusCode).sort();
  expect(codes[0], answers.map((a) => a.body).join(" ")).toBe(200);
  expect([403, 409]).toContain(codes[1]);
}

describe("the last admin", () => {
  it("is never demoted or removed, through /staff or the data API; nobody changes their own role", async () => {
    // A database of its own, so "the last admin" is exactly one person.
    const own = await createTestApp();
    try {
      const only = await createUser(own.db, { roleId: 4 });
      const cookie = await signIn(own.app, only);
      const body = staffBody({ email: only.email }, { roleId: 3 });
      const demote = await request(own.app, "PUT", `/api/staff-members/${only.id}`, { cookie, body });
      expect(demote.statusCode).toBe(403);
      expect(demote.json().code).toBe("own_account");
      expect(
        (await request(own.app, "DELETE", `/api/staff-members/${only.id}`, { cookie })).json().code,
      ).toBe("own_account");
      expect(
        (await request(own.app, "PUT", `/api/admin/data/user/${only.id}`, { cookie, body: { role_id: 3 } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await request(own.app, "DELETE", `/api/admin/data/user/${only.id}`, { cookie })).statusCode,
      ).toBe(403);

      // Two admins demoting each other at the same time: one wins, one admin remains.
      const second = await createUser(own.db, { roleId: 4 });
      const secondCookie = await signIn(own.app, second);
      const [a, b] = await Promise.all([
        request(own.app, "PUT", `/api/staff-members/${second.id}`, {
          cookie,
          body: staffBody({ email: second.email }, { roleId: 3 }),
        }),
        request(own.app, "PUT", `/api/staff-members/${only.id}`, {
          cookie: secondCookie,
          body: staffBody({ email: only.email }, { roleId: 3 }),
        }),
      ]);
      // The loser is refused as the last admin, or as no admin any more if the winner was first.
      expectOneWins(a, b);
      const admins = await own.db.select().from(users).where(eq(users.roleId, 4));
      expect(admins).toHaveLength(1);

      // The same through the data API and removal: the survivor cannot be taken away.
      const survivor = admins[0]!;
      const third = await createUser(own.db, { roleId: 4 });
      const thirdCookie = await signIn(own.app, third);
      const [c, d] = await Promise.all([
        request(own.app, "DELETE", `/api/staff-members/${survivor.id}`, { cookie: thirdCookie }),
        request(own.app, "PUT", `/api/admin/data/user/${third.id}`, {
          cookie: survivor.id === only.id ? cookie : secondCookie,
          body: { role_id: 3 },
        }),
      ]);
      expectOneWins(c, d);
      expect(await own.db.select().from(users).where(eq(users.roleId, 4))).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe("the admins who count", () => {
  it("are those who can sign in: an admin still invited leaves no admin behind", async () => {
    const own = await createTestApp();
    try {
      const only = await createUser(own.db, { roleId: 4 });
      await createUser(own.db, { roleId: 4, password: null });
      await expect(own.db.transaction((tx) => assertAdminRemains(tx, only.id))).rejects.toMatchObject({
        statusCode: 409,
        code: "last_admin",
      });
    } finally {
      await own.close();
    }
  });

  it("leave out a caller demoted while waiting: two admins demoting each other change one", async () => {
    const own = await createTestApp();
    try {
      // Another admin stays either way, so only the caller's own role can refuse the loser.
      await createUser(own.db, { roleId: 4 });
      const demote = async (cookie: string, person: TestUser) =>
        request(own.app, "PUT", `/api/staff-members/${person.id}`, {
          cookie,
          body: staffBody({ email: person.email }, { roleId: 3 }),
        });
      for (let round = 0; round < 5; round++) {
        const one = await createUser(own.db, { roleId: 4 });
        const two = await createUser(own.db, { roleId: 4 });
        const [oneCookie, twoCookie] = [await signIn(own.app, one), await signIn(own.app, two)];
        const [a, b] = await Promise.all([demote(oneCookie, two), demote(twoCookie, one)]);
        expectOneWins(a, b);
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

describe("DELETE /api/staff-members/:id", () => {
  it("deletes a staff member without history and anonymises one with history", async ({ app, db }) => {
    const plain = (await newStaff(app, db)).user;
    const res = await request(app, "DELETE", `/api/staff-members/${plain.id}`, { cookie: adminCookie });
    expect(res.json()).toMatchObject({ success: true, anonymised: false });
    expect(await db.select().from(users).where(eq(users.id, plain.id))).toHaveLength(0);

    const cook = await newStaff(app, db);
    const [menu] = await db
      .insert(weeklyMenus)
      .values({ dateFrom: "2035-01-01", dateTo: "2035-01-05", kantienStaffId: cook.user.id })
      .returning();
    const gone = await request(app, "DELETE", `/api/staff-members/${cook.user.id}`, {
      cookie: adminCookie,
    });
    expect(gone.json()).toMatchObject({ anonymised: true });
    // The menu keeps its maker; the maker's session has ended.
    const [kept] = await db.select().from(weeklyMenus).where(eq(weeklyMenus.id, menu!.id));
    expect(kept?.kantienStaffId).toBe(cook.user.id);
    expect((await request(app, "GET", "/api/auth/me", { cookie: cook.cookie })).statusCode).toBe(401);
    expect(
      (await request(app, "GET", `/api/staff-members/${cook.user.id}`, { cookie: adminCookie })).statusCode,
    ).toBe(404);
    const list = await request(app, "GET", `/api/staff-members?q=${cook.user.id.slice(0, 8)}`, {
      cookie: adminCookie,
    });
    expect(list.json().total).toBe(0);
  });
});

describe("invitations", () => {
  it("mails the link through SMTP, sends a pending one again with a new link, and stops when set up", async ({
    app,
    db,
  }) => {
    const email = `${unique("nuut")}@toets.example`;
    const invite = await request(app, "POST", "/api/auth/invite-user", {
      cookie: adminCookie,
      body: {
        email,
        firstName: "Sipho",
        lastName: "Dlamini",
        roleId: 3,
      },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(invite.json().message).toBe("Die uitnodiging is gestuur.");
    const [first] = await mailsTo(email, 1);
    const firstToken = tokenIn(first!);
    expect(firstToken).toBeDefined();
    expect(first).toContain("Jy is genooi om as Kantien-personeel by Kantien aan te sluit");

    const listed = await request(app, "GET", `/api/staff-members?q=${encodeURIComponent(email)}`, {
      cookie: adminCookie,
    });
    const row = listed.json().data[0] as StaffRow;
    expect(row).toMatchObject({ email, invitationPending: true, roleId: 3 });

    const resend = await request(app, "POST", `/api/staff-members/${row.id}/invitation`, {
      cookie: adminCookie,
      body: {},
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toEqual({ success: true, message: "Die uitnodiging is gestuur." });
    const [, second] = await mailsTo(email, 2);
    const secondToken = tokenIn(second!);
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);

    const verify = (token: string) =>
      request(app, "POST", "/api/auth/verify-invitation", { body: { token } });
    expect((await verify(firstToken!)).statusCode).toBe(400);
    expect((await verify(secondToken!)).json().user).toMatchObject({ email, first_name: "Sipho" });

    const setup = await request(app, "POST", "/api/auth/setup-account", {
      body: {
        token: secondToken,
        password: "nuwe-wagwoord",
      },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect((await staffRow(app, row)).invitationPending).toBe(false);
    const again = await request(app, "POST", `/api/staff-members/${row.id}/invitation`, {
      cookie: adminCookie,
      body: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("invitation_not_pending");
    await signIn(app, { email, password: "nuwe-wagwoord" });

    const customer = await createUser(db, { roleId: 1, password: null });
    expect(
      (
        await request(app, "POST", `/api/staff-members/${customer.id}/invitation`, {
          cookie: adminCookie,
          body: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await request(app, "POST", `/api/staff-members/${randomUUID()}/invitation`, {
          cookie: adminCookie,
          body: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it("refuses a taken email and roles other than 3 and 4 when inviting", async ({ app }) => {
    const taken = await request(app, "POST", "/api/auth/invite-user", {
      cookie: adminCookie,
      body: {
        email: staff.email.toUpperCase(),
        firstName: "A",
        lastName: "B",
        roleId: 3,
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("email_taken");
    const customerRole = await request(app, "POST", "/api/auth/invite-user", {
      cookie: adminCookie,
      body: {
        email: `${unique()}@toets.example`,
        firstName: "A",
        lastName: "B",
        roleId: 2,
      },
    });
    expect(customerRole.statusCode).toBe(400);
  });
});

describe("who may call /api/staff-members", () => {
  it("answers 401 without a session and 403 for customers; staff read, only admin writes", async ({
    app,
    db,
  }) => {
    const row = await staffRow(app, (await newStaff(app, db)).user);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/staff-members"],
      ["GET", `/api/staff-members/${row.id}`],
      ["PUT", `/api/staff-members/${row.id}`, staffBody(row)],
      ["DELETE", `/api/staff-members/${row.id}`],
      ["POST", `/api/staff-members/${row.id}/invitation`, {}],
    ];
    for (const [method, url, payload] of calls) {
      expect(
        (await request(app, method as "GET", url, { body: payload })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
      expect(
        (await request(app, method as "GET", url, { cookie: studentCookie, body: payload })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
      const asStaff = await request(app, method as "GET", url, { cookie: staffCookie, body: payload });
      expect(asStaff.statusCode, `${method} ${url}`).toBe(method === "GET" ? 200 : 403);
    }
  });
});

describe("PUT /api/staff-members/:id from two dialogs (decision 0057)", () => {
  it("refuses an edit from a version another edit replaced, with the staff member as it now is", async ({
    app,
    db,
  }) => {
    const cook = await createUser(db, { roleId: 3 });
    const one = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id);
    const two = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id);
    const loaded = await request(app, "GET", `/api/staff-members/${cook.id}`, { cookie: one });
    const version = loaded.headers.etag as string;
    const row: StaffRow = loaded.json().data;
    const body = (changes: object) => ({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneNumber: row.phoneNumber,
      roleId: row.roleId,
      employeeNumber: row.employeeNumber,
      ...changes,
    });

    const first = await request(app, "PUT", `/api/staff-members/${cook.id}`, {
      cookie: one,
      headers: { "if-match": version },
      body: body({ employeeNumber: "KANTIEN077" }),
    });
    expect(first.statusCode, first.body).toBe(200);

    const second = await request(app, "PUT", `/api/staff-members/${cook.id}`, {
      cookie: two,
      headers: { "if-match": version },
      body: body({ roleId: 4 }),
    });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().details.current).toMatchObject({ employeeNumber: "KANTIEN077", roleId: 3 });
    const now = (await request(app, "GET", `/api/staff-members/${cook.id}`, { cookie: one })).json().data;
    expect(now).toMatchObject({ employeeNumber: "KANTIEN077", roleId: 3, version: 2 });
  });
});
