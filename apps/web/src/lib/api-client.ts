import { versionTag } from "@kantien/domain/record-version";
import type { z } from "zod";
import { currentLanguage, i18n } from "./i18n";

/** A refused or failed API call; `message` is the server's text when it sent one. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A refusal's field details (`[{field, message}]` on validation errors), as the server sent them. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** No answer at all (offline, server down): status 0. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /** Shown when the server sends no message; defaults to the verb's text ('Kon nie die data laai nie' …). */
  fallbackMessage?: string;
  /** Extra request headers, e.g. `Idempotency-Key` on a payment. */
  headers?: Record<string, string>;
  /**
   * The version of the record the save started from, sent as `If-Match`: a save from a version
   * another save replaced is refused as 409 stale (`staleRecord`, decision 0057).
   */
  version?: number;
};

const FALLBACK_BY_METHOD = {
  GET: "errors.load",
  POST: "errors.add",
  PUT: "errors.update",
  PATCH: "errors.update",
  DELETE: "errors.remove",
} as const satisfies Record<Method, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const fallback = options.fallbackMessage ?? i18n.t(FALLBACK_BY_METHOD[method]);
  const headers: Record<string, string> = {
    ...options.headers,
    ...(options.version === undefined ? {} : { "If-Match": versionTag(options.version) }),
    Accept: "application/json",
    "Accept-Language": currentLanguage(),
  };
  // The server refuses state-changing requests without a JSON body (415), DELETE included; a
  // form (a file) goes as multipart, with the boundary the browser sets.
  const sendsBody = method !== "GET";
  const form = options.body instanceof FormData ? options.body : null;
  if (sendsBody && !form) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: form ?? (sendsBody ? JSON.stringify(options.body ?? {}) : undefined),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, "network_error", fallback);
  }

  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(payload) && payload.success !== false) return payload as T;

  const message = isRecord(payload) && typeof payload.message === "string" && payload.message;
  const code =
    isRecord(payload) && typeof payload.code === "string" ? payload.code : `http_${response.status}`;
  throw new ApiError(
    response.status,
    code,
    message || fallback,
    isRecord(payload) ? payload.details : undefined,
  );
}

/** The one way to call the API; answers are the whole success envelope, typed by the caller. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => request<T>("GET", path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>("POST", path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>("PUT", path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>("PATCH", path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};

/**
 * The record as it now is, when a save was refused because someone else saved it meanwhile
 * (409 stale, decision 0057); null for any other failure.
 */
export function staleRecord<T>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.code !== "stale" || !isRecord(error.details)) return null;
  return (error.details.current as T | undefined) ?? null;
}

/** The `{ success: true, data }` envelope of data endpoints. */
export type DataEnvelope<T> = { success: true; data: T };

/** The wire type of an answer, from the domain's schema of it (`import type` keeps zod out of the bundle). */
export type Answer<Schema extends z.ZodType> = z.output<Schema>;

/** The text to show for any thrown value (the server's message, else the error's own, else the fallback). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
