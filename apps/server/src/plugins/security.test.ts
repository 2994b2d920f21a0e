import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../test/fixtures";
import { request } from "../test/request";
import { createTestApp, type TestApp } from "../test/test-app";

/** Who may call answers before the content type and the body are looked at (decision 0013). */
describe("order of checks", () => {
  let t: TestApp;
  let asStaff: string;
  let asAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    asStaff = await signIn(t.app, await createUser(t.db, { roleId: 3 }));
    asAdmin = await signIn(t.app, await createUser(t.db, { roleId: 4 }));
  });
  afterAll(() => t.close());

  it("takes a DELETE without a body and without a content type, as curl and fetch send it", async () => {
    const customer = await createUser(t.db, { roleId: 1 });
    const asStaffRes = await request(t.app, "DELETE", `/api/customers/${customer.id}`, { cookie: asStaff });
    expect(asStaffRes.statusCode).toBe(403);
    expect(asStaffRes.json()).toMatchObject({ success: false, code: "forbidden" });

    const signedOut = await request(t.app, "DELETE", `/api/customers/${customer.id}`);
    expect(signedOut.statusCode).toBe(401);

    const asAdminRes = await request(t.app, "DELETE", `/api/customers/${customer.id}`, { cookie: asAdmin });
    expect(asAdminRes.statusCode).toBe(200);
    expect(asAdminRes.json().success).toBe(true);
  });

  it("still refuses a DELETE that carries a body in another type (415)", async () => {
    const customer = await createUser(t.db, { roleId: 1 });
    const res = await request(t.app, "DELETE", `/api/customers/${customer.id}`, {
      cookie: asAdmin,
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("unsupported_media_type");
  });

  it("answers 401 and 403 before 415 and before the body's checks", async () => {
    const formPost = { "content-type": "application/x-www-form-urlencoded" };
    const cases = [
      { url: "/api/customers", cookie: undefined, status: 401 },
      { url: "/api/orders", cookie: asStaff, status: 403 },
      { url: "/api/admin/data/food_item", cookie: asStaff, status: 403 },
      { url: "/api/auth/invite-user", cookie: asStaff, status: 403 },
      { url: "/api/admin/upload/weekly-item", cookie: asStaff, status: 403 },
    ];
    for (const { url, cookie, status } of cases) {
      const wrongType = await request(t.app, "POST", url, { cookie, body: "a=1", headers: formPost });
      expect(wrongType.statusCode, `${url} form post`).toBe(status);
      const badJson = await request(t.app, "POST", url, {
        cookie,
        body: "[1, 2",
        headers: { "content-type": "application/json" },
      });
      expect(badJson.statusCode, `${url} broken JSON`).toBe(status);
      const badBody = await request(t.app, "POST", url, { cookie, body: [1, 2] });
      expect(badBody.statusCode, `${url} wrong shape`).toBe(status);
      expect(badBody.json()).toMatchObject({
        success: false,
        code: status === 401 ? "unauthenticated" : "forbidden",
      });
    }
  });

  it("keeps refusing cross-site state changes, a body-less DELETE included (403)", async () => {
    const customer = await createUser(t.db, { roleId: 1 });
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }]) {
      const res = await request(t.app, "DELETE", `/api/customers/${customer.id}`, {
        cookie: asAdmin,
        headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden_origin");
    }
  });

  it("still wants JSON on a POST without a body (415)", async () => {
    const res = await request(t.app, "POST", "/api/auth/logout", { cookie: asAdmin });
    expect(res.statusCode).toBe(415);
  });
});
