import { describe, expect } from "vitest";
import { z } from "zod";
import { queryRows } from "./db/client";
import { appTest } from "./test/app-test";
import { request } from "./test/request";
import { createTestApp, type TestApp } from "./test/test-app";

const it = appTest();

describe("app baseline", () => {
  it("answers with the security headers", async ({ app }) => {
    const res = await request(app, "GET", "/api/health/live");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: "live" } });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["referrer-policy"]).toBeTruthy();
  });

  it("answers an unknown API path with the error envelope in Afrikaans or English", async ({ app }) => {
    const af = await request(app, "GET", "/api/nope");
    expect(af.statusCode).toBe(404);
    expect(af.json()).toEqual({ success: false, code: "not_found", message: "Nie gevind nie." });
    const en = await request(app, "GET", "/api/nope", { headers: { "accept-language": "en-ZA" } });
    expect(en.json().message).toBe("Not found.");
  });

  it("refuses a state-changing request without a JSON content type (415)", async ({ app }) => {
    const res = await request(app, "POST", "/api/auth/logout", {
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("unsupported_media_type");
  });

  it("refuses a cross-site state-changing request (403)", async ({ app }) => {
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }]) {
      const res = await request(app, "POST", "/api/auth/logout", { body: {}, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden_origin");
    }
  });

  it("refuses a DNS-rebinding request whose Origin matches its Host but not PUBLIC_URL (403)", async ({
    app,
  }) => {
    const res = await request(app, "POST", "/api/auth/logout", {
      body: {},
      headers: {
        host: "rebind.evil.example:3000",
        origin: "http://rebind.evil.example:3000",
        "sec-fetch-site": "same-origin",
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden_origin");
  });

  it("accepts PUBLIC_URL's origin, and both local names when it is local", async ({ app, database }) => {
    const post = (target: TestApp["app"], origin: string) =>
      request(target, "POST", "/api/auth/logout", { body: {}, headers: { origin } });
    // The test config: PUBLIC_URL http://localhost:3000.
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000"]) {
      expect((await post(app, origin)).statusCode, origin).toBe(200);
    }
    for (const origin of ["http://localhost:3001", "https://localhost:3000", "http://[::2]:3000"]) {
      expect((await post(app, origin)).statusCode, origin).toBe(403);
    }
    const hosted = await createTestApp({ publicUrl: "https://kantien.example" }, database);
    try {
      expect((await post(hosted.app, "https://kantien.example")).statusCode).toBe(200);
      for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://kantien.example"]) {
        expect((await post(hosted.app, origin)).statusCode, origin).toBe(403);
      }
    } finally {
      await hosted.close();
    }
  });

  it("runs the migrations: roles and the constraints exist", async ({ db }) => {
    const { sql } = await import("drizzle-orm");
    const roles = await queryRows(
      db,
      sql`select role_id from roles order by role_id`,
      z.object({ role_id: z.coerce.number() }),
    );
    expect(roles.map((r) => Number(r.role_id))).toEqual([1, 2, 3, 4, 5]);
    await expect(
      db.execute(sql`insert into weekly_menus (date_from, date_to) values ('2026-11-24', '2026-11-28')`),
    ).rejects.toThrow();
  });
});
