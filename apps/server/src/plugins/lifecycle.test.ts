import http from "node:http";
import net from "node:net";
import type { RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { createUser, sessionCookieFor } from "../test/fixtures";
import { openEventStream, send } from "../test/http-client";
import { createTestApp } from "../test/test-app";

/** Holds `GET /api/config` in its handler until released: a request in flight when the stop begins. */
function holdConfig() {
  let arrived: () => void = () => {};
  let release: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const onRoute = (route: RouteOptions) => {
    if (route.url !== "/api/config" || route.method !== "GET") return;
    route.preHandler = async () => {
      arrived();
      await released;
    };
  };
  return { onRoute, reached, release };
}

const keepAlive = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

describe("a stopping process (app.close())", () => {
  it("finishes what is in flight, answers new requests 503 with Connection: close, and ends event streams with a retry hint", async () => {
    const hold = holdConfig();
    const built = await createTestApp({}, undefined, { onRoute: hold.onRoute });
    let closed: Promise<void> | null = null;
    try {
      const base = await built.app.listen({ port: 0, host: "127.0.0.1" });
      const customer = await createUser(built.db, { roleId: 1 });
      const stream = openEventStream(base, "/api/my/events", await sessionCookieFor(built.db, customer.id));
      await stream.opened;

      // A connection that has sent nothing yet, as a browser's preconnect: it must not hold the close.
      const { port } = built.app.server.address() as net.AddressInfo;
      const unused = net.connect(port, "127.0.0.1");
      const unusedClosed = new Promise<void>((resolve) => unused.once("close", () => resolve()));
      await new Promise((resolve) => unused.once("connect", resolve));

      const idle = keepAlive();
      expect(await send(base, idle, "GET", "/api/health/ready")).toMatchObject({ status: 200 });
      const inFlight = send(base, keepAlive(), "GET", "/api/config");
      await hold.reached;
      closed = built.app.close();

      // A connection kept alive from before the stop gets an answer, and is told to close.
      const ready = await send(base, idle, "GET", "/api/health/ready", {
        headers: { "accept-language": "en" },
      });
      expect(ready).toMatchObject({ status: 503, connection: "close" });
      expect(JSON.parse((ready as { body: string }).body)).toEqual({
        success: false,
        code: "shutting_down",
        message: "This server is shutting down. Please try again in a moment.",
      });
      const order = await send(base, keepAlive(), "POST", "/api/my/orders", { body: {} });
      expect(order).toMatchObject({ status: 503, connection: "close" });
      // The process still answers that it lives: a restart would not help it stop.
      const live = await send(base, keepAlive(), "GET", "/api/health/live");
      expect(live).toMatchObject({ status: 200, connection: "close" });

      hold.release();
      const held = await inFlight;
      expect(held).toMatchObject({ status: 200, connection: "close" });
      expect(JSON.parse((held as { body: string }).body)).toMatchObject({ success: true });
      await closed;
      await unusedClosed;

      await stream.ended;
      // The stream's own first line says 5 s; its last, before it ends, says 1 to 2 s.
      expect(stream.text()).toMatch(/^retry: 5000\n\n/);
      expect(stream.text()).toMatch(/retry: 1\d{3}\n\n$/);
    } finally {
      hold.release();
      await closed;
      await built.close();
    }
  });
});
