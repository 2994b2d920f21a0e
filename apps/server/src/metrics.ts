import client from "prom-client";
import type { Database } from "./db/client";
import { unsentEmails } from "./mail/outbox";

let processRegistry: client.Registry | undefined;

/** prom-client's process metrics (CPU, memory, event loop, GC), collected once per process however many apps it builds. */
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type AppMetrics = {
  /** One answered request: its route's pattern (never the raw URL), method, status and seconds. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** The events module says how to count its open streams; read at each scrape. */
  countEventClients(count: () => number): void;
  /** The Prometheus text of this app's metrics and the process's. */
  scrape(): Promise<{ contentType: string; text: string }>;
};

/**
 * One app's metrics in a registry of its own (docs/decisions/0044-clean-stops-health-and-metrics.md).
 * The database's connections, the outbox and the event streams are read when scraped, not kept up to date.
 */
export function createMetrics(database: Database): AppMetrics {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: "kantien_http_requests_total",
    help: "Answered HTTP requests by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: "kantien_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  let eventClients = () => 0;
  new client.Gauge({
    name: "kantien_event_stream_clients",
    help: "Open Server-Sent Event streams (/api/events and /api/my/events).",
    registers: [registry],
    collect() {
      this.set(eventClients());
    },
  });
  new client.Gauge({
    name: "kantien_db_connections",
    help: "Database connections: total and idle in the pool, and queries waiting for one (PGlite: one connection).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = database.connections();
      this.set({ state: "total" }, total);
      this.set({ state: "idle" }, idle);
      this.set({ state: "waiting" }, waiting);
    },
  });
  new client.Gauge({
    name: "kantien_mail_outbox_unsent",
    help: "Mails in the outbox not sent: pending (waiting for a try) and failed (every try failed).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      // A database that does not answer leaves the gauge out of this scrape instead of failing it.
      const unsent = await unsentEmails(database.db).catch(() => null);
      this.reset();
      if (!unsent) return;
      this.set({ status: "pending" }, unsent.pending);
      this.set({ status: "failed" }, unsent.failed);
    },
  });

  return {
    observeRequest(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    countEventClients(count) {
      eventClients = count;
    },
    async scrape() {
      const merged = client.Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
