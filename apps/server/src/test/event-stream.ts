import type { OrderEvent } from "@kantien/domain/kitchen";
import type { TestApp } from "./test-app";

/** One message of an event stream as the client reads it: its id, event name and data. */
export type StreamMessage = { id: number | null; event: string; data: string };

/**
 * An SSE client over a real socket: Node's fetch, reading the body as it streams.
 * `headers` adds request headers (say, `last-event-id`).
 * After an aborted stream, fetch (undici) opens a spare connection that sends no request
 * and holds it for seconds; `server.close()` would wait for it, so the tests drop it.
 */
export async function openStream(
  app: TestApp["app"],
  cookie: string,
  path = "/api/events",
  headers: Record<string, string> = {},
) {
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${address.port}${path}`, {
    headers: { cookie, "accept-encoding": "gzip, br", ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let ended = false;
  /** Every message with an event name, in the order it came (comments and `retry` left out). */
  const messages = (): StreamMessage[] =>
    text
      .split("\n\n")
      .slice(0, -1)
      .flatMap((block) => {
        const fields = new Map(
          block
            .split("\n")
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
        );
        const event = fields.get("event");
        if (event === undefined) return [];
        const id = fields.get("id");
        return [{ id: id === undefined ? null : Number(id), event, data: fields.get("data") ?? "" }];
      });
  return {
    response,
    /** Reads until `done(text)` holds; false if the stream ends or 5 s pass first. */
    async until(done: (text: string) => boolean): Promise<boolean> {
      const deadline = Date.now() + 5000;
      while (!done(text)) {
        if (ended) return false;
        const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), deadline - Date.now()));
        const next = await Promise.race([reader.read().catch(() => ({ done: true, value: "" })), timeout]);
        if (next === "timeout") return false;
        if (next.done) ended = true;
        else text += next.value;
      }
      return true;
    },
    messages,
    events(): OrderEvent[] {
      return messages()
        .filter((m) => m.event === "order")
        .map((m) => JSON.parse(m.data));
    },
    /** The id of the last message that had one: what `EventSource` would send back as `Last-Event-ID`. */
    lastId(): number | null {
      return (
        messages()
          .map((m) => m.id)
          .filter((id) => id !== null)
          .at(-1) ?? null
      );
    },
    /** Whether the server ended the stream (seen by `until`). */
    ended: () => ended,
    close: () => controller.abort(),
  };
}
