import type { OutgoingHttpHeaders } from "node:http";
import { answers } from "@kantien/domain/api";
import { orderEventsAnswer, orderEventsHeaders, orderEventsQuery } from "@kantien/domain/kitchen";
import { isCustomerRole, isStaffRole } from "@kantien/domain/roles";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { findSession, requireStaff, signedIn } from "../../plugins/session";
import { kitchenRowJson } from "../kitchen/queries";
import { createOrderEventHub } from "./hub";
import { streamStart } from "./replay";
import { resumingStream } from "./resume";

/** What sets one stream apart from another; the mechanics are the same for all. */
type StreamRules = {
  /** Whether a session of this role may keep the stream: checked again at every heartbeat. */
  allows: (roleId: number) => boolean;
  /** Whose orders the stream sends, live and replayed: one customer's, or everyone's (undefined). */
  owner: string | undefined;
};

// Both streams answer the same way (decision 0016); an event stream is never compressed.
const streamRoute = {
  compress: false,
  exposeHeadRoute: false,
  schema: {
    querystring: orderEventsQuery,
    headers: orderEventsHeaders,
    response: answers(orderEventsAnswer),
  },
} as const;

/**
 * Live order changes as Server-Sent Events, from one hub (one LISTEN per process):
 * `GET /api/events`, every order, for the kitchen board and the admin screens (`staffRoutes`);
 * `GET /api/my/events`, the caller's own orders, for the customers' app (`customerRoutes`,
 * registered in the customers' scope, whose guard app.ts adds once, decision 0064).
 * Each order event's SSE id is its sequence number. A client that comes back with
 * `Last-Event-ID` (or `?lastEventId=`) first gets the events it missed, in order, from the
 * kept ones, then `ready`, then live ones; `reload` instead when those are no longer kept
 * (decision 0043). A new connection starts with `ready`, whose id is where it stands.
 * Every heartbeat (a comment line, which also keeps proxies from closing the idle
 * connection) re-checks the stream's session: a stream ends with its session (logout,
 * expiry) or when its user's role may no longer have it. It also ends when the database
 * subscription had a gap, so the client reconnects and catches up from its last id.
 */
export function orderEventStreams(fastify: FastifyInstance, { config, database, metrics }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = createOrderEventHub(database, app.log, (orderId) => kitchenRowJson(database.db, orderId));
  const open = new Set<(retryMs?: number) => void>();
  metrics.countEventClients(() => open.size);

  // Open streams would keep the server from closing; end them first, then stop listening. Each
  // client is told to come back after a second or two (spread, so they do not all come at once),
  // by then to another process (docs/decisions/0044-clean-stops-health-and-metrics.md).
  app.addHook("preClose", async () => {
    for (const end of open) end(1000 + Math.floor(Math.random() * 1000));
  });
  app.addHook("onClose", async () => {
    await hub.close();
  });

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    after: number | undefined,
    { allows, owner }: StreamRules,
  ) {
    const res = reply.raw;
    const tokenHash = request.sessionTokenHash!;
    const write = (chunk: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(chunk);
    };
    let ended = false;
    let end = () => {
      ended = true;
    };
    const events = resumingStream(write, owner);
    // Subscribe, then read the kept events (so none falls between the two), both before taking
    // over the reply, so a database failure still answers the error envelope.
    const unsubscribe = await hub.subscribe(events.live, () => end());
    const start = await streamStart(database.db, after, owner).catch((error: unknown) => {
      unsubscribe();
      throw error;
    });
    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      "x-accel-buffering": "no",
    });
    write("retry: 5000\n\n");
    events.start(start);

    let checking = false;
    const heartbeat = async () => {
      if (checking) return;
      checking = true;
      try {
        const session = await findSession(database.db, config, tokenHash, config.clock());
        if (!session || !allows(session.roleId)) return end();
        write(": ping\n\n");
      } catch (error) {
        // The database did not answer: keep the stream, the next heartbeat checks again.
        request.log.warn({ err: error }, "event stream: the session check failed");
        write(": ping\n\n");
      } finally {
        checking = false;
      }
    };
    const ping = setInterval(() => void heartbeat(), config.eventsHeartbeatMs);
    end = (retryMs?: number) => {
      if (!open.delete(end)) return;
      clearInterval(ping);
      unsubscribe();
      if (retryMs !== undefined) write(`retry: ${retryMs}\n\n`);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    res.on("close", () => end());
    res.on("error", () => end());
    // The client may have gone, or the subscription had a gap, while we subscribed.
    if (res.destroyed || ended) end();
  }

  return {
    staffRoutes: async (scope: FastifyInstance) => {
      scope
        .withTypeProvider<ZodTypeProvider>()
        .get("/events", { ...streamRoute, onRequest: requireStaff }, (request, reply) =>
          stream(request, reply, resumeFrom(request), { allows: isStaffRole, owner: undefined }),
        );
    },
    customerRoutes: async (my: FastifyInstance) => {
      my.withTypeProvider<ZodTypeProvider>().get("/events", streamRoute, (request, reply) =>
        stream(request, reply, resumeFrom(request), { allows: isCustomerRole, owner: signedIn(request).id }),
      );
    },
  };
}

/** The id to resume after: the header (the browser's own reconnect) before the query (a new `EventSource`). */
function resumeFrom(request: {
  headers: { "last-event-id"?: string };
  query: { lastEventId?: string };
}): number | undefined {
  const id = request.headers["last-event-id"] ?? request.query.lastEventId;
  return id === undefined ? undefined : Number(id);
}
