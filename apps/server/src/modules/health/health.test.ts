import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../../test/app-test";
import { request } from "../../test/request";
import { createTestApp, testBackend } from "../../test/test-app";

const it = appTest();

const shippedMigrations = fs
  .readdirSync(path.join(import.meta.dirname, "../../db/migrations"))
  .filter((name) => name.endsWith(".sql")).length;

describe("GET /api/health/live and /api/health/ready", () => {
  it("says the process lives, and that it is ready: its database answers with every migration applied", async ({
    app,
  }) => {
    const live = await request(app, "GET", "/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, data: { status: "live" } });
    const ready = await request(app, "GET", "/api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      success: true,
      data: { status: "ready", database: testBackend, migrations: shippedMigrations },
    });
  });

  it("is not ready while the database lacks a migration this code ships", async () => {
    const behind = await createTestApp();
    try {
      await behind.db.execute(sql`
        delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const res = await request(behind.app, "GET", "/api/health/ready", {
        headers: { "accept-language": "en" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: "migrations_pending",
        message: "The database is not up to date yet. Please try again later.",
      });
      expect((await request(behind.app, "GET", "/api/health/live")).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it("is not ready when the database is down, and still lives", async () => {
    const down = await createTestApp();
    try {
      await down.database.drop();
      const res = await request(down.app, "GET", "/api/health/ready", {
        headers: { "accept-language": "en" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: "database_unavailable",
        message: "The database is unavailable. Please try again later.",
      });
      expect((await request(down.app, "GET", "/api/health/live")).statusCode).toBe(200);
    } finally {
      await down.app.close();
      fs.rmSync(down.config.dataDir, { recursive: true, force: true });
    }
  });
});
