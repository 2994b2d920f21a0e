import { answers, createdAnswers, messageAnswer } from "@kantien/domain/api";
import { inviteUserInput } from "@kantien/domain/auth";
import { message } from "@kantien/domain/messages";
import {
  personRemovedAnswer,
  STAFF_TABS,
  staffAnswer,
  staffDetailAnswer,
  staffPageAnswer,
} from "@kantien/domain/people";
import { staffInput } from "@kantien/domain/people-rules";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok, okWith } from "../../envelope";
import { idParams, recordId } from "../../errors";
import { requireAdmin, requireStaff, signedIn } from "../../plugins/session";
import { expectedVersion, tagVersion, versioned, versionedSave } from "../../record-version";
import { peopleListQuery, removedAnswer } from "../people/http";
import { deleteStaff, getStaff, inviteStaff, listStaff, resendInvitation, updateStaff } from "./service";

const listQuery = peopleListQuery(z.coerce.number().pipe(z.union([z.literal(3), z.literal(4)])), STAFF_TABS);
const staffBody = z.strictObject(staffInput.shape);
const inviteBody = z.strictObject(inviteUserInput.shape);

// What each route takes and answers (decision 0016).
const listSchema = { querystring: listQuery, response: answers(staffPageAnswer) };
const detailSchema = { ...versioned, params: idParams, response: answers(staffDetailAnswer) };
const updateSchema = { ...versionedSave, params: idParams, body: staffBody, response: answers(staffAnswer) };
const removeSchema = { params: idParams, response: answers(personRemovedAnswer) };
const invitationSchema = { params: idParams, response: answers(messageAnswer) };
const inviteSchema = { body: inviteBody, response: createdAnswers(messageAnswer) };

/**
 * Staff (/staff, roles 3–4): staff may read, only admin changes (decision 0011). New staff are
 * invited with POST /api/auth/invite-user and set their password from the mailed link.
 */
export async function staffRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  app.post("/auth/invite-user", { onRequest: requireAdmin, schema: inviteSchema }, async (request, reply) => {
    await inviteStaff(db, request.body, { config, log: request.log });
    return reply.status(201).send(okWith({ message: message("invite_success", request.language) }));
  });

  app.get("/staff-members", { onRequest: requireStaff, schema: listSchema }, async (request) => {
    const { rows, total } = await listStaff(db, request.query);
    return ok(rows, { total });
  });

  app.get("/staff-members/:id", { onRequest: requireStaff, schema: detailSchema }, async (request, reply) => {
    const member = await getStaff(db, recordId(request.params.id));
    tagVersion(reply, member.version);
    return ok(member);
  });

  // An edit from a version another edit replaced is refused as stale (decision 0057).
  app.put("/staff-members/:id", { onRequest: requireAdmin, schema: updateSchema }, async (request, reply) => {
    const id = recordId(request.params.id);
    const member = await updateStaff(db, signedIn(request).id, id, request.body, expectedVersion(request));
    tagVersion(reply, member.version);
    return ok(member);
  });

  app.delete("/staff-members/:id", { onRequest: requireAdmin, schema: removeSchema }, async (request) =>
    removedAnswer(await deleteStaff(db, signedIn(request).id, recordId(request.params.id)), request.language),
  );

  app.post(
    "/staff-members/:id/invitation",
    { onRequest: requireAdmin, schema: invitationSchema },
    async (request) => {
      await resendInvitation(db, recordId(request.params.id), { config, log: request.log });
      return okWith({ message: message("invite_success", request.language) });
    },
  );
}
