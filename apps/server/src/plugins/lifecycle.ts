import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendError } from "./error-handler";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers while the process stops (liveness, metrics); every other route answers 503. */
    answersWhileStopping?: boolean;
  }
}

/** How often the stop looks whether every request in flight has had its answer. */
const SETTLE_POLL_MS = 20;
/** Stop waiting for answers after this long; Fastify's close still waits for them (serve.ts has the deadline). */
const SETTLE_MAX_MS = 8_000;

/**
 * The stop of one process (docs/decisions/0044-clean-stops-health-and-metrics.md). `app.close()`
 * starts it: from then on every new request gets the envelope's 503 (`shutting_down`) and every
 * answer, those of requests already in flight too, says `Connection: close`, so a client learns
 * from an answer, never from a cut socket, that this connection is done. The close waits until no
 * request is left without its answer (event streams apart: they end with a retry hint), closes
 * the connections that never carried a request, and only then lets Fastify stop listening and
 * close the connections left idle.
 */
export function registerLifecycle(app: FastifyInstance) {
  let stopping = false;
  const inFlight = new Set<FastifyReply>();

  // Connections that have not carried a request yet (a browser's preconnect): Node's
  // closeIdleConnections() leaves them, and the close would wait until they time out.
  const unused = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  app.server.on("request", (request: { socket: Socket }) => unused.delete(request.socket));

  app.addHook("onRequest", async (request, reply) => {
    if (stopping) {
      reply.header("connection", "close");
      if (!request.routeOptions.config.answersWhileStopping) {
        return sendError(reply, "shutting_down", request.language);
      }
    }
    inFlight.add(reply);
    reply.raw.once("close", () => inFlight.delete(reply));
  });
  app.addHook("onSend", async (_request, reply) => {
    if (stopping) reply.header("connection", "close");
  });

  app.addHook("preClose", async () => {
    stopping = true;
    if (!app.server.listening) return;
    // A hijacked reply (an event stream) counts as sent: its stream ends in its own preClose.
    const waiting = () => [...inFlight].some((reply) => !reply.sent);
    const started = Date.now();
    // Twice in a row: a client that just had an answer sends its next request at once, and
    // should get a 503 with `Connection: close` rather than a socket closed under it.
    let quiet = 0;
    while (quiet < 2 && Date.now() - started < SETTLE_MAX_MS) {
      quiet = waiting() ? 0 : quiet + 1;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
    for (const socket of unused) socket.destroy();
  });
}
