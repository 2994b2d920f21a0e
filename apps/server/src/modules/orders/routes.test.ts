import { todayIn } from "@kantien/domain/dates";
import type { OrderDetail, OrderSummaryRow } from "@kantien/domain/orders-summary";
import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import { queryPlanRow, queryRows } from "../../db/client";
import { orderStatusChanges, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  planOnFilledOrders,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { ordersCountQuery, ordersPageQuery, resolveFilter } from "./queries";

/** A week of 2030, far from today: the summary's filters, search, sorting, paging and export. */
const MONDAY = "2030-03-04";

const it = appTest();

describe("orders summary", () => {
  let asAdmin: string;
  let asStaff: string;
  const ids: Record<string, string> = {};

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    const person = async (firstName: string, lastName: string) => {
      const user = await createUser(db, { roleId: 1 });
      await db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
      return user.id;
    };
    const anna = await person("Anna", "Botha");
    const pieter = await person("Pieter", "Smit");
    const formula = await person('=HYPERLINK("x")', "Aanval");
    const bobotie = await createFoodItem(db, { name: "Bobotie" });
    const pasta = await createFoodItem(db, { name: "Pasta 100%_vol", dayOfWeek: "Dinsdag" });
    const order = (
      name: string,
      userId: string,
      foodItemId: string,
      deliveryDate: string | null,
      extra = {},
    ) =>
      createOrder(db, { userId, foodItemId, deliveryDate, ...extra }).then((o) => {
        ids[name] = o.id;
      });
    await order("annaMon", anna, bobotie.id, MONDAY, { quantity: 2 });
    await order("pieterMon", pieter, bobotie.id, MONDAY, { status: "delivered" });
    await order("annaTue", anna, pasta.id, "2030-03-05", { quantity: 3, status: "cancelled" });
    await order("pieterFri", pieter, pasta.id, "2030-03-08", { status: "processing" });
    await order("formulaWed", formula, bobotie.id, "2030-03-06");
    // No delivery date: its created date in Johannesburg (Wednesday 00:30 there) is its order date.
    await order("undated", pieter, bobotie.id, null, { createdAt: new Date("2030-03-05T22:30:00Z") });
    await order("weekBefore", anna, bobotie.id, "2030-03-03");
    await order("weekAfter", anna, bobotie.id, "2030-03-11");
  });

  const list = async (app: App, query: string) => {
    const res = await request(app, "GET", `/api/orders?from=${MONDAY}&to=2030-03-10&${query}`, {
      cookie: asAdmin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; data: OrderSummaryRow[]; total: number };
  };
  const idsOf = (rows: OrderSummaryRow[]) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id));

  it("lists the range's orders, newest order date first, with names, amount and the order date", async ({
    app,
  }) => {
    const { data, total } = await list(app, "");
    expect(total).toBe(6);
    // Wednesday's two: the later created first (the undated one was placed in 2030, the other today).
    expect(idsOf(data)).toEqual(["pieterFri", "undated", "formulaWed", "annaTue", "pieterMon", "annaMon"]);
    expect(data.find((r) => r.id === ids.annaMon)).toEqual({
      id: ids.annaMon,
      pickupNumber: 1,
      orderDate: MONDAY,
      deliveryDate: MONDAY,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      customerName: "Anna Botha",
      itemName: "Bobotie",
      quantity: 2,
      amount: "91.00",
      status: "pending",
      allergyAlert: null,
    });
    expect(data.find((r) => r.id === ids.undated)).toMatchObject({
      orderDate: "2030-03-06",
      deliveryDate: null,
      createdAt: "2030-03-05T22:30:00.000Z",
    });
  });

  it("filters by status and searches customer and item names, every word", async ({ app }) => {
    expect(idsOf((await list(app, "status=cancelled")).data)).toEqual(["annaTue"]);
    expect((await list(app, "status=all")).total).toBe(6);
    expect(idsOf((await list(app, "q=anna")).data)).toEqual(["annaTue", "annaMon"]);
    expect(idsOf((await list(app, "q=SMIT")).data)).toEqual(["pieterFri", "undated", "pieterMon"]);
    expect(idsOf((await list(app, "q=pieter%20pasta")).data)).toEqual(["pieterFri"]);
    expect(idsOf((await list(app, "q=bot")).data)).toEqual([
      "undated",
      "formulaWed",
      "annaTue",
      "pieterMon",
      "annaMon",
    ]);
    // Like-wildcards in the search are plain characters.
    expect(idsOf((await list(app, "q=100%25_")).data)).toEqual(["pieterFri", "annaTue"]);
    expect((await list(app, "q=%25%25")).total).toBe(0);
    expect((await list(app, "q=anna&status=pending")).total).toBe(1);
  });

  it("sorts by each column both ways and pages with the total of all matches", async ({ app }) => {
    const amounts = (await list(app, "sort=amount&dir=asc")).data.map((r) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const names = (await list(app, "sort=customer&dir=desc")).data.map((r) => r.customerName);
    expect(names[0]).toBe("Pieter Smit");
    expect(names.at(-1)).toBe('=HYPERLINK("x") Aanval');
    expect(idsOf((await list(app, "sort=orderDate&dir=asc")).data)[0]).toBe("annaMon");
    expect((await list(app, "sort=status&dir=asc")).data.map((r) => r.status)[0]).toBe("pending");
    const first = await list(app, "limit=4&offset=0");
    const second = await list(app, "limit=4&offset=4");
    expect(first.total).toBe(6);
    expect(second.total).toBe(6);
    expect([...first.data, ...second.data].map((r) => r.id)).toEqual(
      (await list(app, "")).data.map((r) => r.id),
    );
    expect(second.data).toHaveLength(2);
  });

  it("refuses a bad filter with the field's message", async ({ app }) => {
    for (const query of [
      "from=2030-03-10&to=2030-03-04",
      "from=2030-01-01&to=2031-06-30",
      "offset=100001",
      "from=gister",
      "limit=0",
      "limit=101",
      "sort=id",
      "status=x",
    ]) {
      const res = await request(app, "GET", `/api/orders?${query}`, { cookie: asAdmin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    const res = await request(app, "GET", "/api/orders?from=2030-03-10&to=2030-03-04", { cookie: asAdmin });
    expect(res.json().details).toEqual([
      { field: "to", message: "Die einddatum moet op of ná die begindatum wees." },
    ]);
    const long = await request(app, "GET", "/api/orders/export.csv?from=2030-01-01&to=2031-06-30", {
      cookie: asAdmin,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      { field: "to", message: "Kies asseblief 'n tydperk van hoogstens een jaar." },
    ]);
  });

  it("exports the filtered orders, every row, as CSV that a spreadsheet cannot run", async ({ app }) => {
    const res = await request(
      app,
      "GET",
      `/api/orders/export.csv?from=${MONDAY}&to=2030-03-10&sort=orderDate&dir=asc`,
      { cookie: asAdmin },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("bestellings-2030-03-04-2030-03-10.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"Nommer","Id","Afhaaldatum","Besteldatum","Klant","Gereg","Hoeveelheid","Bedrag (R)","Status"',
    );
    expect(lines).toHaveLength(7);
    const today = todayIn(DEFAULT_TIMEZONE);
    expect(lines[1]).toBe(
      `"1","${ids.annaMon}","2030-03-04","${today}","Anna Botha","Bobotie","2","91,00","Om te doen"`,
    );
    // Without a delivery date the cell stays empty; the order date is the day it was placed there.
    expect(lines.find((l) => l.includes(ids.undated!))).toContain(`"","2030-03-06","Pieter Smit"`);
    expect(lines.find((l) => l.includes("HYPERLINK"))).toContain(`"'=HYPERLINK(""x"") Aanval"`);
    const cancelled = await request(
      app,
      "GET",
      `/api/orders/export.csv?from=${MONDAY}&to=2030-03-10&status=cancelled`,
      { cookie: asAdmin },
    );
    expect(cancelled.body.trimEnd().split("\r\n")).toHaveLength(2);
    expect(cancelled.body).toContain(`"${ids.annaTue}"`);
    expect(cancelled.body).toContain(`"3","136,50","Gekanselleer"`);
  });

  it("exports in the language the screen asks for, else the caller's, with its status names and amounts", async ({
    app,
  }) => {
    const url = `/api/orders/export.csv?from=${MONDAY}&to=2030-03-10&sort=orderDate&dir=asc`;
    const lines = (body: string) =>
      body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
    const english = lines((await request(app, "GET", `${url}&lang=en`, { cookie: asAdmin })).body);
    expect(english[0]).toBe(
      '"Number","Id","Collection date","Order date","Customer","Item","Quantity","Amount (R)","Status"',
    );
    expect(english[1]).toMatch(/"Anna Botha","Bobotie","2","91\.00","To do"$/);
    expect(english.find((l) => l.includes(ids.annaTue!))).toMatch(/"Cancelled"$/);
    const afrikaans = lines((await request(app, "GET", `${url}&lang=af`, { cookie: asAdmin })).body);
    expect(afrikaans.find((l) => l.includes(ids.pieterMon!))).toMatch(/"45,50","Afgehaal"$/);
    expect((await request(app, "GET", `${url}&lang=fr`, { cookie: asAdmin })).statusCode).toBe(400);
  });

  it("answers an order's detail with its real history, beginning with its creation", async ({ app, db }) => {
    const id = ids.annaMon!;
    const put = (status: string) =>
      request(app, "PATCH", `/api/orders/${id}/status`, { cookie: asStaff, body: { status } });
    expect((await put("processing")).statusCode).toBe(200);
    expect((await put("ready")).statusCode).toBe(200);
    const res = await request(app, "GET", `/api/orders/${id}`, { cookie: asAdmin });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as OrderDetail;
    expect(detail).toMatchObject({
      id,
      customerName: "Anna Botha",
      itemName: "Bobotie",
      quantity: 2,
      unitPrice: "45.50",
      total: "91.00",
      deliveryDate: MONDAY,
      status: "ready",
      paidFromWallet: false,
    });
    expect(detail.timeline.map((e) => e.status)).toEqual(["pending", "processing", "ready"]);
    expect(detail.timeline[0]!.byName).toBeNull();
    expect(detail.timeline[1]!.byName).toBe("Toets Gebruiker 3");
    const history = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, id));
    expect(history).toHaveLength(2);
    expect(
      (await request(app, "GET", "/api/orders/00000000-0000-4000-8000-000000000000", { cookie: asAdmin }))
        .statusCode,
    ).toBe(404);
    expect((await request(app, "GET", "/api/orders/nie-'n-id", { cookie: asAdmin })).statusCode).toBe(404);
    expect(
      (
        (await request(app, "GET", `/api/orders/${ids.undated}`, { cookie: asAdmin })).json()
          .data as OrderDetail
      ).deliveryDate,
    ).toBeNull();
  });

  it.skipIf(testBackend !== "postgres")(
    "reads a page and its count through orders_order_date_idx, and a rare name through the customer's orders",
    async ({ db }) => {
      const week = await resolveFilter(db, { from: "2030-03-04", to: "2030-03-10" });
      const page = await planOnFilledOrders(db, ordersPageQuery(week, { limit: 25, offset: 0 }));
      expect(page).toContain("orders_order_date_idx");
      expect(page).not.toMatch(/Seq Scan on orders/);
      const plan = async (query: SQL) =>
        (await queryRows(db, sql`explain ${query}`, queryPlanRow)).map((r) => r["QUERY PLAN"]).join("\n");
      // A count needs only the dates: either index that begins with order_date serves it.
      expect(await plan(ordersCountQuery(week))).toMatch(/orders_order_date_idx|orders_pickup_number_key/);
      const rare = await resolveFilter(db, { from: "2029-01-01", to: "2031-12-31", q: "Anna" });
      const search = await plan(ordersCountQuery(rare));
      expect(search).toContain("orders_user_id_idx");
      expect(search).not.toMatch(/Seq Scan on orders/);
    },
  );

  describe("finding any order, however old (decision 0015)", () => {
    const OLD = "0d9c8b7a-6f5e-4d3c-8b2a-19e8d7c63f2a";
    const OLDER = "5e4d3c2b-1a09-4f8e-9d7c-6b5a49d73f2a";
    const RECENT = "7b6a5f4e-3d2c-4b1a-8f9e-8d7c6b5a4e3d";
    let customer: string;

    it.beforeAll(async ({ db }) => {
      const user = await createUser(db, { roleId: 2 });
      await db.update(users).set({ firstName: "Ouma", lastName: "Jordaan" }).where(eq(users.id, user.id));
      customer = user.id;
      const item = await createFoodItem(db, { name: "Sop" });
      await createOrder(db, {
        id: OLDER,
        userId: customer,
        foodItemId: item.id,
        deliveryDate: "2019-05-06",
      });
      await createOrder(db, { id: OLD, userId: customer, foodItemId: item.id, deliveryDate: "2024-02-12" });
      await createOrder(db, {
        id: RECENT,
        userId: customer,
        foodItemId: item.id,
        deliveryDate: "2030-06-04",
      });
    });

    const found = async (app: App, query: string) => {
      const res = await request(app, "GET", `/api/orders?${query}`, { cookie: asAdmin });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: OrderSummaryRow[]; total: number };
      expect(body.total, query).toBe(body.data.length);
      return body.data.map((r) => r.id);
    };

    it("lists every order of one customer across all time, newest first, and in any range", async ({
      app,
    }) => {
      expect(await found(app, `customer=${customer}`)).toEqual([RECENT, OLD, OLDER]);
      expect(await found(app, `customer=${customer}&from=2019-01-01&to=2025-12-31`)).toEqual([OLD, OLDER]);
      expect(await found(app, `customer=${customer}&q=sop&status=pending&sort=orderDate&dir=asc`)).toEqual([
        OLDER,
        OLD,
        RECENT,
      ]);
      expect(await found(app, "customer=00000000-0000-4000-8000-000000000000")).toEqual([]);
      // Without a customer or a number, a range is still at most a year.
      expect(
        (await request(app, "GET", "/api/orders?from=2019-01-01&to=2025-12-31&q=ouma", { cookie: asAdmin }))
          .statusCode,
      ).toBe(400);
      expect(
        (await request(app, "GET", "/api/orders?customer=nie-'n-id", { cookie: asAdmin })).statusCode,
      ).toBe(400);
    });

    it("finds an order by its pickup number within the range, and by its whole id whatever its date", async ({
      app,
      db,
    }) => {
      // Each of the three is its day's first order; a second order that day is #2.
      const other = await createUser(db, { roleId: 1 });
      const soup = await createFoodItem(db, { name: "Sop" });
      const second = await createOrder(db, {
        userId: other.id,
        foodItemId: soup.id,
        deliveryDate: "2024-02-12",
      });
      expect(await found(app, "q=1&from=2024-02-12&to=2024-02-12")).toEqual([OLD]);
      expect(await found(app, "q=%232&from=2024-02-12&to=2024-02-12")).toEqual([second.id]);
      expect(await found(app, "q=%23%201&from=2019-01-01&to=2019-12-31")).toEqual([OLDER]);
      expect(await found(app, "q=1&from=2019-05-06&to=2019-05-06&status=cancelled")).toEqual([]);
      expect(await found(app, "q=3&from=2024-02-12&to=2024-02-12")).toEqual([]);
      // The QR code's whole id spans all time; a pickup number keeps the range rules of a search.
      expect(await found(app, `q=${OLDER.toUpperCase()}`)).toEqual([OLDER]);
      expect(
        (await request(app, "GET", "/api/orders?q=1&from=2019-01-01&to=2025-12-31", { cookie: asAdmin }))
          .statusCode,
      ).toBe(400);
    });

    it("exports one customer's orders of all time", async ({ app }) => {
      const res = await request(app, "GET", `/api/orders/export.csv?customer=${customer}`, {
        cookie: asAdmin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain('filename="bestellings-alle.csv"');
      const lines = res.body.trimEnd().split("\r\n");
      expect(lines).toHaveLength(4);
      expect(lines[3]).toContain(`"1","${OLDER}","2019-05-06","${todayIn(DEFAULT_TIMEZONE)}","Ouma Jordaan"`);
    });

    it.skipIf(testBackend !== "postgres")(
      "answers a pickup number through orders_pickup_number_key and a customer through orders_user_id_idx",
      async ({ db }) => {
        const number = await resolveFilter(db, { q: "#12", from: "2030-02-01", to: "2030-02-07" });
        const plan = await planOnFilledOrders(db, ordersPageQuery(number, { limit: 25, offset: 0 }));
        expect(plan).toContain("orders_pickup_number_key");
        expect(plan).not.toMatch(/Seq Scan on orders/);
        const explain = async (query: SQL) =>
          (await queryRows(db, sql`explain ${query}`, queryPlanRow)).map((r) => r["QUERY PLAN"]).join("\n");
        const mine = await explain(ordersPageQuery(await resolveFilter(db, { customer }), { limit: 25 }));
        expect(mine).toContain("orders_user_id_idx");
        expect(mine).not.toMatch(/Seq Scan on orders/);
      },
    );
  });

  it("is the admin's only: staff and customers are refused, strangers asked to sign in", async ({
    app,
    db,
  }) => {
    const customer = await createUser(db, { roleId: 2 });
    const asCustomer = await sessionCookieFor(db, customer.id);
    for (const url of [
      "/api/orders",
      "/api/orders/export.csv",
      "/api/orders/menu-days",
      `/api/orders/${ids.annaMon}`,
    ]) {
      expect((await request(app, "GET", url, { cookie: asStaff })).statusCode, url).toBe(403);
      expect((await request(app, "GET", url, { cookie: asCustomer })).statusCode, url).toBe(403);
      expect((await request(app, "GET", url)).statusCode, url).toBe(401);
    }
  });
});
