import { randomBytes } from "node:crypto";
import {
  type OnlineTopUpOffer,
  PAYMENT_SECRETS,
  type PaymentProvider,
  type PaymentSecret,
  type PaymentSettings,
  type PaymentSettingsInput,
  PROVIDER_SECRETS,
  paymentSettingsSchema,
} from "@kantien/domain/online-payments";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config";
import { type Db, queryRows, type Tx } from "../../db/client";
import { paymentSettings } from "../../db/schema";
import { AppError } from "../../errors";
import { claimVersion } from "../../record-version";
import type { SecretBox } from "./secret-box";

/** The settings as the server uses them: the secrets opened. Never sent to a browser. */
export type PaymentSetup = {
  provider: PaymentProvider | null;
  sandbox: boolean;
  minAmount: string;
  maxAmount: string;
  feeFixed: string;
  feePercent: string;
  merchantId: string | null;
  secrets: Record<PaymentSecret, string | null>;
  version: number;
};

/** One value for each secret. */
function perSecret<T>(value: (name: PaymentSecret) => T): Record<PaymentSecret, T> {
  return Object.fromEntries(PAYMENT_SECRETS.map((name) => [name, value(name)])) as Record<PaymentSecret, T>;
}

/** The row: what an admin sees of it, and the secrets as sealed. */
const settingsRow = paymentSettingsSchema
  .pick({
    provider: true,
    sandbox: true,
    minAmount: true,
    maxAmount: true,
    feeFixed: true,
    feePercent: true,
    merchantId: true,
    version: true,
  })
  .extend(perSecret(() => z.string().nullable()));

export async function readPaymentSetup(db: Db | Tx, box: SecretBox): Promise<PaymentSetup> {
  const [row] = await queryRows(
    db,
    sql`select provider, sandbox, min_amount::text as "minAmount", max_amount::text as "maxAmount",
          fee_fixed::text as "feeFixed", fee_percent::text as "feePercent", merchant_id as "merchantId",
          merchant_key as "merchantKey", passphrase, secret_key as "secretKey",
          webhook_secret as "webhookSecret", version
        from payment_settings where id = 1`,
    settingsRow,
  );
  if (!row) throw new Error("payment_settings has no row");
  const { merchantKey, passphrase, secretKey, webhookSecret, ...open } = row;
  return { ...open, secrets: perSecret((name) => box.open(row[name])) };
}

/** The settings as an admin sees them on /canteen: each secret only as set or not. */
export function paymentSettingsView(
  setup: PaymentSetup,
  config: Pick<Config, "publicUrl">,
  simulatorAllowed: boolean,
): PaymentSettings {
  const { secrets, ...open } = setup;
  return {
    ...open,
    secretsSet: perSecret((name) => secrets[name] !== null),
    simulatorAllowed,
    notifyUrls: {
      payfast: `${config.publicUrl}/api/payments/payfast/notify`,
      yoco: `${config.publicUrl}/api/payments/yoco/webhook`,
    },
  };
}

/**
 * What a payer is offered: null unless a provider is chosen, has every key it needs, and (the
 * simulator) is allowed here.
 */
export function topUpOffer(setup: PaymentSetup, simulatorAllowed: boolean): OnlineTopUpOffer {
  const { provider } = setup;
  if (provider === null || !providerReady(setup, simulatorAllowed)) return null;
  const { minAmount, maxAmount, feeFixed, feePercent } = setup;
  // The simulator is the demo's own money: never a sandbox.
  return {
    provider,
    sandbox: provider !== "simulator" && setup.sandbox,
    minAmount,
    maxAmount,
    feeFixed,
    feePercent,
  };
}

/** The offer as the payments' context reads it now. */
export async function onlineTopUpOfferOf(ctx: {
  db: Db;
  box: SecretBox;
  simulatorAllowed: boolean;
}): Promise<OnlineTopUpOffer> {
  return topUpOffer(await readPaymentSetup(ctx.db, ctx.box), ctx.simulatorAllowed);
}

function providerReady(setup: PaymentSetup, simulatorAllowed: boolean): boolean {
  if (setup.provider === null) return false;
  if (setup.provider === "simulator") return simulatorAllowed;
  if (setup.provider === "payfast" && setup.merchantId === null) return false;
  return PROVIDER_SECRETS[setup.provider].every((secret) => setup.secrets[secret] !== null);
}

/**
 * Saves the settings. A secret given replaces the stored one, null clears it, absent keeps it.
 * Refused: the simulator where it is not allowed (409), a provider without every key it needs
 * (409), a stale version (409 stale, decision 0057).
 */
export async function savePaymentSettings(
  db: Db,
  box: SecretBox,
  input: PaymentSettingsInput,
  {
    updatedBy,
    expected,
    simulatorAllowed,
  }: { updatedBy: string; expected: number | null; simulatorAllowed: boolean },
): Promise<PaymentSetup> {
  return db.transaction(async (tx) => {
    await claimVersion(tx, {
      table: paymentSettings,
      where: eq(paymentSettings.id, 1),
      expected,
      current: () => readPaymentSetup(tx, box),
    });
    const before = await readPaymentSetup(tx, box);
    const secrets = perSecret((name) => (input[name] === undefined ? before.secrets[name] : input[name]));
    const after: PaymentSetup = { ...before, ...input, secrets };
    if (input.provider === "simulator" && !simulatorAllowed)
      throw new AppError("payment_simulator_not_allowed");
    if (input.provider !== null && !providerReady(after, simulatorAllowed)) {
      throw new AppError("payment_provider_not_ready");
    }
    await tx
      .update(paymentSettings)
      .set({
        provider: input.provider,
        sandbox: input.sandbox,
        minAmount: input.minAmount,
        maxAmount: input.maxAmount,
        feeFixed: input.feeFixed,
        feePercent: input.feePercent,
        merchantId: input.merchantId,
        ...perSecret((name) => {
          const value = secrets[name];
          return value === null ? null : box.seal(value);
        }),
        updatedBy,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentSettings.id, 1));
    return readPaymentSetup(tx, box);
  });
}

/**
 * The simulator's signing secret (Standard Webhooks' `whsec_` form), made at its first use and
 * kept sealed in the settings' row, so every server of a cluster signs and checks alike.
 */
export async function simulatorSecret(db: Db, box: SecretBox): Promise<string> {
  const kept = await storedSimulatorSecret(db, box);
  if (kept !== null) return kept;
  const made = `whsec_${randomBytes(24).toString("base64")}`;
  // The first writer's secret stays: a second one made at the same moment is dropped.
  await db.execute(
    sql`update payment_settings set simulator_secret = ${box.seal(made)} where id = 1 and simulator_secret is null`,
  );
  const secret = await storedSimulatorSecret(db, box);
  if (secret !== null) return secret;
  // Sealed with another key (a restored backup): a new one; payments in flight are checked at the provider's.
  await db.execute(sql`update payment_settings set simulator_secret = ${box.seal(made)} where id = 1`);
  return made;
}

/** The simulator's signing secret as kept, or null: what a notification is checked against (nothing is made). */
export async function storedSimulatorSecret(db: Db, box: SecretBox): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select simulator_secret as sealed from payment_settings where id = 1`,
    z.object({ sealed: z.string().nullable() }),
  );
  return box.open(row?.sealed ?? null);
}
