import type { MyProfile, MyProfileInput } from "@kantien/domain/my";
import { SETTINGS_DEFAULTS } from "@kantien/domain/settings-rules";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSettings, users } from "../../db/schema";
import { readAllergies, saveAllergies } from "../customers/allergies";

/**
 * The customer's own profile: name, email and phone from the account, language and theme from
 * the settings, and their allergies, diet and consent (the consent without who recorded it).
 */
export async function getMyProfile(db: Db, userId: string): Promise<MyProfile> {
  const [[row], { allergies, diet, allergyConsent }] = await Promise.all([
    db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        language: userSettings.language,
        theme: userSettings.theme,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId)),
    readAllergies(db, userId),
  ]);
  if (!row) throw new Error(`no user ${userId}`);
  return {
    ...row,
    language: row.language ?? SETTINGS_DEFAULTS.language,
    theme: row.theme ?? SETTINGS_DEFAULTS.theme,
    allergies,
    diet,
    allergyConsent: allergyConsent && { version: allergyConsent.version, at: allergyConsent.at },
  };
}

/**
 * Saves the profile in one transaction: the account's fields, the app's settings, and what it
 * names of the allergies, diet and consent (a refusal for want of consent changes nothing).
 */
export async function saveMyProfile(
  db: Db,
  userId: string,
  { allergies, diet, allergyConsent, ...input }: MyProfileInput,
  now: Date,
): Promise<MyProfile> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber })
      .where(eq(users.id, userId));
    const settings = { language: input.language, theme: input.theme };
    await tx
      .insert(userSettings)
      .values({ userId, ...settings })
      .onConflictDoUpdate({ target: userSettings.userId, set: settings });
    await saveAllergies(tx, userId, { allergies, diet, allergyConsent }, { now, recordedBy: null });
  });
  return getMyProfile(db, userId);
}
