import { orderStatusSchema } from "@kantien/domain/api";
import { THEMES } from "@kantien/domain/auth";
import type { IsoDate } from "@kantien/domain/dates";
import { LANGUAGES } from "@kantien/domain/language";
import { MY_DATA_LIMIT, type MyDataDocument } from "@kantien/domain/my";
import { SETTINGS_DEFAULTS } from "@kantien/domain/settings-rules";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, timestampColumn } from "../../db/client";
import { allergyAccessEntries, readAllergies } from "../customers/allergies";
import { listMyLearners } from "../guardians/links";
import { myWallet } from "./wallet";

const profileRow = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: z.number().int(),
  akdNumber: z.string().nullable(),
  accountCreatedAt: timestampColumn,
  emailVerifiedAt: timestampColumn.nullable(),
  language: z.enum(LANGUAGES).nullable(),
  theme: z.enum(THEMES).nullable(),
});

const orderRow = z.object({
  id: z.string(),
  pickupNumber: z.number().int(),
  item: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  status: orderStatusSchema,
  deliveryDate: z.string().nullable(),
  createdAt: timestampColumn,
  allergenAcknowledged: z.boolean(),
});

/**
 * Everything Kantien holds about the customer (decision 0041): each part by the customer's id on
 * its own index (users' key, orders_user_id_idx, wallet_transactions_user_id_idx, the allergy
 * tables' keys, allergy_access_log_user_id_idx), each list bounded.
 */
export async function myData(db: Db, userId: string, now: Date, today: IsoDate): Promise<MyDataDocument> {
  const [[profile], orders, wallet, allergies, accessLog] = await Promise.all([
    queryRows(
      db,
      sql`select u.first_name as "firstName", u.last_name as "lastName", u.email,
            u.phone_number as "phoneNumber", u.role_id as "roleId", c.akd_number as "akdNumber",
            u.account_creation_time as "accountCreatedAt", u.email_verified_at as "emailVerifiedAt",
            s.language, s.theme
          from users u
          left join clients c on c.user_id = u.id
          left join user_settings s on s.user_id = u.id
          where u.id = ${userId}`,
      profileRow,
    ),
    queryRows(
      db,
      sql`select o.id, o.pickup_number as "pickupNumber", f.name as item, o.food_item_quantity as quantity,
            o.food_item_price::text as "unitPrice", o.status, o.delivery_date::text as "deliveryDate",
            o.created_at as "createdAt", o.allergen_acknowledged as "allergenAcknowledged"
          from orders o join food_items f on f.id = o.food_item_id
          where o.user_id = ${userId}
          order by o.created_at desc, o.id
          limit ${MY_DATA_LIMIT}`,
      orderRow,
    ),
    myWallet(db, userId, { limit: MY_DATA_LIMIT, offset: 0 }),
    readAllergies(db, userId),
    allergyAccessEntries(db, userId),
  ]);
  if (!profile) throw new Error(`no user ${userId}`);
  // What a guardian may see of each learner they are linked to (decision 0068).
  const learners = [];
  for (const learner of await listMyLearners(db, userId, today)) {
    const held =
      learner.status === "active" ? await readAllergies(db, learner.id) : { allergies: [], diet: [] };
    learners.push({ ...learner, allergies: held.allergies, diet: held.diet });
  }
  const { language, theme, ...account } = profile;
  return {
    exportedAt: now.toISOString(),
    profile: account,
    settings: {
      language: language ?? SETTINGS_DEFAULTS.language,
      theme: theme ?? SETTINGS_DEFAULTS.theme,
    },
    orders,
    wallet: {
      balance: wallet.balance,
      paymentReference: wallet.paymentReference,
      transactions: wallet.transactions,
    },
    ...allergies,
    allergyAccessLog: accessLog,
    learners,
  };
}
