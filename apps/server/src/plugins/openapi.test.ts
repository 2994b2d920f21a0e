import { randomUUID } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { HTTPMethods, RouteOptions } from "fastify";
import { describe, expect } from "vitest";
import { appTest } from "../test/app-test";
import { createUser, signIn } from "../test/fixtures";
import { request } from "../test/request";

type Security = Record<string, string[]>[];
type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Security;
};
type Document = { openapi: string; security?: Security; paths: Record<string, Record<string, Operation>> };

/** `/api/customers/:id` as OpenAPI writes it: `/api/customers/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

const routes: { method: string; url: string }[] = [];
const it = appTest(
  {},
  {
    onRoute: (route: RouteOptions) => {
      const hidden = (route.schema as { hide?: boolean } | undefined)?.hide;
      if (!route.url.startsWith("/api") || hidden) return;
      for (const method of [route.method].flat()) {
        // HEAD twins of GET routes are Fastify's own; the document describes the GET.
        if (method !== "HEAD") routes.push({ method: method.toLowerCase(), url: route.url });
      }
    },
  },
);

describe("the API describes itself (OpenAPI 3.1)", () => {
  let asAdmin: string;
  let asStaff: string;

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
  });

  it("is for signed-in admins only: 401 signed out, 403 for staff", async ({ app }) => {
    for (const url of ["/api/openapi.json", "/api/docs", "/api/docs/static/swagger-ui-bundle.js"]) {
      const out = await request(app, "GET", url);
      expect(out.statusCode, url).toBe(401);
      expect(out.json()).toMatchObject({ success: false, code: "unauthenticated" });
      const staff = await request(app, "GET", url, { cookie: asStaff });
      expect(staff.statusCode, url).toBe(403);
      expect(staff.json()).toMatchObject({ success: false, code: "forbidden" });
      expect((await request(app, "GET", url, { cookie: asAdmin })).statusCode, url).toBe(200);
    }
  });

  it("is a valid OpenAPI 3.1 document", async ({ app }) => {
    const res = await request(app, "GET", "/api/openapi.json", { cookie: asAdmin });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json() as Document;
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every /api route with its success answer and the error envelope", async ({ app }) => {
    const document = (await request(app, "GET", "/api/openapi.json", { cookie: asAdmin })).json() as Document;
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { method, url } of routes) {
      const operation = document.paths[openApiPath(url)]?.[method];
      const responses = operation?.responses ?? {};
      const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status));
      const withSchema = (status: string) =>
        Object.values(responses[status]?.content ?? {}).some((media) => media.schema !== undefined);
      if (!operation) missing.push(`${method} ${url}: not in the document`);
      else if (!success || !withSchema(success[0])) missing.push(`${method} ${url}: no success schema`);
      else if (!responses["4XX"] || !withSchema("4XX")) missing.push(`${method} ${url}: no error envelope`);
    }
    expect(missing).toEqual([]);
  });

  it("says which routes need the session: each one that refuses a signed-out caller, and no other", async ({
    app,
  }) => {
    const document = (await request(app, "GET", "/api/openapi.json", { cookie: asAdmin })).json() as Document;
    const wrong: string[] = [];
    let guarded = 0;
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z0-9_]+/g, randomUUID()).replace("*", "x");
      const verb = method.toUpperCase() as HTTPMethods;
      const signedOut = await request(app, verb, path, { body: verb === "GET" ? undefined : {} });
      const needsSession = signedOut.statusCode === 401;
      if (needsSession) guarded += 1;
      const security = document.paths[openApiPath(url)]?.[method]?.security ?? document.security ?? [];
      const described = security.some((scheme) => "session" in scheme);
      if (described !== needsSession) {
        wrong.push(
          `${method} ${url}: ${signedOut.statusCode} signed out, described ${JSON.stringify(security)}`,
        );
      }
    }
    expect(guarded).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });

  it("serves the reference page and its script from here, under the app's CSP", async ({ app }) => {
    const page = await request(app, "GET", "/api/docs", { cookie: asAdmin });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    // No other site's script or style: only PayFast's payment form may be posted elsewhere.
    const elsewhere = csp.split(";").filter((directive) => /https?:/.test(directive));
    expect(elsewhere.map((directive) => directive.trim().split(" ")[0])).toEqual(["form-action"]);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\/api\/docs\//);
      const script = await request(app, "GET", src as string, { cookie: asAdmin });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers["content-type"], src).toContain("javascript");
    }
  });

  it("shows the If-Match a save takes and the ETag a read or save answers (decision 0057)", async ({
    app,
  }) => {
    type Described = {
      parameters?: { in: string; name: string }[];
      responses?: Record<string, { headers?: Record<string, unknown> }>;
    };
    const { paths } = (await request(app, "GET", "/api/openapi.json", { cookie: asAdmin })).json() as {
      paths: Record<string, Record<string, Described>>;
    };
    const saves = [
      "/api/my/profile",
      "/api/customers/{id}",
      "/api/customers/{id}/allergies",
      "/api/staff-members/{id}",
      "/api/canteen-settings",
      "/api/canteen-settings/bank-details",
      "/api/admin/menus/{menuId}/days/{dayOfWeek}/food-item",
    ];
    const undescribed: string[] = [];
    for (const path of saves) {
      const put = paths[path]?.put;
      if (!put?.parameters?.some((p) => p.in === "header" && p.name === "if-match")) {
        undescribed.push(`put ${path}: If-Match`);
      }
      if (!put?.responses?.["200"]?.headers?.ETag) undescribed.push(`put ${path}: ETag`);
      const read = paths[path]?.get;
      if (read && !read.responses?.["200"]?.headers?.ETag) undescribed.push(`get ${path}: ETag`);
    }
    expect(undescribed).toEqual([]);
  });
});
