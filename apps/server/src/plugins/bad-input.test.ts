import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import { queryRows } from "../db/client";
import { appTest } from "../test/app-test";
import { createFoodItem, createUser, signIn } from "../test/fixtures";
import { request } from "../test/request";

/** Bad input gets a clear 4xx in our envelope, never a 500 (decision 0013). */
const it = appTest();
/** The failing export's app: it breaks its database. */
const brokenDatabaseTest = appTest();

describe("bad input", () => {
  let asAdmin: string;
  let asStaff: string;
  let menuId: string;

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    menuId = (await createFoodItem(db)).weeklyMenuId;
  });

  function expectRefused(res: { statusCode: number; json(): unknown }, status = 400) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      success: false,
      code: expect.any(String),
      message: expect.any(String),
    });
  }

  /** Refused by the domain's text rule, by name, before SQL: not by the database's backstop. */
  function expectInvalidText(
    res: { statusCode: number; json(): { details?: { field: string; message: string }[] } },
    field: string,
  ) {
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({
      field,
      message: "Die teks bevat karakters wat nie toegelaat word nie.",
    });
  }

  describe("a NUL character", () => {
    it("in the signed-out sign-in email, as JSON", async ({ app }) => {
      const res = await request(app, "POST", "/api/auth/login", {
        body: { email: "a\u0000@b.example", password: "x" },
      });
      expectRefused(res);
      expect(res.json().details).toEqual([
        { field: "email", message: "Die teks bevat karakters wat nie toegelaat word nie." },
      ]);
    });

    it("in JSON bodies: a customer's name, a food item's description, the data API", async ({ app, db }) => {
      const customer = await request(app, "POST", "/api/customers", {
        cookie: asStaff,
        body: { firstName: "A\u0000", lastName: "B", email: "nul@toets.example", roleId: 1 },
      });
      expectInvalidText(customer, "firstName");
      const item = await request(app, "POST", "/api/admin/data/food_item", {
        cookie: asAdmin,
        body: {
          name: "Pap",
          description: "warm\u0000",
          price: 10,
          day_of_week: "Dinsdag",
          weekly_menu_id: menuId,
        },
      });
      expectInvalidText(item, "description");
      const user = await request(app, "POST", "/api/admin/data/user", {
        cookie: asAdmin,
        body: { first_name: "A", last_name: "B\u0000", email: "nul2@toets.example", role_id: 1 },
      });
      expectInvalidText(user, "last_name");
      const [row] = await queryRows(
        db,
        sql`select count(*)::int as n from users where email like 'nul%'`,
        z.object({ n: z.number() }),
      );
      expect(row?.n).toBe(0);
    });

    it("in query parameters: searches and data API filters", async ({ app }) => {
      for (const url of [
        "/api/customers?q=a%00b",
        "/api/staff-members?q=%00",
        "/api/orders?q=%00",
        "/api/admin/data/user?q=a%00",
        "/api/admin/data/user?email=a%00b",
        "/api/admin/data/client?akd_number=%00",
      ]) {
        const res = await request(app, "GET", url, { cookie: asAdmin });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().success, url).toBe(false);
      }
    });
  });

  describe("an impossible or out-of-range date", () => {
    const dates = ["2026-02-30", "0000-01-01", "9999-12-31", "1999-12-31"];

    it("in a data API filter and body", async ({ app }) => {
      for (const date of dates) {
        for (const url of [
          `/api/admin/data/weekly_menu?date_from=${date}`,
          `/api/admin/data/order?delivery_date=${date}`,
        ]) {
          const res = await request(app, "GET", url, { cookie: asAdmin });
          expect(res.statusCode, url).toBe(400);
          expect(res.json().code, url).toBe("validation_failed");
        }
        const res = await request(app, "POST", "/api/admin/data/weekly_menu", {
          cookie: asAdmin,
          body: { date_from: date, date_to: date },
        });
        expectRefused(res);
      }
    });

    it("on the orders summary, its export and the kitchen", async ({ app }) => {
      for (const date of dates) {
        for (const url of [
          `/api/orders?from=${date}&to=2026-03-01`,
          `/api/orders?from=2026-01-01&to=${date}`,
          `/api/orders/export.csv?from=${date}`,
          `/api/kitchen/orders?date=${date}`,
          `/api/weekly-orders?weekStart=${date}`,
        ]) {
          const res = await request(app, "GET", url, { cookie: asAdmin });
          expect(res.statusCode, url).toBe(400);
          expect(res.json().success, url).toBe(false);
        }
      }
    });
  });

  it("a number the database cannot hold in a data API filter", async ({ app }) => {
    for (const url of ["/api/admin/data/user?role_id=99999999999", "/api/admin/data/role/99999999999"]) {
      const res = await request(app, "GET", url, { cookie: asAdmin });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().success, url).toBe(false);
    }
  });

  describe("router errors", () => {
    it("answer a malformed percent-encoding in the path in our envelope, with our headers", async ({
      app,
    }) => {
      const res = await request(app, "GET", "/api/kitchen/%zz", { cookie: asStaff });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: "bad_request",
        message: "Die versoek is ongeldig.",
      });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    });

    it("answer a path parameter over 100 characters as not found, in our envelope, with our headers", async ({
      app,
    }) => {
      const res = await request(app, "GET", `/api/customers/${"a".repeat(150)}`, {
        cookie: asStaff,
        headers: { "accept-language": "en" },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: "not_found", message: "Not found." });
      expect(res.headers["x-frame-options"]).toBe("DENY");
    });
  });
});

describe("a failing CSV export", () => {
  const it = brokenDatabaseTest;
  let asAdmin: string;

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    // The export's query cannot run: its table is gone (a real failure, no mock).
    await db.execute(sql`alter table orders rename to orders_elsewhere`);
  });

  it("answers an error in the envelope before any CSV is sent", async ({ app }) => {
    const res = await request(app, "GET", "/api/orders/export.csv?from=2030-01-01&to=2030-12-31", {
      cookie: asAdmin,
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toMatchObject({ success: false, code: "internal_error" });
  });
});
