import { answers, createdAnswers } from "@kantien/domain/api";
import { message } from "@kantien/domain/messages";
import { reversalAnswer, topUpAnswer } from "@kantien/domain/people";
import { reversalInput, topUpInput } from "@kantien/domain/people-rules";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { AppError, idParams, recordId } from "../../errors";
import { readIdempotencyKey } from "../../idempotency";
import { requireAdmin, requireStaff, signedIn } from "../../plugins/session";
import { reverseMoneyIn } from "./book";
import { topUpByHand } from "./by-hand";

const topUpSchema = { params: idParams, body: topUpInput, response: createdAnswers(topUpAnswer) };
const reverseSchema = { params: idParams, body: reversalInput, response: answers(reversalAnswer) };

/**
 * Money in by hand (decision 0034): staff top a customer's wallet up with cash or card at the
 * counter, admins also by EFT and correction; only admins reverse money that came in, by any
 * channel. The bank statements' routes are in `bank-statements/routes.ts`, in the admins' scope.
 */
export async function moneyInRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  app.post(
    "/customers/:id/top-ups",
    { onRequest: requireStaff, schema: topUpSchema },
    async (request, reply) => {
      // A top-up always carries a key, so a retried submit never pays twice.
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      if (key === null) throw new AppError("idempotency_key_required");
      const data = await topUpByHand(db, {
        customerId: recordId(request.params.id),
        ...request.body,
        key,
        actor: signedIn(request),
        mail: { config },
        now: config.clock(),
      });
      return reply.status(201).send(ok(data));
    },
  );

  app.post(
    "/wallet-transactions/:id/reverse",
    { onRequest: requireAdmin, schema: reverseSchema },
    async (request) =>
      ok(
        await reverseMoneyIn(db, {
          transactionId: request.params.id,
          reason: request.body.reason,
          actorId: signedIn(request).id,
          at: config.clock(),
        }),
        { message: message("top_up_reversed", request.language) },
      ),
  );
}
