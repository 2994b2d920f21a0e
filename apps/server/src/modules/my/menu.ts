import {
  allergenDeclarationSchema,
  allergenWarnings,
  allergiesSchema,
  dietSchema,
} from "@kantien/domain/allergens";
import { orderStatusSchema } from "@kantien/domain/api";
import { type CanteenRules, currentSchoolMonday, orderingState } from "@kantien/domain/canteen";
import { type IsoDate, schoolDays, todayIn, WEEKDAYS } from "@kantien/domain/dates";
import type { MyMenuDay } from "@kantien/domain/my";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, timestampColumn } from "../../db/client";
import { declarationColumn } from "../orders/allergy-match";
import { portionsLeftColumn } from "../orders/portions";

const itemRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  imageUrl: z.string().nullable(),
  dayOfWeek: z.enum(WEEKDAYS),
  allergens: allergenDeclarationSchema,
  diet: dietSchema,
  checkedBy: z.string().nullable(),
  checkedAt: timestampColumn.nullable(),
  portionsLeft: z.number().int().nullable(),
});

const orderRow = z.object({
  id: z.string(),
  deliveryDate: z.string(),
  quantity: z.number().int(),
  status: orderStatusSchema,
  total: z.string(),
});

/**
 * The five school days of a week as a customer sees them: the item on the menu that day,
 * whether it may still be ordered under the canteen's rules at `now`, and the customer's own
 * orders for the day (nobody else's). Each item carries its allergen declaration, who checked
 * it, and where it meets the customer's own allergies (decision 0041).
 */
export async function myMenuWeek(
  db: Db,
  {
    userId,
    week,
    rules,
    timeZone,
    now,
  }: { userId: string; week: IsoDate | undefined; rules: CanteenRules; timeZone: string; now: Date },
): Promise<{ week: IsoDate; days: MyMenuDay[] }> {
  const monday = week ?? currentSchoolMonday(todayIn(timeZone, now));
  const dates = schoolDays(monday);
  const [items, orders, [profile]] = await Promise.all([
    queryRows(
      db,
      sql`select f.id, f.name, f.description, f.price::text as price, f.image_url as "imageUrl",
            f.day_of_week as "dayOfWeek", f.diet::text[] as diet,
            ${declarationColumn(sql`f.id`)} as allergens,
            case when f.allergens_checked_at is not null
              then coalesce(c.first_name || ' ' || c.last_name, '') end as "checkedBy",
            f.allergens_checked_at as "checkedAt", ${portionsLeftColumn(sql`f`)} as "portionsLeft"
          from food_items f join weekly_menus m on m.id = f.weekly_menu_id
            left join users c on c.id = f.allergens_checked_by
          where m.date_from = ${monday}::date and f.retired_at is null`,
      itemRow,
    ),
    queryRows(
      db,
      sql`select id, delivery_date::text as "deliveryDate", food_item_quantity as quantity, status,
            (food_item_price * food_item_quantity)::numeric(10, 2)::text as total
          from orders
          where user_id = ${userId} and delivery_date between ${dates[0]}::date and ${dates[4]}::date
          order by created_at, id`,
      orderRow,
    ),
    queryRows(
      db,
      sql`select coalesce(json_agg(json_build_object('code', code, 'severity', severity) order by code), '[]') as allergies
          from customer_allergies where user_id = ${userId}`,
      z.object({ allergies: allergiesSchema }),
    ),
  ]);
  const allergies = profile?.allergies ?? [];
  const itemOfDay = new Map(
    items.map(({ dayOfWeek, checkedBy, checkedAt, ...item }) => [
      dayOfWeek,
      {
        ...item,
        allergensChecked: checkedAt === null ? null : { by: checkedBy ?? "", at: checkedAt },
        allergenWarnings: allergenWarnings(item.allergens, allergies, { checked: checkedAt !== null }),
      },
    ]),
  );
  const days = dates.map((date, index): MyMenuDay => {
    const item = itemOfDay.get(WEEKDAYS[index]!) ?? null;
    const state = orderingState(date, { now, rules, timeZone });
    return {
      date,
      item,
      orderable: state.open && item !== null,
      closedReason: state.open ? null : state.reason,
      cutoffAt: state.cutoffAt?.toISOString() ?? null,
      orders: orders.filter((o) => o.deliveryDate === date).map(({ deliveryDate: _, ...order }) => order),
    };
  });
  return { week: monday, days };
}
