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
} from "@kantien/domain/people";
import { customerInput } from "@kantien/domain/people-rules";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok, okWith } from "../../envelope";
import { idParams, recordId } from "../../errors";
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
  signUpCustomer,
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
 * (decision 0011); their wallets' top-ups are money-in's. Other roles never reach this:
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
    removedAnswer(
      await deleteCustomer(db, signedIn(request).id, recordId(request.params.id)),
      request.language,
    ),
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
}
