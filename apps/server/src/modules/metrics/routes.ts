import { createHash, timingSafeEqual } from "node:crypto";
import net from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps";
import { sendError } from "../../plugins/error-handler";

const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** The socket's own peer (never X-Forwarded-For) is this machine: IPv4, IPv6, or IPv4 written as IPv6. */
function fromLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return net.isIPv4(v4) ? loopback.check(v4, "ipv4") : net.isIPv6(address) && loopback.check(address, "ipv6");
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Who may read the metrics: a caller on this machine that no proxy forwarded (a proxy on this
 * machine would otherwise pass anyone's request off as local), or one with the bearer token.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && auth?.startsWith("Bearer ")) {
    // Hashes of equal length, so the comparison takes as long whatever was sent.
    if (timingSafeEqual(digest(auth.slice("Bearer ".length)), digest(token))) return true;
  }
  const forwarded =
    request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && fromLoopback(request.raw.socket.remoteAddress);
}

/**
 * `GET /metrics` in Prometheus's text format, and the hook that counts every answer by its
 * route's pattern. Registered on the root before the other routes, so its hook sees them all.
 */
export async function metricsRoutes(app: FastifyInstance, { config, metrics }: AppDeps) {
  app.addHook("onResponse", async (request, reply) => {
    // Unmatched paths share one label: a scan of random URLs must not grow a series per URL.
    const route = request.routeOptions.url ?? "(unmatched)";
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get(
    "/metrics",
    { config: { answersWhileStopping: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!mayScrape(request, config.metricsToken)) return sendError(reply, "forbidden", request.language);
      const { contentType, text } = await metrics.scrape();
      return reply.header("cache-control", "no-store").type(contentType).send(text);
    },
  );
}
