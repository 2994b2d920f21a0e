import type { IsoDate } from "@kantien/domain/dates";
import type { MyProfile, MyProfileInput } from "@kantien/domain/my";
import { SETTINGS_DEFAULTS } from "@kantien/domain/settings-rules";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { userSettings, users } from "../../db/schema";
import { claimVersion } from "../../record-version";
import { readAllergies, saveAllergies } from "../customers/allergies";
import { assertMayKeepOwnAllergies, guardianConsentOf } from "../guardians/consent";

/**
 * The customer's own profile: name, email and phone from the account, language and theme from
 * the settings, and their allergies, diet and consent (the consent without who recorded it).
 */
export async function getMyProfile(db: Db | Tx, userId: string, today: IsoDate): Promise<MyProfile> {
  // One after the other: in a save's transaction they share one connection.
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      language: userSettings.language,
      theme: userSettings.theme,
      version: users.version,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  const { allergies, diet, allergyConsent } = await readAllergies(db, userId);
  const consent = await guardianConsentOf(db, userId, today);
  return {
    ...row,
    language: row.language ?? SETTINGS_DEFAULTS.language,
    theme: row.theme ?? SETTINGS_DEFAULTS.theme,
    allergies,
    diet,
    allergyConsent: allergyConsent && { version: allergyConsent.version, at: allergyConsent.at },
    managedByGuardian: consent.managedByGuardian,
    guardianConsent: consent.state,
  };
}

/**
 * Saves the profile in one transaction: the account's fields, the app's settings, and what it
 * names of the allergies, diet and consent (a refusal for want of consent changes nothing).
 * A save from a version another save replaced (`expected`, the If-Match) is 409 stale.
 */
export async function saveMyProfile(
  db: Db,
  userId: string,
  { allergies, diet, allergyConsent, ...input }: MyProfileInput,
  { now, today, expected }: { now: Date; today: IsoDate; expected: number | null },
): Promise<MyProfile> {
  await db.transaction(async (tx) => {
    await claimVersion(tx, {
      table: users,
      where: eq(users.id, userId),
      expected,
      current: () => getMyProfile(tx, userId, today),
    });
    // A child's allergies are their guardian's to keep, once one is linked (decision 0068).
    if (allergies !== undefined || diet !== undefined || allergyConsent !== undefined) {
      await assertMayKeepOwnAllergies(tx, userId, today);
    }
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
  return getMyProfile(db, userId, today);
}
