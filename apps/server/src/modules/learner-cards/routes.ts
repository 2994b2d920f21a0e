import { answers, createdAnswers, messageAnswer } from "@kantien/domain/api";
import { learnerCardAnswer, learnerCardsAnswer, learnerCardsInput } from "@kantien/domain/learner-cards";
import { message } from "@kantien/domain/messages";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { idParams, recordId } from "../../errors";
import { requireAdmin, signedIn } from "../../plugins/session";
import { blockCard, cardsFor, issueCard } from "./cards";

// Nothing to say but which customer: an empty body, or none.
const issueSchema = {
  params: idParams,
  body: z.strictObject({}).optional(),
  response: createdAnswers(learnerCardAnswer),
};
const blockSchema = { params: idParams, response: answers(messageAnswer) };
const sheetSchema = { body: learnerCardsInput, response: answers(learnerCardsAnswer) };

/**
 * Learners' cards (decision 0072), admins only: a customer's card issued or replaced, or blocked
 * when lost; and the cards of a class or of some customers for the printed sheet.
 */
export async function learnerCardsRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const actor = (request: Parameters<typeof signedIn>[0]) => ({
    by: signedIn(request).id,
    at: config.clock(),
  });

  api.post(
    "/customers/:id/card",
    { onRequest: requireAdmin, schema: issueSchema },
    async (request, reply) => {
      const card = await issueCard(db, { learnerId: recordId(request.params.id), ...actor(request) });
      return reply
        .status(201)
        .send(ok(card, { message: message("learner_card_issued", request.language, { name: card.name }) }));
    },
  );

  api.delete("/customers/:id/card", { onRequest: requireAdmin, schema: blockSchema }, async (request) => {
    await blockCard(db, { learnerId: recordId(request.params.id), ...actor(request) });
    return { success: true as const, message: message("learner_card_blocked", request.language) };
  });

  api.post("/admin/learner-cards", { onRequest: requireAdmin, schema: sheetSchema }, async (request) =>
    ok({ cards: await cardsFor(db, { input: request.body, ...actor(request) }) }),
  );
}
