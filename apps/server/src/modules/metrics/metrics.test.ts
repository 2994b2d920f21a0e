import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { enqueueEmail } from "../../mail/outbox";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor } from "../../test/fixtures";
import { openEventStream } from "../../test/http-client";
import { request } from "../../test/request";

const TOKEN = "een-lang-geheime-skraper-teken";
const it = appTest({ metricsToken: TOKEN });
const noToken = appTest();

/** The value of one sample of Prometheus text: `name{labels} value`, the given labels among its own. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const own = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async (app: Parameters<typeof request>[0]) => {
  const res = await request(app, "GET", "/metrics");
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe("GET /metrics", () => {
  it("answers Prometheus text with the process's metrics and the app's", async ({ app }) => {
    const res = await request(app, "GET", "/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ["process_cpu_user_seconds_total", "nodejs_eventloop_lag_seconds"]) {
      expect(sample(res.body, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sample(res.body, "kantien_db_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(sample(res.body, "kantien_db_connections", { state: "waiting" })).toBe(0);
  });

  it("counts answers by route pattern, method and status, with their durations, never by raw URL", async ({
    app,
  }) => {
    const live = { route: "/api/health/live", method: "GET", status: "200" };
    const byId = { route: "/api/my/orders/:id", method: "GET", status: "401" };
    const before = await scrape(app);
    await request(app, "GET", "/api/health/live");
    await request(app, "GET", "/api/health/live");
    const id = randomUUID();
    await request(app, "GET", `/api/my/orders/${id}`);
    await request(app, "GET", "/api/nie-hier-nie");
    const after = await scrape(app);

    expect(sample(after, "kantien_http_requests_total", live)).toBe(
      (sample(before, "kantien_http_requests_total", live) ?? 0) + 2,
    );
    expect(sample(after, "kantien_http_request_duration_seconds_count", live)).toBe(
      (sample(before, "kantien_http_request_duration_seconds_count", live) ?? 0) + 2,
    );
    expect(sample(after, "kantien_http_request_duration_seconds_bucket", { ...live, le: "+Inf" })).toBe(
      sample(after, "kantien_http_request_duration_seconds_count", live),
    );
    expect(sample(after, "kantien_http_requests_total", byId)).toBe(
      (sample(before, "kantien_http_requests_total", byId) ?? 0) + 1,
    );
    expect(
      sample(after, "kantien_http_requests_total", { route: "(unmatched)", status: "404" }),
    ).toBeGreaterThan(0);
    expect(after).not.toContain(id);
    expect(after).not.toContain("nie-hier-nie");
  });

  it("counts open event streams and the mails not sent, as they are when scraped", async ({ app, db }) => {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const customer = await createUser(db, { roleId: 1 });
    expect(sample(await scrape(app), "kantien_event_stream_clients")).toBe(0);
    const stream = openEventStream(base, "/api/my/events", await sessionCookieFor(db, customer.id));
    await stream.opened;
    expect(sample(await scrape(app), "kantien_event_stream_clients")).toBe(1);

    const pending = sample(await scrape(app), "kantien_mail_outbox_unsent", { status: "pending" }) ?? -1;
    await enqueueEmail(db, { to: customer.email, subject: "Toets", text: "Hallo" });
    expect(sample(await scrape(app), "kantien_mail_outbox_unsent", { status: "pending" })).toBe(pending + 1);
  });

  it("is for this machine only, or for whoever has METRICS_TOKEN", async ({ app }) => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      request(app, "GET", "/metrics", { remoteAddress, headers });
    for (const local of ["127.0.0.1", "127.0.0.9", "::1", "::ffff:127.0.0.1"]) {
      expect((await from(local)).statusCode, local).toBe(200);
    }
    for (const remote of ["10.0.0.5", "::ffff:10.0.0.5", "2001:db8::1"]) {
      const res = await from(remote);
      expect(res.statusCode, remote).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
    }
    // Through a proxy on this machine the peer is loopback, but the caller may be anyone.
    expect((await from("127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(403);
    expect((await from("127.0.0.1", { forwarded: "for=203.0.113.7" })).statusCode).toBe(403);
    expect((await from("10.0.0.5", { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await from("10.0.0.5", { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
    expect((await from("10.0.0.5", { authorization: TOKEN })).statusCode).toBe(403);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  noToken("lets no other machine in, whatever it sends", async ({ app }) => {
    const res = await request(app, "GET", "/metrics", {
      remoteAddress: "10.0.0.5",
      headers: { authorization: "Bearer undefined" },
    });
    expect(res.statusCode).toBe(403);
  });
});
