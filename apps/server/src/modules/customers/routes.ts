import { type Language, message } from "@kantien/domain/messages";
import { CUSTOMER_TABS } from "@kantien/domain/people";
import { customerInput, topUpInput } from "@kantien/domain/people-rules";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { badRequest, notFound } from "../../errors";
import { readIdempotencyKey } from "../../idempotency";
import { requireAdmin, requireStaff } from "../../plugins/session";
import { PEOPLE_LIST_DEFAULT_LIMIT, PEOPLE_LIST_MAX_LIMIT } from "./people";
import { createCustomer, deleteCustomer, getCustomer, listCustomers, topUp, updateCustomer } from "./service";

/** A people list's query: search, role, tab and the page (people.ts). */
export function peopleListQuery<R extends z.ZodType, T extends readonly ["all", ...string[]]>(
  role: R,
  tabs: T,
) {
  return z.strictObject({
    q: z.string().max(200).optional(),
    role: role.optional(),
    tab: z.enum(tabs).default("all" as T[number]),
    limit: z.coerce.number().int().min(1).max(PEOPLE_LIST_MAX_LIMIT).default(PEOPLE_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  });
}

const listQuery = peopleListQuery(
  z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  CUSTOMER_TABS,
);
/** An id that is no UUID is simply not found (checked in the handler, so it answers 404). */
export const personParams = z.object({ id: z.string().max(100) });
const uuid = z.uuid();
export function personId(id: string): string {
  if (!uuid.safeParse(id).success) throw notFound();
  return id;
}

/** The answer to a removal (decision 0010): whether the person was anonymised, and saying so. */
export function removedAnswer({ anonymised }: { anonymised: boolean }, language: Language) {
  return {
    success: true,
    anonymised,
    message: message(anonymised ? "person_anonymised" : "person_deleted", language),
  };
}

const customerBody = z.strictObject(customerInput.shape);
const topUpBody = z.strictObject(topUpInput.shape);

/**
 * Customers (/users, roles 1–2): staff and admin read, add and edit; only admin removes
 * and tops up (issue 5). Other roles never reach this: requireStaff.
 */
export async function customersRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  app.get("/customers", { preHandler: requireStaff, schema: { querystring: listQuery } }, async (request) => {
    const { rows, total } = await listCustomers(db, request.query);
    return { success: true, data: rows, total };
  });

  app.get(
    "/customers/:id",
    { preHandler: requireStaff, schema: { params: personParams } },
    async (request) => ({
      success: true,
      data: await getCustomer(db, personId(request.params.id), config.timeZone),
    }),
  );

  app.post(
    "/customers",
    { preHandler: requireStaff, schema: { body: customerBody } },
    async (request, reply) => {
      const data = await createCustomer(db, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.put(
    "/customers/:id",
    { preHandler: requireStaff, schema: { params: personParams, body: customerBody } },
    async (request) => ({
      success: true,
      data: await updateCustomer(db, personId(request.params.id), request.body),
    }),
  );

  app.delete(
    "/customers/:id",
    { preHandler: requireAdmin, schema: { params: personParams } },
    async (request) => removedAnswer(await deleteCustomer(db, personId(request.params.id)), request.language),
  );

  app.post(
    "/customers/:id/top-ups",
    { preHandler: requireAdmin, schema: { params: personParams, body: topUpBody } },
    async (request, reply) => {
      // A top-up always carries a key, so a retried submit never pays twice.
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      if (key === null) throw badRequest("idempotency_key_required");
      const data = await topUp(db, {
        customerId: personId(request.params.id),
        amount: request.body.amount,
        reason: request.body.reason,
        key,
        actorId: request.user!.id,
      });
      return reply.status(201).send({ success: true, data });
    },
  );
}
