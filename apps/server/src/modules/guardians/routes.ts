import { answers, createdAnswers, messageAnswer } from "@kantien/domain/api";
import { signupInput } from "@kantien/domain/auth";
import { todayIn } from "@kantien/domain/dates";
import {
  guardiansPageAnswer,
  learnerAllergiesAnswer,
  learnerAllergiesInput,
  learnerGuardiansAnswer,
  learnerLeaveInput,
  learnerLeaveOptionsAnswer,
  learnerLeftAnswer,
  learnerLimitsAnswer,
  learnerLimitsInput,
  learnerTransferAnswer,
  learnerTransferInput,
  linkCodeAnswer,
  linkLearnerInput,
  linkLetterAnswer,
  myLearnerLinkedAnswer,
  myLearnersAnswer,
} from "@kantien/domain/guardians";
import type { Language } from "@kantien/domain/language";
import {
  LEARNER_IMPORT_MAX_BYTES,
  learnerImportAnswer,
  learnerImportQuery,
} from "@kantien/domain/learner-import";
import { message } from "@kantien/domain/messages";
import { personRemovedAnswer } from "@kantien/domain/people";
import { isAdminRole } from "@kantien/domain/roles";
import { text } from "@kantien/domain/text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { ok, okWith } from "../../envelope";
import { AppError, idParams, notFound, recordId } from "../../errors";
import { readIdempotencyKey } from "../../idempotency";
import { acceptOneFile, readFileField } from "../../plugins/file-upload";
import { type Guard, requireAdmin, signedIn, subjectOf } from "../../plugins/session";
import { removedAnswer } from "../people/http";
import { isActivelyLinked, PEOPLE_LIST_DEFAULT_LIMIT, PEOPLE_LIST_MAX_LIMIT } from "../people/people";
import { learnerAllergiesOf, saveLearnerAllergies } from "./consent";
import { deleteGuardian, listGuardians } from "./guardian-list";
import { inviteGuardian } from "./invite";
import { importLearners } from "./learner-import";
import { leaveOptions, leaveSchool } from "./leave";
import { getLimits, saveLimits } from "./limits";
import {
  approveLink,
  learnerGuardians,
  linkByCode,
  linkCodeOf,
  linkLetterOf,
  listMyLearners,
  removeLink,
  requestLinkByAcademyNumber,
} from "./links";
import { transferBetweenLearners } from "./transfers";

const guardianParams = z.object({ guardianId: z.string().max(100) });

/** A link that becomes active asks its guardian for any consent a child's allergies still miss. */
const consentAsk = (config: Config) => ({ config, today: todayIn(config.timeZone, config.clock()) });

const invitedMessage = (done: "invite" | "link", email: string, language: Language) =>
  message(done === "invite" ? "guardian_invited" : "guardian_linked_by_email", language, { email });

