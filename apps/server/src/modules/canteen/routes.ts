import { answers } from "@kantien/domain/api";
import {
  bankDetailsAnswer,
  bankDetailsInput,
  bankDetailsSavedAnswer,
  canteenRulesAnswer,
  canteenRulesInput,
  canteenRulesSavedAnswer,
} from "@kantien/domain/canteen";
import { message } from "@kantien/domain/messages";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { requireAdmin, requireUser, signedIn } from "../../plugins/session";
import { expectedVersion, tagVersion, versioned, versionedSave } from "../../record-version";
import { getBankDetailsRecord, saveBankDetails } from "./bank-details";
import { getCanteenRules, saveCanteenRules } from "./rules";

// What each route takes and answers (decision 0016).
const readSchema = { ...versioned, response: answers(canteenRulesAnswer) };
const saveSchema = { ...versionedSave, body: canteenRulesInput, response: answers(canteenRulesSavedAnswer) };
const readBankSchema = { ...versioned, response: answers(bankDetailsAnswer) };
const saveBankSchema = {
  ...versionedSave,
  body: bankDetailsInput,
  response: answers(bankDetailsSavedAnswer),
};

/**
 * The canteen's ordering rules (decision 0021): everyone signed in reads them, admins set them.
 * Its bank account (decision 0033): admins read and set it here; customers see it on their wallet.
 */
export async function canteenRoutes(app: FastifyInstance, { database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/canteen-settings", { onRequest: requireUser, schema: readSchema }, async (_request, reply) => {
    const rules = await getCanteenRules(database.db);
    tagVersion(reply, rules.version);
    return ok(rules);
  });

  // The rules and the bank details are one record with one version: a save from a version
  // another save of either replaced is refused as stale (decision 0057).
  api.put("/canteen-settings", { onRequest: requireAdmin, schema: saveSchema }, async (request, reply) => {
    const rules = await saveCanteenRules(database.db, request.body, {
      updatedBy: signedIn(request).id,
      expected: expectedVersion(request),
    });
    tagVersion(reply, rules.version);
    return ok(rules, { message: message("canteen_rules_saved", request.language) });
  });

  api.get(
    "/canteen-settings/bank-details",
    { onRequest: requireAdmin, schema: readBankSchema },
    async (_request, reply) => {
      const bank = await getBankDetailsRecord(database.db);
      tagVersion(reply, bank.version);
      return ok(bank);
    },
  );

  api.put(
    "/canteen-settings/bank-details",
    { onRequest: requireAdmin, schema: saveBankSchema },
    async (request, reply) => {
      const bank = await saveBankDetails(database.db, request.body, {
        updatedBy: signedIn(request).id,
        expected: expectedVersion(request),
      });
      tagVersion(reply, bank.version);
      return ok(bank, { message: message("bank_details_saved", request.language) });
    },
  );
}
