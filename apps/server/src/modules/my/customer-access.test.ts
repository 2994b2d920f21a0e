import { randomUUID } from "node:crypto";
import type { HTTPMethods, RouteOptions } from "fastify";
import { describe, expect } from "vitest";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";

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

const routes: { method: HTTPMethods; url: string }[] = [];
const it = appTest(
  {},
  {
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith("/api")) return;
      for (const method of [route.method].flat())
        if (method !== "HEAD") routes.push({ method, url: route.url });
    },
  },
);

describe("customers' sessions reach only their own part of the API", () => {
  const customers: string[] = [];

  it.beforeAll(async ({ db }) => {
    for (const roleId of [1, 2] as const) {
      customers.push(await sessionCookieFor(db, (await createUser(db, { roleId })).id));
    }
  });

  it("answers 403 on every staff and admin route, before reading the body", async ({ app }) => {
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

  it("lets them read the canteen's rules and who they are", async ({ app }) => {
    for (const cookie of customers) {
      expect((await request(app, "GET", "/api/canteen-settings", { cookie })).statusCode).toBe(200);
      expect((await request(app, "GET", "/api/auth/me", { cookie })).statusCode).toBe(200);
    }
  });
});
