import {
  foodItemSavedAnswer,
  foodItemSaveInput,
  portionsCorrectedAnswer,
  portionsCorrectionInput,
} from "@kantien/domain/admin-data";
import { answers } from "@kantien/domain/api";
import { todayIn, WEEKDAYS, type Weekday } from "@kantien/domain/dates";
import { message } from "@kantien/domain/messages";
import { copyWeekAnswer, copyWeekInput } from "@kantien/domain/weekly-menu";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canteenToday } from "../../config";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { AppError, idParams, notFound, recordId } from "../../errors";
import { signedIn } from "../../plugins/session";
import { expectedVersion, tagVersion, versionedSave } from "../../record-version";
import { parseBody } from "../data/body";
import { foodItemResource } from "./data-resources";
import { correctPortions } from "./portions-correction";
import { copyPreviousWeek, saveFoodItem } from "./queries";

const dayParams = z.object({ menuId: z.string().max(100), dayOfWeek: z.string().max(20) });
const body = z.record(z.string(), z.unknown());

/** Menu routes beyond the generic data API, /api/admin/menus/*, in the admins' scope (decision 0064). */
export async function menusRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const resource = foodItemResource;

  /**
   * The food-item dialog's one save (decision 0028): adds an item to an empty day, replaces
   * the day's item in one transaction (`replace`, decision 0006) or edits the item `id`.
   * Answers the saved item and the replaced item's id, or null. The body is the food item
   * form's; the menu and day come from the path. `If-Match` names the version of the item edited
   * or replaced: saved or replaced meanwhile, it is refused as stale (decision 0057).
   */
  app.put(
    "/menus/:menuId/days/:dayOfWeek/food-item",
    {
      schema: { ...versionedSave, params: dayParams, body, response: answers(foodItemSavedAnswer) },
    },
    async (request, reply) => {
      const { menuId, dayOfWeek } = request.params;
      const expected = expectedVersion(request);
      if (!z.uuid().safeParse(menuId).success || !(WEEKDAYS as readonly string[]).includes(dayOfWeek)) {
        throw notFound();
      }
      const sent = request.body;
      for (const [field, value] of [
        ["weekly_menu_id", menuId],
        ["day_of_week", dayOfWeek],
      ] as const) {
        if (sent[field] !== undefined && sent[field] !== value) {
          throw new AppError("validation_failed", [
            { field, message: message("invalid_field", request.language) },
          ]);
        }
      }
      const input = parseBody(request, resource, foodItemSaveInput, "create", {
        ...sent,
        weekly_menu_id: menuId,
        day_of_week: dayOfWeek,
      });
      const now = config.clock();
      const { item, replaced, notified } = await saveFoodItem(database.db, {
        menuId,
        dayOfWeek: dayOfWeek as Weekday,
        input,
        saver: { actorId: signedIn(request).id, now, today: todayIn(config.timeZone, now), mail: { config } },
        expected,
      });
      tagVersion(reply, item.version);
      return ok(item, { replaced, notified });
    },
  );

  /** An admin's correction of a dish's portions during its day, with why (recorded). */
  app.put(
    "/food-items/:id/portions",
    {
      schema: { params: idParams, body: portionsCorrectionInput, response: answers(portionsCorrectedAnswer) },
    },
    async (request) => {
      const foodItemId = recordId(request.params.id);
      const corrected = await correctPortions(database.db, {
        foodItemId,
        input: request.body,
        actorId: signedIn(request).id,
      });
      return ok(
        { foodItemId, portions: corrected.portions, left: corrected.left },
        { message: message("portions_corrected", request.language, { name: corrected.name }) },
      );
    },
  );

  /** "Kopieer verlede week": the previous week's dishes into the week starting `week` (a Monday). */
  app.post(
    "/menus/copy-week",
    { schema: { body: copyWeekInput, response: answers(copyWeekAnswer) } },
    async (request) => {
      const data = await copyPreviousWeek(database.db, {
        week: request.body.week,
        today: canteenToday(config),
        actorId: signedIn(request).id,
      });
      return ok(data);
    },
  );
}
