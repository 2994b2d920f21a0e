import type { Settings } from "@kantien/domain/auth";
import { SETTINGS_DEFAULTS } from "@kantien/domain/settings-rules";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSettings } from "../../db/schema";

/** The user's settings, or the defaults (light, af, 30 s) when they never saved any. */
export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const [row] = await db
    .select({
      theme: userSettings.theme,
      language: userSettings.language,
      refresh_interval: userSettings.refreshInterval,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? { ...SETTINGS_DEFAULTS };
}

export async function saveSettings(db: Db, userId: string, settings: Settings): Promise<void> {
  const values = {
    theme: settings.theme,
    language: settings.language,
    refreshInterval: settings.refresh_interval,
  };
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
}
