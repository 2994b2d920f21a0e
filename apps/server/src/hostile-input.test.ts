import { randomUUID } from "node:crypto";
import { RESOURCE_NAMES } from "@kantien/domain/admin-data";
import { addDaysIso, mondayOf, todayIn, WEEKDAYS } from "@kantien/domain/dates";
import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyRequest, RouteOptions } from "fastify";
import { describe, expect } from "vitest";
import { z } from "zod";
import { MAX_PARAM_LENGTH } from "./app";
import type { Db } from "./db/client";
import { queryRows } from "./db/client";
import { guardianLinks } from "./db/schema";
import { noSession } from "./plugins/openapi";
import { SESSION_COOKIE } from "./plugins/session";
import { appTest } from "./test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
  TEST_PASSWORD,
  type TestUser,
} from "./test/fixtures";
import { request } from "./test/request";

/*
 * Every registered route, as admin, kitchen staff, student, academy staff and signed out,
 * gets generated hostile values in its path parameters, query, JSON body and Idempotency-Key
 * (decision 0013). Whatever comes, the answer is never a 5xx; a refusal is our envelope and
 * changes nothing in any table of the database. Besides wholly hostile input, each route's
 * own fields (read from its schemas) get plausible values, hostile ones mixed in, so input
 * gets past validation into the handlers; a route a caller may use also gets two all-plausible
 * examples, so every /api/my route that takes input is shown to reach its handler for both
 * kinds of customer. Left out: HEAD (GET's twin), the Server-Sent Events streams (they never
 * end), and sign-out for the signed-in callers (it would end the test's own sessions). The
 * multipart upload gets JSON bodies only.
 */

type Guard = "admin" | "staff" | "customer" | "eater" | "learner" | "user" | null;
type Route = { method: string; url: string; guard: Guard };
type Who = "admin" | "staff" | "student" | "academy staff" | "guardian" | "signed out";

