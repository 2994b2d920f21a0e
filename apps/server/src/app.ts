import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { pickLanguage } from "@kantien/domain/language";
import Fastify, { type FastifyServerOptions, type onRouteHookHandler } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "./deps";
import { createMetrics } from "./metrics";
import { authRoutes } from "./modules/auth/routes";
import { canteenRoutes } from "./modules/canteen/routes";
import { counterItemsRoutes } from "./modules/counter-items/routes";
import { counterSalesRoutes } from "./modules/counter-sales/routes";
import { clientResource } from "./modules/customers/data-resource";
import { customersRoutes } from "./modules/customers/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { resourceRegistry } from "./modules/data/resources";
import { dataRoutes } from "./modules/data/routes";
import { orderEventStreams } from "./modules/events/routes";
import {
  actingForLearner,
  learnerGuardiansRoutes,
  learnerImportRoutes,
  learnerRoutes,
  myLearnersRoutes,
} from "./modules/guardians/routes";
import { healthRoutes } from "./modules/health/routes";
import { kitchenRoutes } from "./modules/kitchen/routes";
import { learnerCardsRoutes } from "./modules/learner-cards/routes";
import { foodItemResource, weeklyMenuResource } from "./modules/menus/data-resources";
import { menusRoutes } from "./modules/menus/routes";
import { metricsRoutes } from "./modules/metrics/routes";
import { bankStatementsRoutes } from "./modules/money-in/bank-statements/routes";
import { moneyInRoutes } from "./modules/money-in/routes";
import { myOrderingRoutes, myRoutes } from "./modules/my/routes";
import { paymentsContext, paymentWorkDone } from "./modules/online-payments/context";
import { checkPendingPayments } from "./modules/online-payments/payments";
import { payfastOrigins } from "./modules/online-payments/providers/payfast";
import {
  adminPaymentsRoutes,
  myPaymentRoutes,
  myPaymentStartRoutes,
  paymentNotificationRoutes,
  paymentSettingsRoutes,
} from "./modules/online-payments/routes";
import { orderResource } from "./modules/orders/data-resource";
import { ordersRoutes } from "./modules/orders/routes";
import { roleResource, userResource } from "./modules/people-records/data-resources";
import { reportsRoutes } from "./modules/reports/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { kantienStaffResource } from "./modules/staff/data-resource";
import { staffRoutes } from "./modules/staff/routes";
import { uploadFilesRoutes, uploadsRoutes } from "./modules/uploads/routes";
import { walletResource } from "./modules/wallets/data-resource";
import { weeklyOrdersRoutes } from "./modules/weekly-orders/routes";
import { webFolder } from "./package-folders";
import { registerCompression } from "./plugins/compression";
import { registerErrorHandler, sendError } from "./plugins/error-handler";
import { registerLifecycle } from "./plugins/lifecycle";
import { registerOpenApi } from "./plugins/openapi";
import { inlineScriptHashes, registerSecurity, setSecurityHeaders } from "./plugins/security";
import {
  guardedScope,
  registerSession,
  requireAdmin,
  requireCustomer,
  requireEater,
  requireStaff,
} from "./plugins/session";

export type BuildAppOptions = Pick<AppDeps, "config" | "database"> & {
  logger?: FastifyServerOptions["logger"];
  /** The built SPA to serve on every non-API path; omitted in API tests. */
  webDist?: string | null;
  /** Called with each route as it is registered (the OpenAPI test lists them this way). */
  onRoute?: onRouteHookHandler;
};

/**
 * The generic data API's resources (decisions 0004 and 0014): each defined beside the module
 * that owns its rows, composed here so the data mechanism imports no feature.
 */
export const dataResources = resourceRegistry([
  userResource,
  orderResource,
  foodItemResource,
  weeklyMenuResource,
  walletResource,
  clientResource,
  roleResource,
  kantienStaffResource,
]);

export const JSON_BODY_LIMIT = 1024 * 1024;
/** The longest path parameter the router matches; ids and table names are far shorter. */
export const MAX_PARAM_LENGTH = 100;

