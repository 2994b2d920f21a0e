import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { users, weeklyMenus } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();

describe("generic data API", () => {
  let staff: TestUser;
  let admin: TestUser;
  let asStaff: string;
  let asAdmin: string;

  it.beforeAll(async ({ app, db }) => {
    staff = await createUser(db, { roleId: 3 });
    admin = await createUser(db, { roleId: 4 });
    asStaff = await signIn(app, staff);
    asAdmin = await signIn(app, admin);
  });

  describe("who may set role_id", () => {
    it("lets staff keep customers between roles 1 and 2, never 3 or 4", async ({ app, db }) => {
      const customer = await createUser(db, { roleId: 1 });
      const to2 = await request(app, "PUT", `/api/admin/data/user/${customer.id}`, {
        cookie: asStaff,
        body: { role_id: 2 },
      });
      expect(to2.statusCode).toBe(200);
      expect(to2.json().data).toMatchObject({ id: customer.id, role_id: 2 });
      for (const role_id of [3, 4]) {
        const res = await request(app, "PUT", `/api/admin/data/user/${customer.id}`, {
          cookie: asStaff,
          body: { role_id },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe("role_not_assignable");
      }
      const created = await request(app, "POST", "/api/admin/data/user", {
        cookie: asStaff,
        body: {
          first_name: "A",
          last_name: "B",
          email: "nuwe-personeel@toets.example",
          role_id: 3,
        },
      });
      expect(created.statusCode).toBe(403);
      expect(created.json().code).toBe("role_not_assignable");
    });

    it("refuses staff records to staff, their own included", async ({ app, db }) => {
      const other = await createUser(db, { roleId: 3 });
      for (const id of [other.id, staff.id]) {
        const res = await request(app, "PUT", `/api/admin/data/user/${id}`, {
          cookie: asStaff,
          body: { first_name: "X" },
        });
        expect(res.statusCode).toBe(403);
      }
      const raise = await request(app, "PUT", `/api/admin/data/user/${staff.id}`, {
        cookie: asStaff,
        body: { role_id: 4 },
      });
      expect(raise.statusCode).toBe(403);
      const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, staff.id));
      expect(row?.roleId).toBe(3);
    });

    it("lets the admin move staff between 3 and 4, but not across the line or their own role", async ({
      app,
      db,
    }) => {
      const cook = await createUser(db, { roleId: 3 });
      const promote = await request(app, "PUT", `/api/admin/data/user/${cook.id}`, {
        cookie: asAdmin,
        body: { role_id: 4 },
      });
      expect(promote.statusCode).toBe(200);
      const customer = await createUser(db, { roleId: 2 });
      const across = [
        await request(app, "PUT", `/api/admin/data/user/${customer.id}`, {
          cookie: asAdmin,
          body: { role_id: 3 },
        }),
        await request(app, "PUT", `/api/admin/data/user/${cook.id}`, {
          cookie: asAdmin,
          body: { role_id: 1 },
        }),
        await request(app, "POST", "/api/admin/data/user", {
          cookie: asAdmin,
          body: {
            first_name: "A",
            last_name: "B",
            email: "a@b.example",
            role_id: 4,
          },
        }),
      ];
      for (const res of across) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe("role_not_assignable");
      }
      // Their own role: refused as on /staff (decision 0011).
      const own = await request(app, "PUT", `/api/admin/data/user/${admin.id}`, {
        cookie: asAdmin,
        body: { role_id: 3 },
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().code).toBe("own_account");
      // The forms send the whole record back: an unchanged role is fine, even one's own.
      const same = await request(app, "PUT", `/api/admin/data/user/${admin.id}`, {
        cookie: asAdmin,
        body: { first_name: "Baas", role_id: 4 },
      });
      expect(same.statusCode).toBe(200);
    });
  });

  it("refuses balance, password_hash and the key as not writable, and unknown columns", async ({
    app,
    db,
  }) => {
    const customer = await createUser(db, { roleId: 1 });
    for (const [column, value] of [
      ["balance", 1000],
      ["password_hash", "scrypt$1$2$3$x$y"],
      ["email_verified_at", null],
      ["id", "00000000-0000-4000-8000-000000000000"],
      ["account_creation_time", "2020-01-01T00:00:00Z"],
    ] as const) {
      const res = await request(app, "PUT", `/api/admin/data/user/${customer.id}`, {
        cookie: asAdmin,
        body: { first_name: "X", [column]: value },
      });
      expect(res.statusCode, column).toBe(400);
      expect(res.json()).toMatchObject({ code: "column_not_writable", details: { column } });
    }
    const unknown = await request(app, "PUT", `/api/admin/data/user/${customer.id}`, {
      cookie: asAdmin,
      body: { nickname: "X" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("unknown_column");
    const wallet = await request(app, "PUT", `/api/admin/data/wallet/${customer.id}`, {
      cookie: asAdmin,
      body: { balance: 1000 },
    });
    expect(wallet.statusCode).toBe(405);
    expect(wallet.headers.allow).toBe("GET");
    // An order's status changes through PATCH /api/orders/:id/status only (decision 0028).
    const order = await request(app, "PUT", `/api/admin/data/order/${customer.id}`, {
      cookie: asAdmin,
      body: { food_item_quantity: 9 },
    });
    expect(order.statusCode).toBe(405);
    expect(order.headers.allow).toBe("GET");
    const item = await createFoodItem(db);
    const retired = await request(app, "PUT", `/api/admin/data/food_item/${item.id}`, {
      cookie: asAdmin,
      body: { retired_at: new Date().toISOString() },
    });
    expect(retired.statusCode).toBe(400);
    expect(retired.json()).toMatchObject({ code: "column_not_writable", details: { column: "retired_at" } });
  });

  it("refuses an unknown table and unknown filter, sort and search columns before any SQL", async ({
    app,
  }) => {
    for (const [method, url] of [
      ["GET", "sessions"],
      ["GET", "auth_tokens/1"],
      ["POST", "email_outbox"],
      ["GET", "users"],
      ["GET", "__proto__"],
      ["GET", "constructor"],
    ] as const) {
      const res = await request(app, method, `/api/admin/data/${url}`, {
        cookie: asAdmin,
        body: method === "POST" ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe("unknown_table");
    }
    for (const query of [
      "user?password_hash=x",
      "user?nickname=x",
      "user?sort=password_hash",
      "user?sort=-nope",
      "user?account_creation_time=2020-01-01",
      "wallet?q=5",
      "order?sort=id;drop table users",
    ]) {
      const res = await request(app, "GET", `/api/admin/data/${query}`, { cookie: asAdmin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("unknown_column");
    }
    const limit = await request(app, "GET", "/api/admin/data/user?limit=501", { cookie: asAdmin });
    expect(limit.statusCode).toBe(400);
  });

  it("lists with filters, word search, sort and pages, and counts all matches", async ({ app }) => {
    const names = ["Zelda Zulu", "Zanele Zwane", "Zack Zeta"];
    for (const name of names) {
      const [first_name, last_name] = name.split(" ");
      const res = await request(app, "POST", "/api/admin/data/user", {
        cookie: asStaff,
        body: {
          first_name,
          last_name,
          email: `${first_name!.toLowerCase()}@zoo.example`,
          role_id: 2,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const page = await request(
      app,
      "GET",
      "/api/admin/data/user?q=zoo.example&role_id=2&sort=-first_name&limit=2&offset=0",
      { cookie: asStaff },
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().data.map((u: { first_name: string }) => u.first_name)).toEqual(["Zelda", "Zanele"]);
    const next = await request(
      app,
      "GET",
      "/api/admin/data/user?q=zoo.example&role_id=2&sort=-first_name&limit=2&offset=2",
      { cookie: asStaff },
    );
    expect(next.json().data.map((u: { first_name: string }) => u.first_name)).toEqual(["Zack"]);
    const fullName = await request(app, "GET", "/api/admin/data/user?q=zanele%20zwa", { cookie: asStaff });
    expect(fullName.json().total).toBe(1);
    // LIKE wildcards in q are plain characters.
    const wildcard = await request(app, "GET", "/api/admin/data/user?q=%25", { cookie: asStaff });
    expect(wildcard.json().total).toBe(0);
    const anyOf = await request(app, "GET", "/api/admin/data/user?role_id=3&role_id=4", {
      cookie: asStaff,
    });
    expect(anyOf.json().data.every((u: { role_id: number }) => u.role_id >= 3)).toBe(true);
    expect(anyOf.json().total).toBeGreaterThanOrEqual(2);
    const keys = Object.keys(page.json().data[0]).sort();
    expect(keys).toEqual(
      ["account_creation_time", "email", "first_name", "id", "last_name", "phone_number", "role_id"].sort(),
    );
  });

  it("gives new customers an empty wallet and answers the stored row", async ({ app }) => {
    const res = await request(app, "POST", "/api/admin/data/user", {
      cookie: asStaff,
      body: {
        first_name: " Thabo ",
        last_name: "Nkosi",
        email: "Thabo@Toets.Example",
        phone_number: "082 000 0000",
        role_id: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({ first_name: "Thabo", email: "thabo@toets.example", role_id: 1 });
    const wallet = await request(app, "GET", `/api/admin/data/wallet/${user.id}`, { cookie: asStaff });
    expect(wallet.json().data).toEqual({ user_id: user.id, balance: "0.00" });
    const again = await request(app, "POST", "/api/admin/data/user", {
      cookie: asStaff,
      body: {
        ...user,
        id: undefined,
        email: "THABO@toets.example",
      },
    });
    expect(again.statusCode).toBe(400);
    const taken = await request(app, "POST", "/api/admin/data/user", {
      cookie: asStaff,
      body: {
        first_name: "T",
        last_name: "N",
        email: "THABO@toets.example",
        role_id: 1,
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("email_taken");
  });

  it("keeps records in use: a customer with orders is anonymised, an item ordered and a menu with items stay", async ({
    app,
    db,
  }) => {
    const customer = await createUser(db, { roleId: 1 });
    const item = await createFoodItem(db);
    await createOrder(db, { userId: customer.id, foodItemId: item.id });
    const anonymised = await request(app, "DELETE", `/api/admin/data/user/${customer.id}`, {
      cookie: asAdmin,
    });
    expect(anonymised.statusCode).toBe(200);
    expect(anonymised.json()).toMatchObject({ anonymised: true, data: { id: customer.id } });
    const cases = [
      [`food_item/${item.id}`, "food_item_ordered"],
      [`weekly_menu/${item.weeklyMenuId}`, "in_use"],
    ];
    for (const [url, code] of cases) {
      const res = await request(app, "DELETE", `/api/admin/data/${url as string}`, { cookie: asAdmin });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().code).toBe(code);
    }
    const self = await request(app, "DELETE", `/api/admin/data/user/${admin.id}`, { cookie: asAdmin });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe("own_account");
    const free = await createUser(db, { roleId: 2 });
    const gone = await request(app, "DELETE", `/api/admin/data/user/${free.id}`, { cookie: asAdmin });
    expect(gone.statusCode).toBe(200);
    expect(
      (await request(app, "GET", `/api/admin/data/user/${free.id}`, { cookie: asAdmin })).statusCode,
    ).toBe(404);
    expect(
      (await request(app, "GET", "/api/admin/data/user/not-a-uuid", { cookie: asAdmin })).statusCode,
    ).toBe(404);
  });

  it("makes menus for the signed-in admin and refuses a duplicate week or a bad one", async ({ app, db }) => {
    const body = {
      date_from: "2035-03-05",
      date_to: "2035-03-09",
      kantien_staff_id: "1",
      creation_date: "x",
    };
    const res = await request(app, "POST", "/api/admin/data/weekly_menu", { cookie: asAdmin, body });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ date_from: "2035-03-05", kantien_staff_id: admin.id });
    const again = await request(app, "POST", "/api/admin/data/weekly_menu", { cookie: asAdmin, body });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("weekly_menu_exists");
    const tuesday = await request(app, "POST", "/api/admin/data/weekly_menu", {
      cookie: asAdmin,
      body: {
        date_from: "2035-03-13",
        date_to: "2035-03-17",
      },
    });
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().code).toBe("weekly_menu_not_monday");
    const rows = await db.select().from(weeklyMenus).where(eq(weeklyMenus.dateFrom, "2035-03-05"));
    expect(rows).toHaveLength(1);
  });

  it("validates food items: price as rand, a real menu, one item per day", async ({ app, db }) => {
    const menu = await createWeeklyMenu(db);
    const item = {
      name: "Pizza",
      description: "Kaas",
      price: 55,
      day_of_week: "Woensdag",
      weekly_menu_id: menu.id,
    };
    const res = await request(app, "POST", "/api/admin/data/food_item", { cookie: asAdmin, body: item });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ price: "55.00", preparation_time: 15, image_url: null });
    expect(
      (await request(app, "POST", "/api/admin/data/food_item", { cookie: asAdmin, body: item })).statusCode,
    ).toBe(409);
    const noMenu = await request(app, "POST", "/api/admin/data/food_item", {
      cookie: asAdmin,
      body: {
        ...item,
        weekly_menu_id: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(noMenu.statusCode).toBe(400);
    const badPrice = await request(app, "POST", "/api/admin/data/food_item", {
      cookie: asAdmin,
      body: { ...item, day_of_week: "Vrydag", price: -5 },
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().code).toBe("validation_failed");
  });

  it("answers 400 invalid_json to broken JSON and 413 to a body over 1 MB", async ({ app }) => {
    const broken = await request(app, "POST", "/api/admin/data/user", {
      cookie: asAdmin,
      body: '{"first_name": ',
      headers: { "content-type": "application/json" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe("invalid_json");
    const big = await request(app, "POST", "/api/admin/data/user", {
      cookie: asAdmin,
      body: { first_name: "x".repeat(1024 * 1024 + 10) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe("payload_too_large");
  });

  it("never answers a password hash", async ({ app }) => {
    const bodies = await Promise.all([
      request(app, "GET", "/api/admin/data/user?limit=500", { cookie: asAdmin }),
      request(app, "GET", `/api/admin/data/user/${admin.id}`, { cookie: asAdmin }),
      request(app, "PUT", `/api/admin/data/user/${staff.id}`, {
        cookie: asAdmin,
        body: { last_name: "Kok" },
      }),
    ]);
    for (const res of bodies) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain("password_hash");
      expect(res.body).not.toContain("passwordHash");
      expect(res.body).not.toContain("$argon2id$");
      expect(res.body).not.toContain("email_verified_at");
    }
  });
});