const STREAMS = ["/api/events", "/api/my/events"];
/** FUZZ_RUNS=10 runs ten times as many generated requests (a deeper hunt, by hand). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const ROLE_OF: Record<Who, number> = {
  admin: 4,
  staff: 3,
  student: 1,
  "academy staff": 2,
  guardian: 5,
  "signed out": 0,
};

/** The routes as Fastify's printRoutes lists them, each with the guard its onRequest hooks name. */
function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const prefixAt: string[] = [];
  let last: Route[] = [];
  for (const line of tree.split("\n")) {
    const hooks = line.match(/• \(onRequest\) (\[.*\])$/);
    if (hooks) {
      const names = JSON.parse(hooks[1] as string) as string[];
      // The innermost guard decides: a learner's routes and one's own ordering sit in the customers' scope.
      const guard: Guard = names.includes("requireAdmin()")
        ? "admin"
        : names.includes("requireStaff()")
          ? "staff"
          : names.includes("actingForLearner()")
            ? "learner"
            : names.includes("requireEater()")
              ? "eater"
              : names.includes("requireCustomer()")
                ? "customer"
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

/** A route's path parameters by name; `*` for the wildcard. */
const paramsOf = (route: Route) => [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");

/** Whether a caller of `who` gets past `guard` (the hook that answers 401 / 403 before any input is read). */
function passes(who: Who, guard: Guard): boolean {
  if (guard === null) return true;
  if (who === "signed out") return false;
  if (guard === "user") return true;
  if (guard === "customer") return who === "student" || who === "academy staff" || who === "guardian";
  if (guard === "eater") return who === "student" || who === "academy staff";
  // Past the guard only with the guardian's own learner's id; any other id is 404.
  if (guard === "learner") return who === "guardian";
  if (guard === "staff") return who === "staff" || who === "admin";
  return who === "admin";
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
/** Field names of the generic data API and old clients, which no route schema names. */
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
  "week",
  "scope",
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
/** Idempotency-Key: absent, plausible, or what readIdempotencyKey must refuse. */
const idempotencyKey = fc.option(
  fc.oneof(fc.uuid(), fc.constantFrom("", " ", "a b", "x".repeat(201), "ü"), fc.string({ maxLength: 12 })),
  { nil: undefined },
);

/** Lone surrogates cannot be percent-encoded as UTF-8: they go as the bytes Node would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

/** The JSON Schema (input side) of one of a route's zod schemas; a field's schema under `properties`. */
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Values a client might well send, by the field's schema and, for free text, its name. */
type Pools = { ids: string[]; dates: string[]; emails: string[]; passwords: string[]; names: string[] };

function plausibleStrings(key: string, pools: Pools, format?: string): string[] {
  if (format === "uuid" || /id$/i.test(key)) return pools.ids;
  if (/limit$|^amount$/i.test(key)) return ["50", "12,50"];
  if (/code$/i.test(key)) return ["ABCD-EFGH", "abcd efgh"];
  if (format === "email" || /email/i.test(key)) return pools.emails;
  if (/date|week|from$|^to$/i.test(key)) return pools.dates;
  if (/password/i.test(key)) return pools.passwords;
  return pools.names;
}

/** Plausible values of a field of `schema`; `pick` chooses from a list (any one when generating, the i-th for example i). */
function plausible(key: string, s: JsonSchema, pools: Pools, pick: <T>(values: T[]) => fc.Arbitrary<T>) {
  const of = (x: JsonSchema): fc.Arbitrary<unknown> => {
    const union = x.anyOf ?? x.oneOf;
    if (union?.length) return fc.oneof(...union.map(of));
    if (x.const !== undefined) return fc.constant(x.const);
    if (x.enum?.length) return pick(x.enum);
    const type = Array.isArray(x.type) ? x.type[0] : x.type;
    if (type === "integer" || type === "number") {
      const min = x.minimum ?? (x.exclusiveMinimum === undefined ? 0 : x.exclusiveMinimum + 1);
      const max = x.maximum ?? (x.exclusiveMaximum === undefined ? min + 100 : x.exclusiveMaximum - 1);
      return pick([min, Math.min(min + 1, max), max]);
    }
    if (type === "boolean") return pick([true, false]);
    if (type === "null") return fc.constant(null);
    if (type === "string") return pick(plausibleStrings(key, pools, x.format));
    // Unique entries: a list that must not repeat itself (a customer's allergies) still gets through.
    if (type === "array")
      return fc.uniqueArray(of(x.items ?? {}), { maxLength: 2, selector: JSON.stringify });
    if (type === "object" && x.properties) {
      return fc.record(Object.fromEntries(Object.entries(x.properties).map(([k, p]) => [k, of(p)])));
    }
    return hostileValue;
  };
  return of(s);
}

/** Each route's zod schemas, as it registered them. */
const schemas = new Map<string, { body?: unknown; querystring?: unknown; params?: unknown }>();
/** `stage role method url`: a request got past the route's guard (`guard`), or past validation (`handler`). */
const reached = new Set<string>();
/** Marks `stage` for the request's caller and route: added to every route as it registers. */
const mark = (stage: "guard" | "handler", url: string) => async (request: FastifyRequest) => {
  reached.add(`${stage} ${request.user?.roleId ?? 0} ${request.method} ${url}`);
};
function onRoute(route: RouteOptions) {
  for (const method of [route.method].flat()) schemas.set(`${method} ${route.url}`, route.schema ?? {});
  route.preValidation = [mark("guard", route.url), ...[route.preValidation ?? []].flat()];
  route.preHandler = [...[route.preHandler ?? []].flat(), mark("handler", route.url)];
}

// Plausible sign-ins and sign-ups get through validation, and each costs a full password
// hash until the per-address limit refuses the next: low limits keep the run short (and
// fuzz the refusals of a limit reached).
const it = appTest(
  {
    loginLimit: { perAccount: 2, perAddress: 3, windowMinutes: 15 },
    signupLimit: { perAddress: 2, windowMinutes: 60 },
  },
  { onRoute },
);

describe("hostile input to every route", () => {
  let routes: Route[];
  const cookies: Record<Who, string | undefined> = {
    admin: undefined,
    staff: undefined,
    student: undefined,
    "academy staff": undefined,
    guardian: undefined,
    "signed out": undefined,
  };
  const users: Partial<Record<Who, TestUser>> = {};
  const orderOf: Partial<Record<Who, string>> = {};
  let itemIds: string[] = [];
  /** The guardian's own learner; the student is another family's. */
  let childId = "";
  let dates: string[] = [];

  /** Every table of every schema the app's migrations made (drizzle's own journal too), with its columns. */
  let tables: { name: string; columns: string[] }[] = [];

  it.beforeAll(async ({ app, db }) => {
    for (const who of ["admin", "staff", "student", "academy staff", "guardian"] as const) {
      const roleId = ROLE_OF[who] as 1 | 2 | 3 | 4 | 5;
      // The academy staff member can pay, so their orders get through; the student cannot.
      users[who] = await createUser(db, { roleId, balance: roleId === 2 ? "1000.00" : "0" });
      const ordering = roleId <= 2 || roleId === 5;
      cookies[who] = await signIn(app, users[who], ordering ? "/api/my/auth/login" : "/api/auth/login");
    }
    // The guardian acts for a learner of their own, who can pay (decision 0068).
    childId = (await createUser(db, { roleId: 1, balance: "1000.00" })).id;
    await db.insert(guardianLinks).values({
      guardianId: users.guardian!.id,
      learnerId: childId,
      status: "active",
      isPrimary: true,
    });
    // A menu customers may order from now (next week's Monday), and one far beyond the horizon.
    const nextMonday = addDaysIso(mondayOf(todayIn(DEFAULT_TIMEZONE)), 7);
    const soon = await createWeeklyMenu(db, { dateFrom: nextMonday });
    const far = await createWeeklyMenu(db);
    itemIds = [
      (await createFoodItem(db, { weeklyMenuId: soon.id, dayOfWeek: "Maandag" })).id,
      (await createFoodItem(db, { weeklyMenuId: far.id, dayOfWeek: "Dinsdag" })).id,
    ];
    dates = [nextMonday, far.dateFrom, todayIn(DEFAULT_TIMEZONE), addDaysIso(far.dateFrom, 1)];
    for (const who of ["student", "academy staff"] as const) {
      const order = await createOrder(db, {
        userId: users[who]!.id,
        foodItemId: itemIds[1]!,
        deliveryDate: addDaysIso(far.dateFrom, 1),
      });
      orderOf[who] = order.id;
    }
    // printRoutes shows the root's one wildcard, the uploaded images, as a bare "*".
    routes = registeredRoutes(app.printRoutes({ commonPrefix: false, includeHooks: true }))
      .map((route) => (route.url === "*" ? { ...route, url: "/uploads/*" } : route))
      // A tree line can be a prefix only (the API reference's "/api/docs/" + "static/*"): keep real routes.
      .filter((route) => app.hasRoute({ method: route.method as "GET", url: route.url }))
      // The ordering app's routes first, before other callers' successes change the rows they use.
      .sort((a, b) => Number(!a.url.startsWith("/api/my/")) - Number(!b.url.startsWith("/api/my/")));
    tables = await queryRows(
      db,
      sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
                 array_agg(a.attname::text order by a.attnum) as columns
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%'
          group by 1 order by 1`,
      z.object({ name: z.string(), columns: z.array(z.string()) }),
    );
    // Every statement that writes to a table but login_attempts counts itself in a sequence,
    // which a rollback does not take back: while the count stands still, no row has changed.
    await db.execute(sql`create sequence hostile_input_writes`);
    await db.execute(sql`create function hostile_input_count_write() returns trigger language plpgsql
                         as $$ begin perform nextval('hostile_input_writes'); return null; end $$`);
    for (const { name } of tables.filter((table) => table.name !== ATTEMPTS)) {
      await db.execute(sql`create trigger hostile_input_count_write
                           after insert or update or delete or truncate on ${sql.raw(name)}
                           for each statement execute function hostile_input_count_write()`);
    }
  });

  // The database goes back with the template's schema, so the next test file can have it.
  it.afterAll(async ({ db }) => {
    await db.execute(sql`drop function hostile_input_count_write() cascade`);
    await db.execute(sql`drop sequence hostile_input_writes`);
  });

  /**
   * Columns a refused request may change by design: any request slides its session's idle
   * expiry (at most once a minute), so a session's last use and expiry are left out; the rest
   * of the row (which session, whose, since when) is checked.
   */
  const TOUCHED: Record<string, string[]> = { "public.sessions": ["last_seen_at", "expires_at"] };
  /**
   * The sign-in limit counts in login_attempts, so a refusal may change it by design, and it
   * is checked apart, row by row: a refused sign-in, sign-up, reset request or password change
   * adds its one attempt; a refusal after the right password (an unverified email, a staff
   * member at the ordering app's sign-in) forgives that account's failed sign-ins. Nothing else.
   */
  const ATTEMPTS = "public.login_attempts";
  const attemptRow = z.object({ id: z.number(), kind: z.string(), email: z.string(), row: z.string() });
  type Attempt = z.infer<typeof attemptRow>;

  /** What a refusal did to login_attempts that it may not do, or null. */
  function attemptsChange(before: Attempt[], after: Attempt[]): string | null {
    const kept = new Map(after.map((a) => [a.id, a]));
    const was = new Map(before.map((a) => [a.id, a]));
    const added = after.filter((a) => !was.has(a.id));
    const removed = before.filter((a) => !kept.has(a.id));
    const changed = before.filter((a) => kept.has(a.id) && kept.get(a.id)!.row !== a.row);
    const forgiven = new Set(removed.map((a) => a.email));
    const forgivenWholly = [...forgiven].every((email) =>
      before.every((a) => a.email !== email || a.kind !== "login" || !kept.has(a.id)),
    );
    if (added.length > 1) return `${added.length} attempts added`;
    if (changed.length > 0) return `attempts changed: ${changed.map((a) => a.row).join(" ")}`;
    if (removed.some((a) => a.kind !== "login") || forgiven.size > 1 || !forgivenWholly) {
      return `attempts removed: ${removed.map((a) => a.row).join(" ")}`;
    }
    return null;
  }

  type Fingerprint = { writes: number; tables: Record<string, string>; attempts: Attempt[] };

  /**
   * A hash of every table's rows (by table) but login_attempts, and login_attempts' rows. Given
   * the fingerprint before a request, the tables are hashed again only if a statement has written
   * to one since (the count of writes moved): a refusal that wrote nothing changed nothing.
   */
  async function fingerprint(db: Db, before?: Fingerprint): Promise<Fingerprint> {
    // Read before the hash: a write after it moves the count past the one kept with the hash.
    const [counted] = await queryRows(
      db,
      sql`select (select last_value::int - (not is_called)::int from hostile_input_writes) as writes,
                 (select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'email', email, 'row', r::text)), '[]')
                  from login_attempts r) as attempts`,
      z.object({ writes: z.number(), attempts: z.array(attemptRow) }),
    );
    const { writes, attempts } = counted!;
    if (before && writes === before.writes) return { writes, tables: before.tables, attempts };
    const parts = tables
      .filter((table) => table.name !== ATTEMPTS)
      .map(({ name, columns }) => {
        const kept = columns.filter((c) => !TOUCHED[name]?.includes(c)).map((c) => sql.identifier(c));
        return sql`${name}::text, (select md5(coalesce(string_agg(r::text, '|' order by r::text), ''))
                                   from (select ${sql.join(kept, sql`, `)} from ${sql.raw(name)}) r)`;
      });
    const [row] = await queryRows(
      db,
      // jsonb_build_object takes at most 100 arguments: 40 tables at a time.
      sql`select ${sql.join(
        Array.from(
          { length: Math.ceil(parts.length / 40) },
          (_, i) => sql`jsonb_build_object(${sql.join(parts.slice(i * 40, i * 40 + 40), sql`, `)})`,
        ),
        sql` || `,
      )} as tables`,
      z.object({ tables: z.record(z.string(), z.string()) }),
    );
    return { writes, tables: row!.tables, attempts };
  }

  // Who may call is said once for each route: by a guard, its own or its scope's (decision
  // 0064), or by `security: noSession`. A route with neither, or both, fails here.
  it("finds a guard on every API route but those that need no session", () => {
    const wrong = routes
      .filter((route) => route.url.startsWith("/api/"))
      .filter((route) => {
        const schema = schemas.get(`${route.method} ${route.url}`) as { security?: unknown } | undefined;
        return (schema?.security === noSession) === (route.guard !== null);
      })
      .map((route) => `${route.method} ${route.url}: ${route.guard ?? "no guard"}`);
    expect(wrong).toEqual([]);
  });

  it("finds the routes and the tables to test", ({ app }) => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: "DELETE", url: "/api/customers/:id", guard: "admin" });
    expect(routes).toContainEqual({ method: "GET", url: "/api/kitchen/orders", guard: "staff" });
    expect(routes).toContainEqual({ method: "POST", url: "/api/my/orders/:id/cancel", guard: "eater" });
    expect(routes).toContainEqual({
      method: "GET",
      url: "/api/my/learners/:learnerId/wallet",
      guard: "learner",
    });
    expect(routes).toContainEqual({ method: "POST", url: "/api/auth/login", guard: null });
    expect(routes).toContainEqual({ method: "GET", url: "/api/admin/bank-credits", guard: "admin" });
    expect(routes).toContainEqual({ method: "GET", url: "/api/admin/data/:table", guard: "staff" });
    expect(routes).toContainEqual({ method: "GET", url: "/api/my/events", guard: "customer" });
    expect(app.hasRoute({ method: "GET", url: "/uploads/*" })).toBe(true);
    expect(routes.every((route) => route.url.startsWith("/"))).toBe(true);
    const names = tables.map((table) => table.name);
    for (const name of ["public.canteen_settings", "public.idempotency_keys", "public.email_outbox"]) {
      expect(names).toContain(name);
    }
    expect(names).toContain("public.order_status_changes");
    expect(names).toContain(ATTEMPTS);
    expect(names.some((name) => name.includes("__drizzle_migrations"))).toBe(true);
    expect(Object.keys(TOUCHED).every((name) => names.includes(name))).toBe(true);
  });

  type Input = { params: string[]; query: Record<string, unknown>; body: unknown; key: string | undefined };

  /**
   * What `who` sends to `route`: generated input (each of the route's own fields plausible or
   * hostile, or wholly hostile input), and, when the guard lets `who` in, two examples with the
   * first and the second plausible choice of every field, so the handler is reached whatever
   * the generator draws.
   */
  function inputsFor(route: Route, who: Who): { input: fc.Arbitrary<Input>; examples: [Input][] } {
    const schema = schemas.get(`${route.method} ${route.url}`) ?? {};
    // A body of several shapes (a learner linked by code, or by number and birth date): its first.
    const bodySchema = jsonSchemaOf(schema.body);
    const body = bodySchema?.properties ?? bodySchema?.anyOf?.[0]?.properties;
    const query = jsonSchemaOf(schema.querystring)?.properties;
    const paramSchemas = jsonSchemaOf(schema.params)?.properties ?? {};
    const params = paramsOf(route);
    const pools: Pools = {
      ids:
        who === "guardian"
          ? [childId, ...itemIds, users.student!.id, orderOf.student!, randomUUID()]
          : [...itemIds, orderOf[who] ?? orderOf.student!, orderOf["academy staff"]!, randomUUID()],
      dates,
      emails: [users.student!.email, users.staff!.email, `neu-${randomUUID().slice(0, 8)}@toets.example`],
      // The right password only in the second example: a password changed costs a full hash,
      // and so does every check of it after that.
      passwords: ["nie-my-wagwoord", "ander wagwoord"],
      names: ["Toets", "Zoë Ndlovu-Smit", "0821234567"],
    };
    const any = <T>(values: T[]) => fc.constantFrom(...values);
    const value = (key: string, s: JsonSchema) =>
      fc.oneof({ weight: 3, arbitrary: plausible(key, s, pools, any) }, hostileValue);
    const text = (key: string, s: JsonSchema) =>
      fc.oneof({ weight: 3, arbitrary: plausible(key, s, pools, any).map(String) }, hostileText);
    const paramSchema = (name: string): JsonSchema =>
      name === "table"
        ? { enum: [...RESOURCE_NAMES] }
        : name === "dayOfWeek"
          ? { enum: [...WEEKDAYS] }
          : (paramSchemas[name] ?? { type: "string" });
    const record = (
      props: Record<string, JsonSchema>,
      of: (k: string, s: JsonSchema) => fc.Arbitrary<unknown>,
    ) => fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, of(k, s)])));
    const input = fc.record({
      params: fc.tuple(...params.map((name) => text(name, paramSchema(name)))),
      query: query ? fc.oneof({ weight: 2, arbitrary: record(query, text) }, hostileQuery) : hostileQuery,
      body: body ? fc.oneof({ weight: 2, arbitrary: record(body, value) }, hostileBody) : hostileBody,
      key: idempotencyKey,
    }) as fc.Arbitrary<Input>;
    if (!passes(who, route.guard)) return { input, examples: [] };
    const examples = [0, 1].map((i): [Input] => {
      const nth = <T>(values: T[]) => fc.constant(values[i % values.length] as T);
      const chosen = { ...pools, passwords: ["nie-my-wagwoord", TEST_PASSWORD] };
      const pick = (key: string, s: JsonSchema) =>
        fc.sample(plausible(key, s, chosen, nth), { numRuns: 1, seed: i })[0];
      const fields = (props: Record<string, JsonSchema> = {}, asText = false) =>
        Object.fromEntries(
          Object.entries(props).map(([k, s]) => [k, asText ? String(pick(k, s)) : pick(k, s)]),
        );
      return [
        {
          params: params.map((name) => String(pick(name, paramSchema(name)))),
          query: fields(query, true),
          body: fields(body),
          key: `fuzz-${who}-${i}-${randomUUID()}`,
        },
      ];
    });
    return { input, examples };
  }

  it(
    "never answers 5xx; refusals are the envelope, in the right order, and change nothing",
    async ({ app, db }) => {
      let requests = 0;
      /** The rows as they are; null when a request may have changed them (it succeeded). */
      let rows: Fingerprint | null = null;
      /** The last fingerprint taken: the tables are hashed again only once a statement wrote. */
      let known: Fingerprint | undefined;
      for (const route of routes) {
        if (STREAMS.includes(route.url)) continue;
        const params = paramsOf(route);
        // Each route starts with the sign-in limits' window empty, so the sign-ins fuzzed before
        // do not lock the password change out before it checks anything.
        await db.execute(sql`delete from login_attempts`);
        rows = null;
        for (const who of Object.keys(cookies) as Who[]) {
          if (route.url === "/api/auth/logout" && who !== "signed out") continue;
          const { input, examples } = inputsFor(route, who);
          const ordering = route.url.startsWith("/api/my/") && passes(who, route.guard);
          await fc.assert(
            fc.asyncProperty(input, async ({ params: values, query, body, key }) => {
              let url = route.url;
              params.forEach((name, i) => {
                url = url.replace(name === "*" ? "*" : `:${name}`, encode(values[i] as string));
              });
              const search = Object.entries(query)
                .map(([k, v]) => `${k}=${encode(String(v))}`)
                .join("&");
              const before = rows ?? (await fingerprint(db, known));
              known = before;
              const cookie = cookies[who];
              // The body is serialised here, as the bytes of JSON whatever the value is: request()
              // would send a hostile string as it is, not as a JSON string.
              const res = await request(app, route.method as "GET", search ? `${url}?${search}` : url, {
                cookie,
                ...(route.method === "GET"
                  ? {}
                  : {
                      body: JSON.stringify(body),
                      headers: {
                        "content-type": "application/json",
                        ...(key === undefined ? {} : { "idempotency-key": key }),
                      },
                    }),
              });
              requests++;
              const where = `${who} ${route.method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
              expect(res.statusCode, where).toBeLessThan(500);
              // Another family's learner (the student) is never found for the guardian: no leak.
              // The learner's place in the path, not any id in it: the student's id given as an
              // order's id under the guardian's own learner is only an unknown order.
              if (
                who === "guardian" &&
                route.url.startsWith("/api/my/learners/:learnerId") &&
                url.startsWith(`/api/my/learners/${encode(users.student!.id)}`)
              ) {
                expect(res.statusCode, where).toBe(404);
              }
              if (res.statusCode < 400) {
                rows = null;
                // A plausible sign-in as someone else ends the caller's session first: the
                // caller gets a new one of their own.
                const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
                if (cookie && session && `${SESSION_COOKIE}=${session.value}` !== cookie) {
                  cookies[who] = await sessionCookieFor(db, users[who]!.id);
                }
                return;
              }
              expect(res.json(), where).toMatchObject({
                success: false,
                message: expect.any(String),
                code: expect.any(String),
              });
              expect(res.headers["x-content-type-options"], where).toBe("nosniff");
              // Who may call answers before anything about the input; a path parameter longer
              // than any id matches no route, so the router answers 404 before any guard.
              const routed = !params.some((_, i) => encode(values[i] as string).length > MAX_PARAM_LENGTH);
              if (routed && !passes(who, route.guard)) {
                // A customer on a learner's path is told nothing about the learner: not found.
                const customer = who === "student" || who === "academy staff";
                const refused =
                  who === "signed out" ? 401 : route.guard === "learner" && customer ? 404 : 403;
                expect(res.statusCode, where).toBe(refused);
              }
              const after = await fingerprint(db, before);
              expect(after.tables, where).toEqual(before.tables);
              expect(attemptsChange(before.attempts, after.attempts), where).toBeNull();
              rows = after;
              known = after;
            }),
            { numRuns: (ordering ? 6 : passes(who, route.guard) ? 3 : 2) * RUNS, examples },
          );
        }
      }
      expect(requests).toBeGreaterThan(800);

      // Every /api/my route that takes input was reached past its guard and its validation, by a
      // student and by an academy staff member.
      const missed: string[] = [];
      let ordering = 0;
      for (const route of routes) {
        const schema = schemas.get(`${route.method} ${route.url}`) ?? {};
        const takesInput = paramsOf(route).length > 0 || Boolean(schema.body ?? schema.querystring);
        // The streams never end, so they are left out above (modules/events tests their input).
        if (!route.url.startsWith("/api/my/") || !takesInput || STREAMS.includes(route.url)) continue;
        ordering++;
        // A learner's routes are the guardian's; the rest the customers' who eat.
        const callers =
          route.guard === "learner" ? (["guardian"] as const) : (["student", "academy staff"] as const);
        for (const who of callers) {
          for (const stage of ["guard", "handler"]) {
            const seen = `${stage} ${ROLE_OF[who]} ${route.method} ${route.url}`;
            if (!reached.has(seen)) missed.push(seen);
          }
        }
      }
      expect(missed).toEqual([]);
      // The sign-in, the menu, placing, listing, showing and cancelling orders, the wallet, the profile, the password.
      expect(ordering).toBeGreaterThanOrEqual(9);
      // Each caller was themselves to the end (a refusal changes no session, so also throughout).
      for (const who of ["admin", "staff", "student", "academy staff", "guardian"] as const) {
        const me = await request(app, "GET", "/api/auth/me", { cookie: cookies[who] });
        expect(me.statusCode, who).toBe(200);
        expect(me.json().user.email, who).toBe(users[who]!.email);
      }
    },
    240_000 * RUNS,
  );
});