// What each route takes and answers (decision 0016).
const listSchema = { response: answers(myLearnersAnswer) };
const transferSchema = { body: learnerTransferInput, response: createdAnswers(learnerTransferAnswer) };
const linkSchema = {
  body: linkLearnerInput,
  response: { ...createdAnswers(myLearnerLinkedAnswer), 202: messageAnswer },
};
const allergiesSchema = { response: answers(learnerAllergiesAnswer) };
const saveAllergiesSchema = { body: learnerAllergiesInput, response: answers(learnerAllergiesAnswer) };
const limitsSchema = { response: answers(learnerLimitsAnswer) };
const saveLimitsSchema = { body: learnerLimitsInput, response: answers(learnerLimitsAnswer) };
const guardiansSchema = { response: answers(learnerGuardiansAnswer) };
const changeLinkSchema = {
  params: guardianParams,
  body: z.strictObject({}),
  response: answers(messageAnswer),
};
const removeLinkSchema = { params: guardianParams, response: answers(messageAnswer) };
const inviteInput = z.strictObject({ email: signupInput.shape.email });
const inviteSchema = { body: inviteInput, response: createdAnswers(messageAnswer) };
const customerInviteSchema = { params: idParams, body: inviteInput, response: createdAnswers(messageAnswer) };
const importSchema = { querystring: learnerImportQuery, response: answers(learnerImportAnswer) };
const customerGuardianParams = z.object({ id: z.string().max(100), guardianId: z.string().max(100) });
const customerGuardiansSchema = { params: idParams, response: answers(learnerGuardiansAnswer) };
const changeCustomerLinkSchema = {
  params: customerGuardianParams,
  body: z.strictObject({}),
  response: answers(messageAnswer),
};
const removeCustomerLinkSchema = { params: customerGuardianParams, response: answers(messageAnswer) };
const linkCodeSchema = { params: idParams, response: answers(linkCodeAnswer) };
const linkLetterSchema = { params: idParams, response: answers(linkLetterAnswer) };
const renewLinkCodeSchema = { params: idParams, body: z.strictObject({}), response: answers(linkCodeAnswer) };
const guardiansQuery = z.strictObject({
  q: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_LIST_MAX_LIMIT).default(PEOPLE_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const guardiansListSchema = { querystring: guardiansQuery, response: answers(guardiansPageAnswer) };
const removeGuardianSchema = { params: idParams, response: answers(personRemovedAnswer) };
const leaveOptionsSchema = { params: idParams, response: answers(learnerLeaveOptionsAnswer) };
const leaveSchema = { params: idParams, body: learnerLeaveInput, response: answers(learnerLeftAnswer) };

/**
 * The guard of `/api/my/learners/:learnerId/*`: the caller must be actively linked to the learner,
 * who is then the subject of the ordering routes there (`subjectOf`). Any other id, malformed,
 * unknown or another family's learner, is 404 alike (decision 0068).
 */
export function actingForLearner(db: Db): Guard {
  return async function actingForLearner(request: FastifyRequest) {
    const { learnerId } = request.params as { learnerId?: string };
    const id = recordId(learnerId ?? "");
    if (!(await isActivelyLinked(db, signedIn(request).id, id))) throw notFound();
    request.actingFor = id;
  };
}

/**
 * A guardian's learners, in the ordering app's scope (`/api/my/learners`): the list and linking.
 * What is done for one learner is under the learner's path: `learnerRoutes`, and `my`'s ordering
 * routes (menu, orders, wallet), registered there again by app.ts.
 */
export async function myLearnersRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  api.get("/learners", { schema: listSchema }, async (request) =>
    ok(await listMyLearners(db, signedIn(request).id, todayIn(config.timeZone, config.clock()))),
  );

  /** Money from one of my learners to another, once per Idempotency-Key (a retry moves it once). */
  api.post("/transfers", { schema: transferSchema }, async (request, reply) => {
    const key = readIdempotencyKey(request.headers["idempotency-key"]);
    if (key === null) throw new AppError("idempotency_key_required");
    const answer = await transferBetweenLearners(db, {
      guardianId: signedIn(request).id,
      key,
      input: request.body,
      at: config.clock(),
      language: request.language,
    });
    return reply.status(201).send(answer);
  });

  api.post("/learners", { schema: linkSchema }, async (request, reply) => {
    const user = signedIn(request);
    if ("linkCode" in request.body) {
      const learner = await linkByCode(db, user, request.body.linkCode, consentAsk(config));
      return reply.status(201).send(ok(learner, { message: message("learner_linked", request.language) }));
    }
    await requestLinkByAcademyNumber(db, user, request.body);
    return reply.status(202).send(okWith({ message: message("learner_link_requested", request.language) }));
  });
}

/**
 * One learner's limits and guardians, in the scope of `/api/my/learners/:learnerId`, whose guard
 * (`actingForLearner`) lets only the learner's active guardians through: `subjectOf` is the learner.
 */
export async function learnerRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const today = () => todayIn(config.timeZone, config.clock());

  api.get("/allergies", { schema: allergiesSchema }, async (request) =>
    ok(await learnerAllergiesOf(db, subjectOf(request), today())),
  );

  // The guardian consents as the competent person for a learner under 18 (decision 0068).
  api.put("/allergies", { schema: saveAllergiesSchema }, async (request) => {
    const now = config.clock();
    const saved = await saveLearnerAllergies(db, {
      learnerId: subjectOf(request),
      guardianId: signedIn(request).id,
      changes: request.body,
      now,
      today: todayIn(config.timeZone, now),
    });
    return ok(saved, { message: message("learner_allergies_saved", request.language) });
  });
  const actor = (request: FastifyRequest) => ({ id: signedIn(request).id, isAdmin: false });

  api.get("/limits", { schema: limitsSchema }, async (request) =>
    ok(await getLimits(db, subjectOf(request))),
  );

  api.put("/limits", { schema: saveLimitsSchema }, async (request) => {
    const learnerId = subjectOf(request);
    const limits = await saveLimits(db, { learnerId, limits: request.body, by: signedIn(request).id });
    return ok(limits, { message: message("learner_limits_saved", request.language) });
  });

  api.get("/guardians", { schema: guardiansSchema }, async (request) =>
    ok(await learnerGuardians(db, subjectOf(request))),
  );

  // The primary guardian adds another by address: linked at once, or invited to sign up.
  api.post("/guardians", { schema: inviteSchema }, async (request, reply) => {
    const { email } = request.body;
    const done = await inviteGuardian(db, {
      learnerId: subjectOf(request),
      email,
      actor: actor(request),
      mail: { config, log: request.log },
      today: consentAsk(config).today,
    });
    return reply.status(201).send(okWith({ message: invitedMessage(done, email, request.language) }));
  });

  // The primary guardian approves another's request (an admin may too, in the back office).
  api.post("/guardians/:guardianId/approve", { schema: changeLinkSchema }, async (request) => {
    const learnerId = subjectOf(request);
    await approveLink(db, {
      learnerId,
      guardianId: recordId(request.params.guardianId),
      actor: actor(request),
      ask: consentAsk(config),
    });
    return okWith({ message: message("guardian_link_approved", request.language) });
  });

  // The primary guardian removes another; any guardian may remove their own link.
  api.delete("/guardians/:guardianId", { schema: removeLinkSchema }, async (request) => {
    const learnerId = subjectOf(request);
    await removeLink(db, {
      learnerId,
      guardianId: recordId(request.params.guardianId),
      actor: actor(request),
    });
    return okWith({ message: message("guardian_link_removed", request.language) });
  });
}

