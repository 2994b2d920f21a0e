import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from "fastify";
import type { App } from "../app";

export type RequestOptions = {
  /** The Cookie header, e.g. from `signIn`; none when absent. */
  cookie?: string | undefined;
  /**
   * A string or Buffer goes as is, with no content type of its own (set one in `headers`):
   * broken JSON, other types, multipart. Anything else goes as JSON with its content type.
   */
  body?: unknown;
  /** Added last: they win over the cookie and the JSON content type. */
  headers?: InjectOptions["headers"];
  /** The caller's address, for the per-address limits; 127.0.0.1 when absent. */
  remoteAddress?: string | undefined;
};

/**
 * The one way API tests send a request: `app.inject` with the cookie, the body and the
 * headers set here, so no test file builds its own headers or JSON. Tests write sessions and
 * users straight into the database: the app has heard of those writes before it is asked.
 */
export async function request(
  app: App,
  method: HTTPMethods,
  url: string,
  { cookie, body, headers, remoteAddress }: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  await app.sessionChangesHeard();
  // A notification's work that goes on after its answer (decision 0074) is done before the next request.
  await app.paymentWorkDone();
  const raw = body === undefined || typeof body === "string" || Buffer.isBuffer(body);
  return app.inject({
    method,
    url,
    headers: {
      ...(raw ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: raw ? (body as string | Buffer) : JSON.stringify(body) }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}
