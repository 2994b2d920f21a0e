import {
  DATA_LIST_DEFAULT_LIMIT,
  DATA_LIST_MAX_LIMIT,
  dataPageAnswer,
  dataRowAnswer,
} from "@kantien/domain/admin-data";
import { answers, createdAnswers } from "@kantien/domain/api";
import { todayIn } from "@kantien/domain/dates";
import { MESSAGES, type MessageCode, message } from "@kantien/domain/messages";
import { isAdminRole } from "@kantien/domain/roles";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { AppError, badRequest, forbidden, notFound, pgConstraint, pgErrorCode } from "../../errors";
import { requireStaff } from "../../plugins/session";
import { createRow, deleteRow, getRow, listRows, updateRow } from "./queries";
import {
  assertWritableColumns,
  findResource,
  type Resource,
  type Row,
  type Verb,
  type Writer,
} from "./resources";

const tableParams = z.object({ table: z.string().max(100) });
const rowParams = z.object({ table: z.string().max(100), id: z.string().max(100) });
const body = z.record(z.string(), z.unknown());
const listQuery = z
  .object({
    q: z.string().max(200).optional(),
    sort: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(DATA_LIST_MAX_LIMIT).default(DATA_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .catchall(z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]));

// What each route takes and answers (decision 0016): rows are records of the resource's readable columns.
const listSchema = { params: tableParams, querystring: listQuery, response: answers(dataPageAnswer) };
const getSchema = { params: rowParams, response: answers(dataRowAnswer) };
const createSchema = { params: tableParams, body, response: createdAnswers(dataRowAnswer) };
const updateSchema = { params: rowParams, body, response: answers(dataRowAnswer) };
const deleteSchema = { params: rowParams, response: answers(dataRowAnswer) };

const COLLECTION_VERBS: [Verb, string][] = [
  ["list", "GET"],
  ["create", "POST"],
];
const ROW_VERBS: [Verb, string][] = [
  ["get", "GET"],
  ["update", "PUT"],
  ["delete", "DELETE"],
];

/** The resource behind `:table` if the caller (already staff) may use `verb` on it: DESIGN §6. */
function authorize(request: FastifyRequest, reply: FastifyReply, table: string, verb: Verb): Resource {
  const resource = findResource(table);
  if (!resource) throw new AppError(404, "unknown_table");
  const who = resource.access[verb];
  if (!who) {
    const verbs = verb === "list" || verb === "create" ? COLLECTION_VERBS : ROW_VERBS;
    reply.header("Allow", verbs.flatMap(([v, method]) => (resource.access[v] ? [method] : [])).join(", "));
    throw new AppError(405, "method_not_allowed");
  }
  if (who === "admin" && !isAdminRole(request.user!.roleId)) throw forbidden();
  return resource;
}

/** A key that cannot be a row of the resource is simply not found. */
function rowId(resource: Resource, id: string): string | number {
  const parsed = resource.idSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * The body as the resource's schema reads it; field messages like the route schemas' (no zod
 * English). On create, the resource's required-field rule answers first with its own message.
 */
export function parseBody(
  request: FastifyRequest,
  resource: Resource,
  schema: z.ZodObject | undefined,
  verb: "create" | "update",
  input: Row = request.body as Row,
): Row {
  if (!schema) throw new AppError(405, "method_not_allowed");
  assertWritableColumns(resource, schema, input);
  const missing = verb === "create" ? resource.required?.(input) : null;
  if (missing) throw badRequest(missing);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: i.path.join("."),
      message: message(
        i.message in MESSAGES ? (i.message as MessageCode) : "invalid_field",
        request.language,
      ),
    }));
    throw badRequest("validation_failed", details);
  }
  return parsed.data as Row;
}

/** Unique keys with a message of their own; a missing referenced row is the body's fault. */
export function writeError(request: FastifyRequest, resource: Resource, error: unknown): unknown {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error);
  const known = constraint ? resource.conflicts?.[constraint] : undefined;
  if (code === "23505" && known) return new AppError(409, known);
  if (code === "23503") {
    return badRequest("validation_failed", [
      { field: constraint, message: message("invalid_field", request.language) },
    ]);
  }
  return error;
}

export async function dataRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  /** The signed-in user, and today where the canteen is (weekly-menu dates). */
  const writerOf = (request: FastifyRequest): Writer => ({
    actor: { id: request.user!.id, roleId: request.user!.roleId },
    today: todayIn(config.timeZone),
  });

  app.get("/admin/data/:table", { preHandler: requireStaff, schema: listSchema }, async (request, reply) => {
    const resource = authorize(request, reply, request.params.table, "list");
    const { q, sort, limit, offset, ...filters } = request.query;
    const { rows, total } = await listRows(db, resource, { filters, q, sort, limit, offset });
    return { success: true as const, data: rows, total };
  });

  app.get(
    "/admin/data/:table/:id",
    { preHandler: requireStaff, schema: getSchema },
    async (request, reply) => {
      const resource = authorize(request, reply, request.params.table, "get");
      return { success: true as const, data: await getRow(db, resource, rowId(resource, request.params.id)) };
    },
  );

  app.post(
    "/admin/data/:table",
    { preHandler: requireStaff, schema: createSchema },
    async (request, reply) => {
      const resource = authorize(request, reply, request.params.table, "create");
      const input = parseBody(request, resource, resource.createInput, "create");
      const row = await createRow(db, resource, input, writerOf(request)).catch((error) => {
        throw writeError(request, resource, error);
      });
      return reply.status(201).send({ success: true as const, data: row });
    },
  );

  app.put(
    "/admin/data/:table/:id",
    { preHandler: requireStaff, schema: updateSchema },
    async (request, reply) => {
      const resource = authorize(request, reply, request.params.table, "update");
      const id = rowId(resource, request.params.id);
      const input = parseBody(request, resource, resource.updateInput, "update");
      const row = await updateRow(db, resource, id, input, writerOf(request)).catch((error) => {
        throw writeError(request, resource, error);
      });
      return { success: true as const, data: row };
    },
  );

  app.delete(
    "/admin/data/:table/:id",
    { preHandler: requireStaff, schema: deleteSchema },
    async (request, reply) => {
      const resource = authorize(request, reply, request.params.table, "delete");
      const row = await deleteRow(db, resource, rowId(resource, request.params.id), writerOf(request));
      return { success: true as const, data: row };
    },
  );
}
