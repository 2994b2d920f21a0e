import type { AppDeps } from "../../deps";
import type { PaymentsContext } from "./payments";
import { secretBox } from "./secret-box";

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves once the payments' work in flight is done (the tests wait for it before each request). */
    paymentWorkDone(): Promise<unknown>;
    /** Asks the providers about payments still pending (serve.ts runs it every few minutes). */
    checkPendingPayments(): Promise<void>;
  }
}

const contexts = new WeakMap<AppDeps, PaymentsContext>();

/** The payments' context of an app: one secret box and one set of work in flight per app. */
export function paymentsContext(deps: AppDeps): PaymentsContext {
  let context = contexts.get(deps);
  if (!context) {
    context = {
      db: deps.database.db,
      box: secretBox(deps.config),
      config: deps.config,
      simulatorAllowed: deps.config.payments.simulator ?? false,
      inFlight: new Set(),
    };
    contexts.set(deps, context);
  }
  return context;
}

/** Waits for the payments' work in flight: the notices answered before their work was done. */
export function paymentWorkDone(deps: AppDeps): Promise<unknown> {
  return Promise.allSettled([...paymentsContext(deps).inFlight]);
}
