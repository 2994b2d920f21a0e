import type { Language } from "@kantien/domain/language";
import { ALL_MONEY_CHANNELS, MONEY_CHANNELS } from "@kantien/domain/money-channels";
import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { emailOutbox, userSettings } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createUser } from "../../test/fixtures";
import { MONEY_ARRIVED_CHANNELS, mailMoneyArrived } from "./money-arrived-mail";

const it = appTest();

describe("the money-arrived mail", () => {
  it("says by which channel the money came, every channel in its own words, in both languages", async ({
    db,
    config,
  }) => {
    for (const language of ["af", "en"] satisfies Language[]) {
      const words = ALL_MONEY_CHANNELS.map((channel) => MONEY_ARRIVED_CHANNELS[channel][language]);
      expect(new Set(words).size, language).toBe(ALL_MONEY_CHANNELS.length);
      const customer = await createUser(db, { roleId: 1 });
      await db.update(userSettings).set({ language }).where(eq(userSettings.userId, customer.id));
      await mailMoneyArrived(
        db,
        { config },
        ALL_MONEY_CHANNELS.map((channel) => ({
          userId: customer.id,
          amount: "10.00",
          kind: MONEY_CHANNELS[channel].kind,
          balanceAfter: "10.00",
        })),
      );
      const mails = await db
        .select({ text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, customer.email))
        .orderBy(asc(emailOutbox.id));
      expect(mails).toHaveLength(ALL_MONEY_CHANNELS.length);
      words.forEach((word, i) => {
        expect(mails[i]!.text, ALL_MONEY_CHANNELS[i]).toContain(word);
      });
    }
  });
});
