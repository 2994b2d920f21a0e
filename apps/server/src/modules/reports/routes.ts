import { answers } from "@kantien/domain/api";
import { daysBetween, isIsoDate } from "@kantien/domain/dates";
import {
  dayClosesAnswer,
  dayReportAnswer,
  liabilityReportAnswer,
  SALES_GROUPINGS,
  SALES_MAX_DAYS,
  salesReportAnswer,
} from "@kantien/domain/reports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { signedIn } from "../../plugins/session";
import { waitingBankCreditCount } from "../money-in/bank-statements/credits";
import { closeDay, findDayClose, listDayCloses } from "./day-close";
import { dayReport } from "./day-report";
import { liabilityReport } from "./liability";
import { salesReport } from "./sales";

const isoDate = z.string().refine(isIsoDate, "invalid_date");

/** A range of at most two years, from its first day to its last. */
const salesQuery = z
  .object({ from: isoDate, to: isoDate, groupBy: z.enum(SALES_GROUPINGS).default("day") })
  .refine(({ from, to }) => from <= to && daysBetween(from, to) < SALES_MAX_DAYS, {
    message: "validation_failed",
    path: ["to"],
  });

/**
 * The day's report, its close and the chain of closes (docs/decisions/0042-the-days-close.md), at
 * /api/reports/*: admins only, by the one guard of the scope app.ts registers them in.
 */
export async function reportsRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  /** A closed day answers the report it froze; an open one, the figures as they stand. */
  app.get(
    "/day",
    {
      schema: { querystring: z.object({ date: isoDate }), response: answers(dayReportAnswer) },
    },
    async (request) => {
      const { date } = request.query;
      const closed = await findDayClose(db, date);
      const data = closed
        ? { ...closed.report, close: closed.close }
        : { ...(await dayReport(db, { date, timeZone: config.timeZone })), close: null };
      return ok({ ...data, bankCreditsWaiting: await waitingBankCreditCount(db) });
    },
  );

  app.post(
    "/day/:date/close",
    {
      schema: { params: z.object({ date: isoDate }), response: answers(dayReportAnswer) },
    },
    async (request, reply) => {
      const { close, report } = await closeDay(db, {
        date: request.params.date,
        now: config.clock(),
        timeZone: config.timeZone,
        closedBy: signedIn(request).id,
      });
      const bankCreditsWaiting = await waitingBankCreditCount(db);
      return reply.status(201).send(ok({ ...report, close, bankCreditsWaiting }));
    },
  );

  app.get(
    "/sales",
    { schema: { querystring: salesQuery, response: answers(salesReportAnswer) } },
    async (request) => ok(await salesReport(db, { ...request.query, timeZone: config.timeZone })),
  );

  app.get("/liability", { schema: { response: answers(liabilityReportAnswer) } }, async () =>
    ok(await liabilityReport(db, { now: config.clock() })),
  );

  app.get("/closes", { schema: { response: answers(dayClosesAnswer) } }, async () =>
    ok(await listDayCloses(db)),
  );
}