/**
 * The back office's side (admins): a learner's link code to give the guardians, their guardians,
 * approved or removed, and the learner leaving the school.
 */
export async function learnerGuardiansRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const admin = (request: FastifyRequest) => {
    const user = signedIn(request);
    return { id: user.id, isAdmin: isAdminRole(user.roleId) };
  };

  api.get("/customers/:id/link-code", { schema: linkCodeSchema, onRequest: requireAdmin }, async (request) =>
    ok({ linkCode: await linkCodeOf(db, recordId(request.params.id), { renew: false }) }),
  );

  api.get(
    "/customers/:id/link-letter",
    { schema: linkLetterSchema, onRequest: requireAdmin },
    async (request) => ok(await linkLetterOf(db, recordId(request.params.id))),
  );

  api.post(
    "/customers/:id/link-code",
    { schema: renewLinkCodeSchema, onRequest: requireAdmin },
    async (request) => ok({ linkCode: await linkCodeOf(db, recordId(request.params.id), { renew: true }) }),
  );

  api.get(
    "/customers/:id/guardians",
    { schema: customerGuardiansSchema, onRequest: requireAdmin },
    async (request) => ok(await learnerGuardians(db, recordId(request.params.id))),
  );

  api.post(
    "/customers/:id/guardians",
    { schema: customerInviteSchema, onRequest: requireAdmin },
    async (request, reply) => {
      const { email } = request.body;
      const done = await inviteGuardian(db, {
        learnerId: recordId(request.params.id),
        email,
        actor: admin(request),
        mail: { config, log: request.log },
        today: consentAsk(config).today,
      });
      return reply.status(201).send(okWith({ message: invitedMessage(done, email, request.language) }));
    },
  );

  api.post(
    "/customers/:id/guardians/:guardianId/approve",
    { schema: changeCustomerLinkSchema, onRequest: requireAdmin },
    async (request) => {
      await approveLink(db, {
        learnerId: recordId(request.params.id),
        guardianId: recordId(request.params.guardianId),
        actor: admin(request),
        ask: consentAsk(config),
      });
      return okWith({ message: message("guardian_link_approved", request.language) });
    },
  );

  api.delete(
    "/customers/:id/guardians/:guardianId",
    { schema: removeCustomerLinkSchema, onRequest: requireAdmin },
    async (request) => {
      await removeLink(db, {
        learnerId: recordId(request.params.id),
        guardianId: recordId(request.params.guardianId),
        actor: admin(request),
      });
      return okWith({ message: message("guardian_link_removed", request.language) });
    },
  );

  api.get("/guardians", { schema: guardiansListSchema, onRequest: requireAdmin }, async (request) => {
    const { rows, total } = await listGuardians(db, request.query);
    return ok(rows, { total });
  });

  api.delete("/guardians/:id", { schema: removeGuardianSchema, onRequest: requireAdmin }, async (request) =>
    removedAnswer(
      await deleteGuardian(db, signedIn(request).id, recordId(request.params.id)),
      request.language,
    ),
  );

  api.get("/customers/:id/leave", { schema: leaveOptionsSchema, onRequest: requireAdmin }, async (request) =>
    ok(await leaveOptions(db, recordId(request.params.id))),
  );

  // The balance goes to a sibling or back to whoever paid it; nothing is lost (decision 0068).
  api.post("/customers/:id/leave", { schema: leaveSchema, onRequest: requireAdmin }, async (request) => {
    const { message: text, ...left } = await leaveSchool(db, {
      learnerId: recordId(request.params.id),
      input: request.body,
      by: signedIn(request).id,
      at: config.clock(),
      language: request.language,
    });
    return ok(left, { message: text });
  });
}

/**
 * The school's list of learners (admins, `/api/admin/learners/import`): a CSV in multipart field
 * `file`; `?dryRun=true` answers what would change and writes nothing.
 */
export async function learnerImportRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  await app.register(async (scope) => {
    await acceptOneFile(scope, {
      maxBytes: LEARNER_IMPORT_MAX_BYTES,
      tooLarge: () => new AppError("learner_import_too_large"),
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post("/learners/import", { schema: importSchema }, async (request) => {
      const file = await readFileField(request, () => new AppError("learner_import_missing"));
      if (!file) throw new AppError("learner_import_missing");
      const dryRun = request.query.dryRun === "true";
      const report = await importLearners(database.db, {
        file: file.data,
        dryRun,
        by: signedIn(request).id,
        mail: { config, log: request.log },
        language: request.language,
        today: todayIn(config.timeZone, config.clock()),
      });
      const { create, update, invite } = report.counts;
      const text = dryRun
        ? message("learner_import_previewed", request.language)
        : message("learner_import_done", request.language, {
            created: String(create),
            updated: String(update),
            invited: String(invite),
          });
      return ok(report, { message: text });
    });
  });
}
