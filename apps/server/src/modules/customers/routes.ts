import { answers, createdAnswers } from "@kantien/domain/api";
import { signupAnswer, signupInput } from "@kantien/domain/auth";
import {
  customerAllergiesAnswer,
  customerAllergiesInput,
  customerAllergiesSavedAnswer,
} from "@kantien/domain/dietary-profile";
import { message } from "@kantien/domain/messages";
import {
  CUSTOMER_TABS,
  customerAnswer,
  customerDetailAnswer,
  customersPageAnswer,
  personRemovedAnswer,
  reversalAnswer,
  topUpAnswer,
} from "@kantien/domain/people";
import { customerInput, reversalInput, topUpInput } from "@kantien/domain/people-rules";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok, okWith } from "../../envelope";
import { AppError, idParams, recordId } from "../../errors";
import { readIdempotencyKey } from "../../idempotency";
import { noSession } from "../../plugins/openapi";
import { requireAdmin, requireStaff, signedIn } from "../../plugins/session";
import { expectedVersion, tagVersion, versioned, versionedSave } from "../../record-version";
import { toPublicUser } from "../auth/accounts";
import { peopleListQuery, removedAnswer } from "../people/http";
import {
  changeCustomerAllergies,
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  openCustomerAllergies,
  reverseTopUp,
  signUpCustomer,
  topUp,
  updateCustomer,
} from "./service";

const listQuery = peopleListQuery(
  z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  CUSTOMER_TABS,
);
const customerBody = z.strictObject(customerInput.shape);
/* Refuses unknown keys, so no one can slip in fields the form does not have. */
const signupBody = z.strictObject(signupInput.shape);

// What each route takes and answers (decision 0016).
const listSchema = { querystring: listQuery, response: answers(customersPageAnswer) };
const detailSchema = { ...versioned, params: idParams, response: answers(customerDetailAnswer) };
const createSchema = { body: customerBody, response: createdAnswers(customerAnswer) };
const updateSchema = {
  ...versionedSave,
  params: idParams,
  body: customerBody,
  response: answers(customerAnswer),
};
const removeSchema = { params: idParams, response: answers(personRemovedAnswer) };
const topUpSchema = { params: idParams, body: topUpInput, response: createdAnswers(topUpAnswer) };
const reverseSchema = { params: idParams, body: reversalInput, response: answers(reversalAnswer) };
const allergiesSchema = { ...versioned, params: idParams, response: answers(customerAllergiesAnswer) };
const saveAllergiesSchema = {
  ...versionedSave,
  params: idParams,
  body: customerAllergiesInput,
  response: answers(customerAllergiesSavedAnswer),
};
const signupSchema = { security: noSession, body: signupBody, response: createdAnswers(signupAnswer) };

/**
 * Customers (/users, roles 1–2): staff and admin read, add and edit; only admin removes
 * (decision 0011). Staff top up with cash or card at the counter, admins also by EFT and
 * correction, and only admins reverse a top-up (decision 0034). Other roles never reach this:
 * requireStaff. A customer may also sign up on their own (POST /api/auth/signup, no session).
 */
export async function customersRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  app.post("/auth/signup", { schema: signupSchema }, async (request, reply) => {
    const user = await signUpCustomer(db, request.body, {
      limit: config.signupLimit,
      mail: { config, log: request.log },
      ip: request.ip,
      language: request.language,
    });
    return reply.status(201).send(
      okWith({
        message: message("signup_success", request.language),
        user: toPublicUser(user, config.canteenName),
      }),
    );
  });

  app.get("/customers", { onRequest: requireStaff, schema: listSchema }, async (request) => {
    const { rows, total } = await listCustomers(db, request.query);
    return ok(rows, { total });
  });

  app.get("/customers/:id", { onRequest: requireStaff, schema: detailSchema }, async (request, reply) => {
    const customer = await getCustomer(db, recordId(request.params.id));
    tagVersion(reply, customer.version);
    return ok(customer);
  });

  app.post("/customers", { onRequest: requireStaff, schema: createSchema }, async (request, reply) => {
    const data = await createCustomer(db, request.body);
    return reply.status(201).send(ok(data));
  });

  // An edit from a version another edit replaced is refused as stale (decision 0057).
  app.put("/customers/:id", { onRequest: requireStaff, schema: updateSchema }, async (request, reply) => {
    const customer = await updateCustomer(
      db,
      recordId(request.params.id),
      request.body,
      expectedVersion(request),
    );
    tagVersion(reply, customer.version);
    return ok(customer);
  });

  app.delete("/customers/:id", { onRequest: requireAdmin, schema: removeSchema }, async (request) =>
    removedAnswer(await deleteCustomer(db, recordId(request.params.id)), request.language),
  );

  // A customer's allergies are health information: admins only, never cooks, each call logged (decision 0041).
  app.get(
    "/customers/:id/allergies",
    { onRequest: requireAdmin, schema: allergiesSchema },
    async (request, reply) => {
      const allergies = await openCustomerAllergies(db, {
        customerId: recordId(request.params.id),
        adminId: signedIn(request).id,
        now: config.clock(),
      });
      tagVersion(reply, allergies.version);
      return ok(allergies);
    },
  );

  // The person's version: changed meanwhile (their profile, another admin), refused as stale (decision 0057).
  app.put(
    "/customers/:id/allergies",
    { onRequest: requireAdmin, schema: saveAllergiesSchema },
    async (request, reply) => {
      const allergies = await changeCustomerAllergies(db, {
        customerId: recordId(request.params.id),
        adminId: signedIn(request).id,
        changes: request.body,
        now: config.clock(),
        expected: expectedVersion(request),
      });
      tagVersion(reply, allergies.version);
      return ok(allergies, { message: message("customer_allergies_saved", request.language) });
    },
  );

  app.post(
    "/customers/:id/top-ups",
    { onRequest: requireStaff, schema: topUpSchema },
    async (request, reply) => {
      // A top-up always carries a key, so a retried submit never pays twice.
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      if (key === null) throw new AppError("idempotency_key_required");
      const data = await topUp(db, {
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
        await reverseTopUp(db, {
          transactionId: request.params.id,
          reason: request.body.reason,
          actorId: signedIn(request).id,
          now: config.clock(),
        }),
        { message: message("top_up_reversed", request.language) },
      ),
  );
}
