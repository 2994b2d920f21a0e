import { describe, expect } from "vitest";
import { appTest } from "../test/app-test";
import { createUser, signIn } from "../test/fixtures";
import { request } from "../test/request";

const it = appTest();

/** Who may call answers before the content type and the body are looked at (decision 0013). */
describe("order of checks", () => {
  let asStaff: string;
  let asAdmin: string;

  it.beforeAll(async ({ app, db }) => {
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
  });

  it("takes a DELETE without a body and without a content type, as curl and fetch send it", async ({
    app,
    db,
  }) => {
    const customer = await createUser(db, { roleId: 1 });
    const asStaffRes = await request(app, "DELETE", `/api/customers/${customer.id}`, { cookie: asStaff });
    expect(asStaffRes.statusCode).toBe(403);
    expect(asStaffRes.json()).toMatchObject({ success: false, code: "forbidden" });

    const signedOut = await request(app, "DELETE", `/api/customers/${customer.id}`);
    expect(signedOut.statusCode).toBe(401);

    const asAdminRes = await request(app, "DELETE", `/api/customers/${customer.id}`, { cookie: asAdmin });
    expect(asAdminRes.statusCode).toBe(200);
    expect(asAdminRes.json().success).toBe(true);
  });

  it("still refuses a DELETE that carries a body in another type (415)", async ({ app, db }) => {
    const customer = await createUser(db, { roleId: 1 });
    const res = await request(app, "DELETE", `/api/customers/${customer.id}`, {
      cookie: asAdmin,
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("unsupported_media_type");
  });

  it("answers 401 and 403 before 415 and before the body's checks", async ({ app }) => {
    const formPost = { "content-type": "application/x-www-form-urlencoded" };
    const cases = [
      { url: "/api/customers", cookie: undefined, status: 401 },
      { url: "/api/orders", cookie: asStaff, status: 403 },
      { url: "/api/admin/data/food_item", cookie: asStaff, status: 403 },
      { url: "/api/auth/invite-user", cookie: asStaff, status: 403 },
      { url: "/api/admin/upload/weekly-item", cookie: asStaff, status: 403 },
    ];
    for (const { url, cookie, status } of cases) {
      const wrongType = await request(app, "POST", url, { cookie, body: "a=1", headers: formPost });
      expect(wrongType.statusCode, `${url} form post`).toBe(status);
      const badJson = await request(app, "POST", url, {
        cookie,
        body: "[1, 2",
        headers: { "content-type": "application/json" },
      });
      expect(badJson.statusCode, `${url} broken JSON`).toBe(status);
      const badBody = await request(app, "POST", url, { cookie, body: [1, 2] });
      expect(badBody.statusCode, `${url} wrong shape`).toBe(status);
      expect(badBody.json()).toMatchObject({
        success: false,
        code: status === 401 ? "unauthenticated" : "forbidden",
      });
    }
  });

  it("keeps refusing cross-site state changes, a body-less DELETE included (403)", async ({ app, db }) => {
    const customer = await createUser(db, { roleId: 1 });
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }]) {
      const res = await request(app, "DELETE", `/api/customers/${customer.id}`, {
        cookie: asAdmin,
        headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden_origin");
    }
  });

  it("still wants JSON on a POST without a body (415)", async ({ app }) => {
    const res = await request(app, "POST", "/api/auth/logout", { cookie: asAdmin });
    expect(res.statusCode).toBe(415);
  });
});
