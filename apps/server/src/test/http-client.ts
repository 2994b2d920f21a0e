import http from "node:http";

/** What came back for one request over a real socket: a whole answer, or the socket's error code. */
export type Outcome =
  | { status: number; connection: string | undefined; body: string }
  | { status: null; error: string };

/**
 * One request over a real socket through `agent` (keep-alive agents reuse a connection), for
 * tests of what a client sees on the wire: `Connection` headers, resets, refusals.
 */
export function send(
  base: string,
  agent: http.Agent,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Outcome> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        );
        res.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ status: null, error: error.code ?? error.message }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: null, error: error.code ?? error.message }),
    );
    req.end(payload);
  });
}

/** An open Server-Sent Events stream: everything it has sent so far, and a promise of its end. */
export function openEventStream(base: string, path: string, cookie: string) {
  let text = "";
  let received: () => void = () => {};
  const firstChunk = new Promise<void>((resolve) => {
    received = resolve;
  });
  const ended = new Promise<{ status: number }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { cookie }, agent: false }, (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          received();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
  return { text: () => text, opened: firstChunk, ended };
}
