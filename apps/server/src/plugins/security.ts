import type { FastifyInstance } from "fastify";
import { AppError, forbidden } from "../errors";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Safety baseline: security headers on every answer, and state-changing requests only
 * from our own origin (cookies are SameSite=Lax, this closes the rest of CSRF).
 * They carry JSON (or multipart for uploads), else 415: a plain form post can't reach us.
 */
export function registerSecurity(app: FastifyInstance, publicUrl: string) {
  const ownOrigin = new URL(publicUrl).origin;

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header(
      "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    if (!UNSAFE_METHODS.has(request.method)) return;
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json" && type !== "multipart/form-data") {
      throw new AppError(415, "unsupported_media_type");
    }
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") throw forbidden("forbidden_origin");
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin && origin !== requestOrigin(request.headers.host, publicUrl)) {
      throw forbidden("forbidden_origin");
    }
  });
}

/** The origin the browser used to reach us (behind a proxy PUBLIC_URL is the one that counts). */
function requestOrigin(host: string | undefined, publicUrl: string): string | null {
  if (!host) return null;
  return `${new URL(publicUrl).protocol}//${host}`;
}
