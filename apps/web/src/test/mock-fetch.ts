import { vi } from "vitest";
import { parseFakeAnswer } from "./api-answers";

export type FetchCall = { method: string; url: string; headers: Record<string, string>; body: unknown };
export type Reply = { status?: number; body: unknown };
/** An answer, or a function of the call that gives one (later, when it returns a promise). */
export type Route = Reply | ((call: FetchCall) => Reply | Promise<Reply>);

/** `PUT /api/settings` as the server answers it: the settings sent, stored, and `message`. */
export const savedSettingsReply =
  (message = ""): ((call: FetchCall) => Reply) =>
  (call) => ({
    body: { success: true, settings: (call.body as { settings: unknown }).settings, message },
  });

/**
 * Replaces `fetch` (the browser's, not ours) with a table of `"METHOD /path"` answers;
 * anything else answers 404 in the API's envelope. Every answer is parsed with the route's
 * domain schema first (api-answers.ts), as the server's serializer does. Returns the recorded
 * calls, less those the app cancelled: in StrictMode React mounts a screen twice, and the first
 * mount's query is cancelled and asked again, which the app's user never sees.
 */
export function mockFetch(routes: Record<string, Route>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: FetchCall = {
        method: init.method ?? "GET",
        url: String(input),
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      init.signal?.addEventListener("abort", () => calls.splice(calls.indexOf(call), 1), { once: true });
      const route = routes[`${call.method} ${call.url}`];
      const reply =
        route === undefined
          ? { status: 404, body: { success: false, message: "Nie gevind nie.", code: "not_found" } }
          : typeof route === "function"
            ? await route(call)
            : route;
      const status = reply.status ?? 200;
      return new Response(JSON.stringify(parseFakeAnswer(call.method, call.url, status, reply.body)), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}
