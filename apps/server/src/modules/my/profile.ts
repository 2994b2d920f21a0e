import type { MyProfile, MyProfileInput } from "@kantien/domain/my";
import { SETTINGS_DEFAULTS } from "@kantien/domain/settings-rules";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSettings, users } from "../../db/schema";

/** The customer's own profile: name, email and phone from the account, language and theme from the settings. */
export async function getMyProfile(db: Db, userId: string): Promise<MyProfile> {
  const [row] = await db
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
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return {
    ...row,
    language: row.language ?? SETTINGS_DEFAULTS.language,
    theme: row.theme ?? SETTINGS_DEFAULTS.theme,
  };
}

/** Saves the profile in one transaction: the account's fields and the app's settings. */
export async function saveMyProfile(db: Db, userId: string, input: MyProfileInput): Promise<MyProfile> {
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
  });
  return getMyProfile(db, userId);
}
