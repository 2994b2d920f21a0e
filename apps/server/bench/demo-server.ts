import fs from "node:fs";
import { todayIn } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app";
import { type Db, openPglite } from "../src/db/client";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../src/db/seed/demo";
import { SESSION_COOKIE } from "../src/plugins/session";
import { testConfig } from "../src/test/test-app";

export type DemoServer = {
  base: string;
  /** Cookie headers of the demo student (the ordering app) and the demo cook (the kitchen). */
  cookies: { customer: string; cook: string };
  /** Paths of the scripts the server has sent, in order; empty it before a visit. */
  servedScripts: string[];
  /** Grows today's kitchen to `count` orders (a busy day for the board). */
  growToday(count: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * The built web app on the real server with the demo data, as `npm start` serves it
 * on a fresh PGlite; the student and the cook sign in through the API as their apps do.
 */
export async function startDemoServer(webDist: string): Promise<DemoServer> {
  const config = testConfig();
  const database = await openPglite(null);
  await seedDemo(database.db, config.timeZone, config.clock());
  const app = await buildApp({ config, database, webDist });
  const servedScripts: string[] = [];
  // What left the server, whoever asked: the page, or a service worker precaching.
  app.addHook("onRequest", async (request) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (request.method === "GET" && pathname.endsWith(".js")) servedScripts.push(pathname);
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const account = (roleId: number) => DEMO_ACCOUNTS.find((a) => a.roleId === roleId)!.email;
  const cookies = {
    customer: await signIn(`${base}/api/my/auth/login`, account(1)),
    cook: await signIn(`${base}/api/auth/login`, account(3)),
  };
  return {
    base,
    cookies,
    servedScripts,
    growToday: (count) => growToday(database.db, todayIn(config.timeZone, config.clock()), count),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!token) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return token;
}

/**
 * Adds orders of today's demo dish from the demo customers until today has `count`: placed
 * over the last two hours, a quarter each waiting, in preparation, ready and collected.
 */
async function growToday(db: Db, today: string, count: number) {
  await db.execute(sql`
    insert into orders (user_id, food_item_id, food_item_quantity, food_item_price, status,
                        created_at, updated_at, status_changed_at, delivery_date, order_date)
    select u.id, f.food_item_id, 1 + g % 3, f.food_item_price,
           (array['pending','processing','ready','delivered'])[1 + g % 4]::order_status,
           now() - (g % 120) * interval '1 minute', now(), now() - (g % 20) * interval '1 minute',
           ${today}::date, ${today}::date
    from generate_series(1, ${count}::int - (select count(*)::int from orders where delivery_date = ${today}::date)) g
    join (select row_number() over (order by id) - 1 as n, id, count(*) over () as total
          from users where email like 'klant%') u on u.n = g % u.total
    cross join (select food_item_id, food_item_price from orders where delivery_date = ${today}::date limit 1) f`);
}