export const defaultWebDist = path.join(webFolder, "dist");

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
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // While it stops, a request gets the envelope's 503 from plugins/lifecycle.ts, not Fastify's own body.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    // The router's own refusals skip every hook: they get our headers and envelope here.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(reply);
      const language = pickLanguage(request.headers["accept-language"]);
      // A path parameter too long to be any id names nothing, as an unknown id does.
      return sendError(
        reply,
        error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "not_found" : "bad_request",
        language,
      );
    },
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
  const serveWeb = Boolean(webDist && fs.existsSync(path.join(webDist, "index.html")));
  // Read once: a new build of the web app comes with a restart.
  const scriptHashes = serveWeb
    ? inlineScriptHashes(fs.readFileSync(path.join(webDist as string, "index.html"), "utf8"))
    : [];
  registerSecurity(app, config, { scriptHashes, formTargets: payfastOrigins(config.payments.payfastUrl) });
  // Before the session's look-up: a stopping process asks its database nothing new.
  registerLifecycle(app);
  await app.register(cookie);
  await registerCompression(app);
  registerSession(app, database, config);
  await registerOpenApi(app, { title: config.canteenName });

  const deps: AppDeps = { config, database, metrics: createMetrics(database) };
  app.decorate("paymentWorkDone", () => paymentWorkDone(deps));
  app.decorate("checkPendingPayments", () => checkPendingPayments(paymentsContext(deps)));
  await metricsRoutes(app, deps);
  await app.register(
    async (api) => {
      const orderEvents = orderEventStreams(api, deps);
      // Where the path says who may call, its scope's one guard says it (decision 0064).
      await guardedScope(api, { prefix: "/my", guard: requireCustomer }, async (my) => {
        await myRoutes(my, deps);
        await myPaymentRoutes(my, deps);
        await orderEvents.customerRoutes(my);
        // The menu, orders and wallet: one's own, and a linked learner's for a guardian (decision 0068).
        await guardedScope(my, { guard: requireEater }, async (own) => {
          await myOrderingRoutes(own, deps);
          await myPaymentStartRoutes(own, deps);
        });
        await myLearnersRoutes(my, deps);
        await guardedScope(
          my,
          { prefix: "/learners/:learnerId", guard: actingForLearner(deps.database.db) },
          async (learner) => {
            await myOrderingRoutes(learner, deps);
            await myPaymentStartRoutes(learner, deps);
            await learnerRoutes(learner, deps);
          },
        );
      });
      await guardedScope(api, { prefix: "/kitchen", guard: requireStaff }, (kitchen) =>
        kitchenRoutes(kitchen, deps),
      );
      await guardedScope(api, { prefix: "/counter", guard: requireStaff }, (counter) =>
        counterSalesRoutes(counter, deps),
      );
      await guardedScope(api, { prefix: "/admin", guard: requireAdmin }, async (admin) => {
        await menusRoutes(admin, deps);
        await uploadsRoutes(admin, deps);
        await bankStatementsRoutes(admin, deps);
        await adminPaymentsRoutes(admin, deps);
        await learnerImportRoutes(admin, deps);
      });
      // The data API is for staff; each resource's verbs say which of them (decision 0014).
      await guardedScope(api, { prefix: "/admin/data", guard: requireStaff }, (data) =>
        dataRoutes(data, deps, dataResources),
      );
      await guardedScope(api, { prefix: "/reports", guard: requireAdmin }, (reports) =>
        reportsRoutes(reports, deps),
      );
      // Elsewhere the path does not say who may call: each route names its own guard, or
      // `security: noSession`.
      await healthRoutes(api, deps);
      await authRoutes(api, deps);
      await settingsRoutes(api, deps);
      await canteenRoutes(api, deps);
      await paymentSettingsRoutes(api, deps);
      // The providers' notifications read their bodies raw, in a scope of their own.
      await api.register((notifications) => paymentNotificationRoutes(notifications, deps));
      await weeklyOrdersRoutes(api, deps);
      await orderEvents.staffRoutes(api);
      await customersRoutes(api, deps);
      await learnerGuardiansRoutes(api, deps);
      await counterItemsRoutes(api, deps);
      await learnerCardsRoutes(api, deps);
      await moneyInRoutes(api, deps);
      await staffRoutes(api, deps);
      await ordersRoutes(api, deps);
      await dashboardRoutes(api, deps);
    },
    { prefix: "/api" },
  );
  // Uploaded images live outside /api; their own route answers before the SPA fallback.
  await uploadFilesRoutes(app, deps);

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist as string,
      wildcard: false,
      index: false,
      // A hashed script, style or the QR reader's WebAssembly goes as its build-time .br or .gz
      // (apps/web/vite.config.ts) when the browser takes that encoding; the compression plugin
      // leaves it as it is.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; index.html, the service worker and the manifest always revalidate.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // The ordering app's worker lives in /my/ and controls /my too, its menu's path (decision 0023).
        if (filePath.endsWith(`${path.sep}my${path.sep}sw.js`)) reply.header("Service-Worker-Allowed", "/my");
      },
    });
  }
  // Every path outside /api is the SPA's; unknown API paths get the envelope.
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === "GET" && !request.url.startsWith("/api")) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return sendError(reply, "not_found", request.language);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
