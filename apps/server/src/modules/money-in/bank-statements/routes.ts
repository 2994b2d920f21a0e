import { answers, createdAnswers } from "@kantien/domain/api";
import {
  allocateBankCreditInput,
  bankCreditAnswer,
  bankCreditCountsAnswer,
  bankCreditsAnswer,
  bankCreditsCsvAnswer,
  bankCreditsExportQuery,
  bankCreditsQuery,
  dismissBankCreditInput,
  STATEMENT_MAX_BYTES,
  statementImportedAnswer,
} from "@kantien/domain/bank-statements";
import { csvLine } from "@kantien/domain/csv";
import { message } from "@kantien/domain/messages";
import { text } from "@kantien/domain/text";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../../deps";
import { ok, okWith } from "../../../envelope";
import { AppError, idParams } from "../../../errors";
import { acceptOneFile, readFileField } from "../../../plugins/file-upload";
import { signedIn } from "../../../plugins/session";
import {
  allBankCredits,
  allocateBankCredit,
  bankCreditCounts,
  dismissBankCredit,
  listBankCredits,
} from "./credits";
import { importStatement } from "./import";

const fileName = text().max(255);

const CSV_HEADER = {
  af: [
    "Datum",
    "Bedrag (R)",
    "Beskrywing",
    "Status",
    "Klant",
    "Verwysing",
    "Hoekom",
    "Deur",
    "Wanneer",
    "Rede",
  ],
  en: ["Date", "Amount (R)", "Description", "Status", "Customer", "Reference", "Why", "By", "When", "Reason"],
};

/**
 * Money in by EFT (decision 0034), at /api/admin/bank-statements and /api/admin/bank-credits: a
 * bank statement is read (multipart field `file`), its credits listed by status, and a waiting
 * one allocated to a customer or dismissed. The admins' scope's guard runs at onRequest, so a
 * non-admin's file is never read.
 */
export async function bankStatementsRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const { db } = database;
  await app.register(async (scope) => {
    await acceptOneFile(scope, {
      maxBytes: STATEMENT_MAX_BYTES,
      tooLarge: () => new AppError("statement_too_large"),
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/bank-statements",
      { schema: { response: createdAnswers(statementImportedAnswer) } },
      async (request, reply) => {
        const file = await readFileField(request, () => new AppError("statement_missing"));
        if (!file) throw new AppError("statement_missing");
        const name = fileName.safeParse(file.filename);
        const data = await importStatement(db, {
          file: file.data,
          fileName: name.success ? name.data : null,
          adminId: signedIn(request).id,
          mail: { config },
          now: config.clock(),
        });
        return reply.status(201).send(ok(data, { message: message("statement_imported", request.language) }));
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/bank-credits",
    {
      schema: { querystring: bankCreditsQuery, response: answers(bankCreditsAnswer) },
    },
    async (request) => okWith(await listBankCredits(db, request.query)),
  );

  api.get(
    "/bank-credits/export.csv",
    {
      schema: { querystring: bankCreditsExportQuery, response: answers(bankCreditsCsvAnswer) },
    },
    async (request, reply) => {
      const { status } = request.query;
      const credits = await allBankCredits(db, status);
      // A BOM, so spreadsheets read the names' ë and ê as UTF-8; the bank's text goes through
      // csvCell, so a description like =HYPERLINK(…) stays text.
      const body = [
        `\uFEFF${csvLine(CSV_HEADER[request.language])}`,
        ...credits.map((c) =>
          csvLine([
            c.date,
            c.amount,
            c.description,
            c.status,
            c.customer?.name ?? "",
            c.customer?.paymentReference ?? "",
            c.hint ?? "",
            c.resolvedBy ?? "",
            c.resolvedAt ?? "",
            c.dismissReason ?? "",
          ]),
        ),
      ].join("");
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="inbetalings-${status}.csv"`)
        .header("cache-control", "no-store")
        .send(body);
    },
  );

  api.get("/bank-credits/counts", { schema: { response: answers(bankCreditCountsAnswer) } }, async () =>
    ok(await bankCreditCounts(db)),
  );

  api.post(
    "/bank-credits/:id/allocate",
    {
      schema: { params: idParams, body: allocateBankCreditInput, response: answers(bankCreditAnswer) },
    },
    async (request) =>
      ok(
        await allocateBankCredit(db, {
          creditId: request.params.id,
          userId: request.body.userId,
          admin: signedIn(request),
          mail: { config },
          now: config.clock(),
        }),
        { message: message("bank_credit_allocated", request.language) },
      ),
  );

  api.post(
    "/bank-credits/:id/dismiss",
    {
      schema: { params: idParams, body: dismissBankCreditInput, response: answers(bankCreditAnswer) },
    },
    async (request) =>
      ok(
        await dismissBankCredit(db, {
          creditId: request.params.id,
          reason: request.body.reason,
          adminId: signedIn(request).id,
          now: config.clock(),
        }),
        { message: message("bank_credit_dismissed", request.language) },
      ),
  );
}
