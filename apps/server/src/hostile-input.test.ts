import { RESOURCE_NAMES } from "@kantien/domain/admin-data";
import { WEEKDAYS } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_PARAM_LENGTH } from "./app";
import { queryRows } from "./db/client";
import { createFoodItem, createUser, signIn } from "./test/fixtures";
import { request } from "./test/request";
import { createTestApp, type TestApp } from "./test/test-app";

/*
 * Every registered route, as admin, staff and signed out, gets generated hostile values in
 * its path parameters, query and JSON body (decision 0013). Whatever comes, the
 * answer is never a 5xx; a refusal is our envelope and changes nothing in the database.
 * Left out: HEAD (GET's twin), GET /api/events (a Server-Sent Events stream that never
 * ends), and sign-out for the signed-in roles (it would end the test's own sessions). The
 * multipart upload gets JSON bodies only.
 */

type Guard = "admin" | "staff" | "user" | null;
type Route = { method: string; url: string; guard: Guard };

/** The routes as Fastify's printRoutes lists them, each with the guard its onRequest hooks name. */
function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const prefixAt: string[] = [];
  let last: Route[] = [];
  for (const line of tree.split("\n")) {
    const hooks = line.match(/• \(onRequest\) (\[.*\])$/);
    if (hooks) {
      const names = JSON.parse(hooks[1] as string) as string[];
      const guard: Guard = names.includes("requireAdmin()")
        ? "admin"
        : names.includes("requireStaff()")
          ? "staff"
          : names.includes("requireUser()")
            ? "user"
            : null;
      for (const route of last) route.guard = guard;
      continue;
    }
    const node = line.match(/^([│├└─ ]*)(.+?)(?: \(([A-Z, ]+)\))?$/);
    if (!node || line.includes("•")) continue;
    const depth = Math.round((node[1] as string).length / 4);
    const url = (depth > 0 ? (prefixAt[depth - 1] ?? "") : "") + (node[2] as string);
    prefixAt[depth] = url;
    prefixAt.length = depth + 1;
    last = (node[3] ?? "")
      .split(", ")
      .filter((m) => m && m !== "HEAD")
      .map((method) => ({ method, url, guard: null }));
    routes.push(...last);
  }
  return routes;
}

const hostileText = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfff",
    "\u001b[2J",
    "\u0085\u009f",
    "\r\n\t",
    "2026-02-30",
    "0000-01-01",
    "9999-12-31",
    "1999-12-31T25:61:00Z",
    "-1",
    "1e308",
    "99999999999999999999999",
    "NaN",
    "' or 1=1 --",
    "../../etc/passwd",
    "%zz",
    "",
    "x".repeat(5_000),
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 31) - 1, 0.001, -0, 1.5),
  fc.integer(),
  fc.double(),
);
const hostileValue = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
);
const FIELDS = [
  "email",
  "password",
  "token",
  "first_name",
  "firstName",
  "last_name",
  "name",
  "description",
  "price",
  "day_of_week",
  "weekly_menu_id",
  "date_from",
  "date_to",
  "status",
  "role_id",
  "roleId",
  "amount",
  "reason",
  "quantity",
  "deliveryDate",
  "foodItemId",
  "customerId",
  "settings",
  "fileName",
  "fileBase64",
  "akd_number",
  "phone_number",
];
const QUERY = [
  "q",
  "from",
  "to",
  "date",
  "weekStart",
  "limit",
  "offset",
  "sort",
  "status",
  "role",
  "tab",
  "dir",
];
const DATA_FILTERS = [
  "email",
  "role_id",
  "date_from",
  "delivery_date",
  "status",
  "user_id",
  "id",
  "akd_number",
];

const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }),
  hostileValue,
);
const hostileQuery = fc.dictionary(fc.constantFrom(...QUERY, ...DATA_FILTERS), hostileText, { maxKeys: 4 });

