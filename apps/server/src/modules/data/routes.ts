import {
  DATA_LIST_DEFAULT_LIMIT,
  DATA_LIST_MAX_LIMIT,
  dataPageAnswer,
  dataRowAnswer,
  dataRowRemovedAnswer,
} from "@kantien/domain/admin-data";
import { answers, createdAnswers } from "@kantien/domain/api";
import { isAdminRole } from "@kantien/domain/roles";
import { text } from "@kantien/domain/text";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canteenToday } from "../../config";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { AppError, forbidden, notFound } from "../../errors";
import { signedIn } from "../../plugins/session";
import { parseBody } from "./body";
import { createRow, deleteRow, getRow, listRows, updateRow } from "./queries";
import type { Resource, ResourceRegistry, Verb, Writer } from "./resources";

const tableParams = z.object({ table: z.string().max(100) });
const rowParams = z.object({ table: z.string().max(100), id: z.string().max(100) });
const body = z.record(z.string(), z.unknown());
const listQuery = z
  .object({
    q: text().max(200).optional(),
    sort: text().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(DATA_LIST_MAX_LIMIT).default(DATA_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .catchall(z.union([text().max(200), z.array(text().max(200)).max(100)]));

// What each route takes and answers (decision 0016): rows are records of the resource's readable columns.
const listSchema = { params: tableParams, querystring: listQuery, response: answers(dataPageAnswer) };
const getSchema = { params: rowParams, response: answers(dataRowAnswer) };
const createSchema = { params: tableParams, body, response: createdAnswers(dataRowAnswer) };
const updateSchema = { params: rowParams, body, response: answers(dataRowAnswer) };
const deleteSchema = { params: rowParams, response: answers(dataRowRemovedAnswer) };

const COLLECTION_VERBS: [Verb, string][] = [
  ["list", "GET"],
  ["create", "POST"],
];
const ROW_VERBS: [Verb, string][] = [
  ["get", "GET"],
  ["update", "PUT"],
  ["delete", "DELETE"],
];

/** The resource behind `:table` if the caller (already staff) may use `verb` on it. */
function authorize(
  registry: ResourceRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
  table: string,
  verb: Verb,
): Resource {
  const resource = registry.get(table);
  if (!resource) throw new AppError("unknown_table");
  const who = resource.access[verb];
  if (!who) {
    const verbs = verb === "list" || verb === "create" ? COLLECTION_VERBS : ROW_VERBS;
    reply.header("Allow", verbs.flatMap(([v, method]) => (resource.access[v] ? [method] : [])).join(", "));
    throw new AppError("method_not_allowed");
  }
  if (who === "admin" && !isAdminRole(signedIn(request).roleId)) throw forbidden();
  return resource;
}

/**
 * `authorize` as the route's onRequest hook, after its scope's staff guard: who may use the verb
 * answers before the body is parsed or checked (decision 0013). Params are raw strings here.
 */
const allow =
  (registry: ResourceRegistry, verb: Verb) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    authorize(registry, request, reply, (request.params as { table: string }).table, verb);
  };

/** A key that cannot be a row of the resource is simply not found. */
function rowId(resource: Resource, id: string): string | number {
  const parsed = resource.idSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * The generic data API (decisions 0004 and 0014), /api/admin/data/*: list, get and authorisation
 * over the resources the app composes; each resource's writes go through the module that owns its
 * rows. Its scope lets staff through (decision 0064); each verb's `allow` says which of them.
 */
export async function dataRoutes(
  fastify: FastifyInstance,
  { config, database }: AppDeps,
  registry: ResourceRegistry,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  /** The signed-in user, today where the canteen is (weekly-menu dates), and their language. */
  const writerOf = (request: FastifyRequest): Writer => ({
    actor: { id: signedIn(request).id, roleId: signedIn(request).roleId },
    today: canteenToday(config),
    clock: config.clock,
    language: request.language,
  });

  app.get("/:table", { onRequest: allow(registry, "list"), schema: listSchema }, async (request, reply) => {
    const resource = authorize(registry, request, reply, request.params.table, "list");
    const { q, sort, limit, offset, ...filters } = request.query;
    const { rows, total } = await listRows(db, resource, { filters, q, sort, limit, offset });
    return ok(rows, { total });
  });

  app.get("/:table/:id", { onRequest: allow(registry, "get"), schema: getSchema }, async (request, reply) => {
    const resource = authorize(registry, request, reply, request.params.table, "get");
    return ok(await getRow(db, resource, rowId(resource, request.params.id)));
  });

  app.post(
    "/:table",
    { onRequest: allow(registry, "create"), schema: createSchema },
    async (request, reply) => {
      const resource = authorize(registry, request, reply, request.params.table, "create");
      const input = parseBody(request, resource, resource.createInput, "create", request.body);
      const row = await createRow(db, resource, input, writerOf(request));
      return reply.status(201).send(ok(row));
    },
  );

  app.put(
    "/:table/:id",
    { onRequest: allow(registry, "update"), schema: updateSchema },
    async (request, reply) => {
      const resource = authorize(registry, request, reply, request.params.table, "update");
      const id = rowId(resource, request.params.id);
      const input = parseBody(request, resource, resource.updateInput, "update", request.body);
      const row = await updateRow(db, resource, id, input, writerOf(request));
      return ok(row);
    },
  );

  app.delete(
    "/:table/:id",
    { onRequest: allow(registry, "delete"), schema: deleteSchema },
    async (request, reply) => {
      const resource = authorize(registry, request, reply, request.params.table, "delete");
      const { row, extra } = await deleteRow(
        db,
        resource,
        rowId(resource, request.params.id),
        writerOf(request),
      );
      return ok(row, extra);
    },
  );
}
