import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";
import { requireStaff } from "../../plugins/session";
import { createOrderEventHub } from "./hub";

/** Proxies close idle connections after a minute or so; a comment line keeps ours busy. */
export const HEARTBEAT_MS = 25_000;

/** Live order changes for the kitchen board and the admin screens (DESIGN §7), as Server-Sent Events. */
export async function eventsRoutes(app: FastifyInstance, { database }: AppDeps) {
  const hub = createOrderEventHub(database);
  const open = new Set<() => void>();

  // Open streams would keep the server from closing; end them first, then stop listening.
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });
  app.addHook("onClose", async () => {
    await hub.close();
  });

  app.get(
    "/events",
    { preHandler: requireStaff, compress: false, exposeHeadRoute: false },
    async (_request, reply) => {
      const res = reply.raw;
      const write = (chunk: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(chunk);
      };
      // Subscribe before taking over the reply, so a database failure still answers the error envelope.
      const unsubscribe = await hub.subscribe((payload) => write(`event: order\ndata: ${payload}\n\n`));
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
      });
      write("retry: 5000\n\n");
      const ping = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(ping);
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      res.on("close", end);
      res.on("error", end);
      // The client may have gone while we subscribed.
      if (res.destroyed) end();
    },
  );
}
