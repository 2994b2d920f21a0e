import http from "node:http";
import type net from "node:net";
import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../../test/app-test";
import { createFoodItem, createUser, signIn } from "../../test/fixtures";
import { request } from "../../test/request";

const ORDERS = 60_000;

const it = appTest();

describe("orders export", () => {
  let asAdmin: string;
  let base: string;

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    const customer = await createUser(db, { roleId: 1 });
    const item = await createFoodItem(db);
    await db.execute(sql`
      insert into orders (user_id, food_item_id, food_item_quantity, food_item_price, status, created_at, delivery_date, order_date)
      select ${customer.id}, ${item.id}, 1, 45.50, 'delivered', created_at, null,
             (created_at at time zone ${DEFAULT_TIMEZONE})::date
      from (select timestamptz '2030-01-01 08:00+02' + (n * interval '8 minutes') as created_at
            from generate_series(1, ${ORDERS}) n) g`);
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  }, 60_000);

  it("a download that is not read does not hold up other requests, and then arrives whole", async ({
    app,
  }) => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          `${base}/api/orders/export.csv?from=2030-01-01&to=2030-12-31`,
          { headers: { cookie: asAdmin } },
          resolve,
        )
        .on("error", reject),
    );
    expect(response.statusCode).toBe(200);
    response.pause(); // a slow client: nothing is read for now

    // On PGlite every query shares one connection; this list needs it while the export is open.
    const list = request(app, "GET", "/api/orders?from=2030-01-01&to=2030-01-07", { cookie: asAdmin });
    const stalled = new Promise<"stalled">((resolve) => setTimeout(() => resolve("stalled"), 15_000).unref());
    const answer = await Promise.race([list, stalled]);
    expect(answer === "stalled" ? answer : answer.statusCode).toBe(200);

    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.resume();
    await new Promise((resolve) => response.on("end", resolve));
    const lines = Buffer.concat(chunks).toString("utf8").trimEnd().split("\r\n");
    expect(lines).toHaveLength(ORDERS + 1);
  }, 60_000);
});
