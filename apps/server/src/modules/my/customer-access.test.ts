import { randomUUID } from "node:crypto";
import type { HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app";
import { createUser, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";
import { openTestDatabase, type TestDatabase, testConfig } from "../../test/test-app";

/**
 * A customer's session reaches the ordering app's API (/api/my/*), the sign-in
 * API (/api/auth/*) and the canteen's rules (GET /api/canteen-settings), and nothing else
 * that needs a session: every other route answers a student or an academy staff member 403.
 * The routes are read from the app as it registers them, so a new staff route is covered
 * the day it is added.
 */
const CUSTOMER_ROUTES = [/^\/api\/my\//, /^\/api\/auth\//, /^GET \/api\/canteen-settings$/];
const forCustomers = (method: string, url: string) =>
  CUSTOMER_ROUTES.some((rule) => rule.test(url) || rule.test(`${method} ${url}`));

describe("customers' sessions reach only their own part of the API", () => {
  let app: App;
  let database: TestDatabase;
  const routes: { method: HTTPMethods; url: string }[] = [];
  const customers: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const onRoute = (route: RouteOptions) => {
      if (!route.url.startsWith("/api")) return;
      for (const method of [route.method].flat())
        if (method !== "HEAD") routes.push({ method, url: route.url });
    };
    app = await buildApp({ config: testConfig(), database, onRoute });
    await app.ready();
    for (const roleId of [1, 2] as const) {
      customers.push(await sessionCookieFor(database.db, (await createUser(database.db, { roleId })).id));
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("answers 403 on every staff and admin route, before reading the body", async () => {
    const refused: string[] = [];
    const staffRoutes = routes.filter((r) => !forCustomers(r.method, r.url));
    expect(staffRoutes.length).toBeGreaterThan(30);
    for (const { method, url } of staffRoutes) {
      const path = url.replace(/:[A-Za-z0-9_]+/g, randomUUID()).replace("*", "x");
      const signedOut = await request(app, method, path, { body: method === "GET" ? undefined : {} });
      // A public route (health, config) answers customers as it answers anyone.
      if (signedOut.statusCode !== 401) continue;
      for (const cookie of customers) {
        const res = await request(app, method, path, { cookie, body: method === "GET" ? undefined : {} });
        if (res.statusCode !== 403 || res.json().code !== "forbidden") {
          refused.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it("lets them read the canteen's rules and who they are", async () => {
    for (const cookie of customers) {
      expect((await request(app, "GET", "/api/canteen-settings", { cookie })).statusCode).toBe(200);
      expect((await request(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(200);
    }
  });
});