/** Lone surrogates cannot be percent-encoded as UTF-8: they go as the bytes Node would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

function paramValue(name: string): fc.Arbitrary<string> {
  if (name === "table") return fc.oneof(fc.constantFrom(...RESOURCE_NAMES), hostileText);
  if (name === "dayOfWeek") return fc.oneof(fc.constantFrom(...WEEKDAYS), hostileText);
  return hostileText;
}

describe("hostile input to every route", () => {
  let t: TestApp;
  let routes: Route[];
  const cookies: Record<"admin" | "staff" | "signed out", string | undefined> = {
    admin: undefined,
    staff: undefined,
    "signed out": undefined,
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookies.admin = await signIn(t.app, await createUser(t.db, { roleId: 4 }));
    cookies.staff = await signIn(t.app, await createUser(t.db, { roleId: 3 }));
    await createFoodItem(t.db);
    // printRoutes shows the root's one wildcard, the uploaded images, as a bare "*".
    routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false, includeHooks: true }))
      .map((route) => (route.url === "*" ? { ...route, url: "/uploads/*" } : route))
      // A tree line can be a prefix only (the API reference's "/api/docs/" + "static/*"): keep real routes.
      .filter((route) => t.app.hasRoute({ method: route.method as "GET", url: route.url }));
  });
  afterAll(() => t.close());

  /** A fingerprint of the rows that matter; a refused request must leave it as it was. */
  async function fingerprint(): Promise<string> {
    const tables = [
      "users",
      "wallets",
      "wallet_transactions",
      "clients",
      "kantien_staff",
      "weekly_menus",
      "food_items",
      "orders",
      "user_settings",
      "auth_tokens",
    ];
    const parts = tables.map(
      (table) =>
        sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.identifier(table)} r)`,
    );
    const [row] = await queryRows(
      t.db,
      sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as hash`,
      z.object({ hash: z.string() }),
    );
    return row?.hash ?? "";
  }

  it("finds the routes to test", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: "DELETE", url: "/api/customers/:id", guard: "admin" });
    expect(routes).toContainEqual({ method: "GET", url: "/api/kitchen/orders", guard: "staff" });
    expect(routes).toContainEqual({ method: "POST", url: "/api/auth/login", guard: null });
    expect(t.app.hasRoute({ method: "GET", url: "/uploads/*" })).toBe(true);
    expect(routes.every((route) => route.url.startsWith("/"))).toBe(true);
  });

  it("never answers 5xx; refusals are the envelope, in the right order, and change nothing", async () => {
    let requests = 0;
    for (const route of routes) {
      if (route.url === "/api/events") continue;
      for (const who of ["admin", "staff", "signed out"] as const) {
        if (route.url === "/api/auth/logout" && who !== "signed out") continue;
        const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
        const input = fc.record({
          params: fc.tuple(...params.map(paramValue)),
          query: hostileQuery,
          body: hostileBody,
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ params: values, query, body }) => {
            let url = route.url;
            params.forEach((name, i) => {
              url = url.replace(name === "*" ? "*" : `:${name}`, encode(values[i] as string));
            });
            const search = Object.entries(query)
              .map(([k, v]) => `${k}=${encode(v)}`)
              .join("&");
            const before = await fingerprint();
            const cookie = cookies[who];
            // The body is serialised here, as the bytes of JSON whatever the value is: request()
            // would send a hostile string as it is, not as a JSON string.
            const res = await request(t.app, route.method as "GET", search ? `${url}?${search}` : url, {
              cookie,
              ...(route.method === "GET"
                ? {}
                : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
            });
            requests++;
            const where = `${who} ${route.method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode < 400) return;
            expect(res.json(), where).toMatchObject({
              success: false,
              message: expect.any(String),
              code: expect.any(String),
            });
            expect(res.headers["x-content-type-options"], where).toBe("nosniff");
            // Who may call answers before anything about the input; a path parameter longer
            // than any id matches no route, so the router answers 404 before any guard.
            const routed = !params.some((_, i) => encode(values[i] as string).length > MAX_PARAM_LENGTH);
            if (routed && who === "signed out" && route.guard) expect(res.statusCode, where).toBe(401);
            if (routed && who === "staff" && route.guard === "admin") expect(res.statusCode, where).toBe(403);
            expect(await fingerprint(), where).toBe(before);
          }),
          { numRuns: 3 },
        );
      }
    }
    expect(requests).toBeGreaterThan(300);
  }, 120_000);
});
