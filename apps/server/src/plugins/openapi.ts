import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { requireAdmin, SESSION_COOKIE } from "./session";

/**
 * The `security` of a route that needs no session (sign-in, sign-up, the mailed links, health):
 * every other route is described with the session cookie, the document's default.
 */
export const noSession: { session?: string[] }[] = [];

declare module "fastify" {
  interface FastifySchema {
    /** The success answer carries the record's version as `ETag` (record-version.ts, decision 0057). */
    etag?: boolean;
  }
}

/** Puts the `ETag` header on the success answer of a route whose schema says `etag`. */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as (FastifySchema & { response?: Record<string, object> }) | undefined;
  const success = schema?.response?.["200"];
  if ((input.schema as FastifySchema | undefined)?.etag && success) {
    Object.assign(success, {
      headers: {
        ETag: {
          type: "string",
          description: 'The record\'s version ("7"): a save sends it back as If-Match (decision 0057).',
        },
      },
    });
  }
  return out;
}

/**
 * The API describes itself (decision 0016): an OpenAPI 3.1 document built from the
 * route schemas at `GET /api/openapi.json`, and Swagger UI at `/api/docs`, both for admins.
 * Swagger UI's files are served from here, so the page needs no CDN and the app's CSP holds.
 * Registered before the routes, so @fastify/swagger sees every one of them.
 */
export async function registerOpenApi(app: FastifyInstance, { title }: { title: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${title} API`,
        version: "1.0.0",
        description:
          "Answers are `{ success: true, … }` or the error envelope `{ success: false, message, code }` " +
          "in the caller's language. Signing in sets the session cookie; sign-in, sign-up, the email and " +
          "invitation links, /health and /config need none.",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      },
      security: [{ session: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(
    async (docs) => {
      // Every route of this scope, the UI's files included, is for signed-in admins.
      docs.addHook("onRequest", requireAdmin);
      docs.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      await docs.register(swaggerUi, {
        routePrefix: "/docs",
        // The page links its files by absolute path; this scope sits under /api.
        indexPrefix: "/api",
        uiConfig: { deepLinking: true },
        theme: { title: `${title} API` },
      });
    },
    { prefix: "/api" },
  );
}
