import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCall = { path: string; headers: IncomingMessage["headers"]; body: string };

/**
 * A local stand-in for PayFast's and Yoco's sites, as their documentation describes them:
 * PayFast's validate call (`POST /eng/query/validate`, answered `VALID` or what `validateAnswer`
 * says) and Yoco's checkout API (`POST /api/checkouts`, one checkout per Idempotency-Key; `GET
 * /api/checkouts/:id` answers what `checkoutStates` holds for it).
 * Every call is kept in `calls`; `yocoDown` makes the checkout API answer 503.
 */
export async function startFakeProviders() {
  const calls: FakeCall[] = [];
  const checkouts = new Map<string, { id: string; redirectUrl: string }>();
  const state = {
    validateAnswer: "VALID",
    yocoDown: false,
    /** What `GET /api/checkouts/:id` answers for a checkout: its resource as Yoco's API models it. */
    checkoutStates: new Map<string, unknown>(),
  };
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = request.url ?? "";
      calls.push({ path, headers: request.headers, body });
      if (request.method === "POST" && path === "/eng/query/validate") {
        response.writeHead(200, { "content-type": "text/plain" }).end(state.validateAnswer);
        return;
      }
      if (request.method === "POST" && path === "/api/checkouts") {
        if (state.yocoDown) {
          response.writeHead(503).end();
          return;
        }
        const key = String(request.headers["idempotency-key"] ?? "");
        let checkout = checkouts.get(key);
        if (!checkout) {
          const id = `ch_${checkouts.size + 1}${"x".repeat(20)}`;
          checkout = { id, redirectUrl: `https://c.yoco.com/checkout/${id}` };
          if (key) checkouts.set(key, checkout);
        }
        const { amount, currency, metadata } = JSON.parse(body) as Record<string, unknown>;
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            ...checkout,
            status: "created",
            amount,
            currency,
            metadata,
            processingMode: "test",
          }),
        );
        return;
      }
      const checkout = /^\/api\/checkouts\/([^/]+)$/.exec(path);
      if (request.method === "GET" && checkout) {
        const answer = state.checkoutStates.get(decodeURIComponent(checkout[1] ?? ""));
        if (answer === undefined) response.writeHead(404).end();
        else response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
