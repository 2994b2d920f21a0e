import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyServerOptions, type onRouteHookHandler } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { authRoutes } from "./modules/auth/routes";
import { customersRoutes } from "./modules/customers/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { dataRoutes } from "./modules/data/routes";
import { eventsRoutes } from "./modules/events/routes";
import { healthRoutes } from "./modules/health/routes";
import { kitchenRoutes } from "./modules/kitchen/routes";
import { menusRoutes } from "./modules/menus/routes";
import { ordersRoutes } from "./modules/orders/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { staffRoutes } from "./modules/staff/routes";
import { uploadFilesRoutes, uploadsRoutes } from "./modules/uploads/routes";
import { weeklyOrdersRoutes } from "./modules/weekly-orders/routes";
import { registerErrorHandler, sendError } from "./plugins/error-handler";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurity } from "./plugins/security";
import { registerSession } from "./plugins/session";

export type AppDeps = { config: Config; database: Database };

export type BuildAppOptions = AppDeps & {
  logger?: FastifyServerOptions["logger"];
  /** The built SPA to serve on every non-API path; omitted in API tests. */
  webDist?: string | null;
  /** Called with each route as it is registered (the OpenAPI test lists them this way). */
  onRoute?: onRouteHookHandler;
};

export const JSON_BODY_LIMIT = 1024 * 1024;

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/** Builds the whole server as one Fastify instance; main.ts and the tests share it. */
export async function buildApp({
  config,
  database,
  logger = false,
  webDist = null,
  onRoute,
}: BuildAppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body is refused with 415 like any other type.
  app.removeContentTypeParser("text/plain");
  // Clients send their JSON content type with a DELETE too, which has no body to parse.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" && request.method === "DELETE") return done(null, undefined);
    parseJson(request, body as string, done);
  });

  registerErrorHandler(app);
  registerSecurity(app, config);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  registerSession(app, database.db, config);
  await registerOpenApi(app, { title: config.canteenName });

  const deps: AppDeps = { config, database };
  await app.register(
    async (api) => {
      await healthRoutes(api, deps);
      await authRoutes(api, deps);
      await settingsRoutes(api, deps);
      await dataRoutes(api, deps);
      await kitchenRoutes(api, deps);
      await menusRoutes(api, deps);
      await weeklyOrdersRoutes(api, deps);
      await eventsRoutes(api, deps);
      await uploadsRoutes(api, deps);
      await customersRoutes(api, deps);
      await staffRoutes(api, deps);
      await ordersRoutes(api, deps);
      await dashboardRoutes(api, deps);
    },
    { prefix: "/api" },
  );
  // Uploaded images live outside /api; their own route answers before the SPA fallback.
  await uploadFilesRoutes(app, deps);

  const serveWeb = Boolean(webDist && fs.existsSync(path.join(webDist, "index.html")));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist as string,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; index.html always revalidates.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  // Every path outside /api is the SPA's (DESIGN §1); unknown API paths get the envelope.
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === "GET" && !request.url.startsWith("/api")) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return sendError(reply, 404, "not_found", request.language);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
