import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { AppError } from "../errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes a form-encoded body (a payment provider's notification, the simulator's page). */
    formBody?: boolean;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Safety baseline: security headers on every answer, and state-changing requests only
 * from our own origin (cookies are SameSite=Lax, this closes the rest of CSRF).
 * A body must be JSON (or multipart for uploads), else 415: a plain form post can't reach
 * us. That check runs at preParsing, after every onRequest hook, so the route's guard
 * (401, 403) answers first; a DELETE without a body needs no content type (decision 0013).
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Pick<Config, "publicUrl" | "port">,
  {
    scriptHashes = [],
    formTargets = [],
  }: {
    scriptHashes?: readonly string[];
    /** Other sites a page may post a form to: PayFast's, for its payment form (docs/decisions/0074). */
    formTargets?: readonly string[];
  } = {},
) {
  const ownOrigins = allowedOrigins(config);
  const csp = contentSecurityPolicy(scriptHashes, formTargets);

  app.addHook("onRequest", async (request, reply) => {
    setSecurityHeaders(reply, csp);
    if (!UNSAFE_METHODS.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") throw new AppError("forbidden_origin");
    const origin = request.headers.origin;
    if (origin && !ownOrigins.has(origin)) throw new AppError("forbidden_origin");
  });

  app.addHook("preParsing", async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.method === "DELETE" && !hasBody(request)) return;
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    // A payment provider's notification comes form-encoded (PayFast's), as does the simulator's page.
    if (type === "application/x-www-form-urlencoded" && request.routeOptions.config.formBody) return;
    if (type !== "application/json" && type !== "multipart/form-data") {
      throw new AppError("unsupported_media_type");
    }
  });
}

/** As Fastify decides whether to parse a body: a length above 0, or a chunked one. */
function hasBody(request: FastifyRequest): boolean {
  if (request.headers["transfer-encoding"] !== undefined) return true;
  const length = request.headers["content-length"];
  return length !== undefined && length !== "0";
}

/**
 * The CSP sources of a page's inline scripts (`<script>` without `src`): their SHA-256 hashes,
 * so exactly these run and no injected one. The web app's index.html has one, which draws the
 * first screen before the app's scripts arrive.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
  );
}

/**
 * The Content-Security-Policy, allowing inline scripts by their hashes only (`inlineScriptHashes`).
 * 'wasm-unsafe-eval' lets the counter compile its own QR reader (WebAssembly) on browsers that
 * have none. It allows the page's own scripts to compile WebAssembly, and no JavaScript eval;
 * the `.wasm` itself can be fetched from 'self' only (connect-src).
 */
function contentSecurityPolicy(
  scriptHashes: readonly string[] = [],
  formTargets: readonly string[] = [],
): string {
  return `default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src ${["'self'", "'wasm-unsafe-eval'", ...scriptHashes].join(" ")}; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action ${["'self'", ...formTargets].join(" ")}; frame-ancestors 'none'`;
}

const STRICT_CSP = contentSecurityPolicy();

/** The headers every answer carries, errors of the router included; `csp` is made once per app. */
export function setSecurityHeaders(reply: FastifyReply, csp: string = STRICT_CSP) {
  reply.header("X-Content-Type-Options", "nosniff");
  reply.header("Referrer-Policy", "same-origin");
  reply.header("X-Frame-Options", "DENY");
  reply.header("Cross-Origin-Opener-Policy", "same-origin");
  reply.header("Content-Security-Policy", csp);
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origins whose pages may change state: PUBLIC_URL's only. The Host header is never
 * trusted for this (a DNS-rebinding page sends a matching Host and Origin). When
 * PUBLIC_URL is a local address, both local names work, at its port and (plain HTTP) at PORT.
 */
export function allowedOrigins({ publicUrl, port }: Pick<Config, "publicUrl" | "port">): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOCAL_HOSTS.has(url.hostname)) {
    for (const host of ["localhost", "127.0.0.1"]) {
      origins.add(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`).origin);
      // The server itself, reached directly (it serves plain HTTP).
      origins.add(`http://${host}:${port}`);
    }
  }
  return origins;
}
