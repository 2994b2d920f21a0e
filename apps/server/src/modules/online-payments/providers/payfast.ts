import { createHash } from "node:crypto";
import dns from "node:dns/promises";
import net from "node:net";

/*
 * PayFast as its developer documentation and its PHP SDK (Payfast/payfast-php-sdk, lib/Auth.php
 * and lib/PaymentIntegrations/Notification.php) prescribe: the payment form's fields in PayFast's
 * order, signed with MD5 over their URL-encoded pairs and the passphrase; the notification (ITN)
 * checked by its signature over the fields in the order received, its source, the validate call,
 * the amount and the status. The tests reproduce the SDK's published signatures.
 */

/** The form's fields in the order PayFast signs them (the SDK's list), the ones we send. */
const FORM_FIELD_ORDER = [
  "merchant_id",
  "merchant_key",
  "return_url",
  "cancel_url",
  "notify_url",
  "notify_method",
  "name_first",
  "name_last",
  "email_address",
  "cell_number",
  "m_payment_id",
  "amount",
  "item_name",
  "item_description",
  "custom_int1",
  "custom_int2",
  "custom_int3",
  "custom_int4",
  "custom_int5",
  "custom_str1",
  "custom_str2",
  "custom_str3",
  "custom_str4",
  "custom_str5",
  "email_confirmation",
  "confirmation_address",
  "currency",
  "payment_method",
  "subscription_type",
  "billing_date",
  "recurring_amount",
  "frequency",
  "cycles",
  "subscription_notify_email",
  "subscription_notify_webhook",
  "subscription_notify_buyer",
] as const;
export type PayfastFormField = (typeof FORM_FIELD_ORDER)[number];

/**
 * PHP's `urlencode`, which PayFast signs with: spaces as `+`, upper-case hex, and `!'()*~`
 * encoded too (JavaScript's encodeURIComponent leaves those).
 */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** `name=value&…`, each value trimmed and PHP-encoded. */
export function paramString(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${name}=${phpUrlEncode(value.trim())}`).join("&");
}

function withPassphrase(params: string, passphrase: string | null): string {
  return passphrase ? `${params}&passphrase=${phpUrlEncode(passphrase.trim())}` : params;
}

/**
 * The payment form's fields in PayFast's order, blank ones left out ("0" is not blank), with
 * their `signature` last.
 */
export function signedPayfastForm(
  fields: Partial<Record<PayfastFormField, string>>,
  passphrase: string | null,
): [string, string][] {
  const pairs = FORM_FIELD_ORDER.flatMap((name): [string, string][] => {
    const value = fields[name];
    return value === undefined || value.trim() === "" ? [] : [[name, value.trim()]];
  });
  return [...pairs, ["signature", md5(withPassphrase(paramString(pairs), passphrase))]];
}

/** An ITN as posted: its fields in the order received, decoded. */
export type PayfastNotice = { pairs: [string, string][]; fields: Map<string, string> };

export function parsePayfastNotice(body: string): PayfastNotice {
  const pairs = [...new URLSearchParams(body)];
  return { pairs, fields: new Map(pairs) };
}

/** The fields before `signature`, in the order received, blank ones too: what PayFast signed. */
function signedPart(notice: PayfastNotice): [string, string][] {
  const end = notice.pairs.findIndex(([name]) => name === "signature");
  return end === -1 ? notice.pairs : notice.pairs.slice(0, end);
}

/** The ITN's own parameter string: what its signature covers and the validate call posts. */
export function noticeParamString(notice: PayfastNotice): string {
  return paramString(signedPart(notice));
}

export function payfastNoticeSigned(notice: PayfastNotice, passphrase: string | null): boolean {
  const given = notice.fields.get("signature");
  if (!given || !/^[0-9a-f]{32}$/.test(given)) return false;
  return md5(withPassphrase(noticeParamString(notice), passphrase)) === given;
}

/**
 * Whether `address` is one of PayFast's: the sources are host names (resolved now, as PayFast's
 * documentation does), addresses and CIDR ranges.
 */
export async function fromPayfast(address: string, sources: readonly string[]): Promise<boolean> {
  const family = net.isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  const allowed = new net.BlockList();
  await Promise.all(
    sources.map(async (source) => {
      const [host = "", prefix] = source.split("/");
      const version = net.isIP(host);
      if (version !== 0) {
        const kind = version === 4 ? "ipv4" : "ipv6";
        if (prefix === undefined) allowed.addAddress(host, kind);
        else allowed.addSubnet(host, Number(prefix), kind);
        return;
      }
      const found = await dns.lookup(host, { all: true }).catch(() => []);
      for (const { address: resolved, family: f } of found)
        allowed.addAddress(resolved, f === 4 ? "ipv4" : "ipv6");
    }),
  );
  // An IPv4 peer may reach a dual-stack socket as ::ffff:a.b.c.d.
  const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  return allowed.check(plain, plain === address ? type : "ipv4");
}

/** PayFast's site: PAYFAST_URL (a local fake in the tests), else its sandbox or live one. */
export function payfastSite(configured: string | undefined, sandbox: boolean): string {
  return configured ?? (sandbox ? "https://sandbox.payfast.co.za" : "https://www.payfast.co.za");
}

/**
 * PayFast's server confirmation: the ITN's parameter string posted back to its validate URL,
 * answered `VALID`. A failed call is no confirmation.
 */
export async function payfastConfirms(site: string, notice: PayfastNotice): Promise<boolean> {
  try {
    const answer = await fetch(`${site}/eng/query/validate`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: noticeParamString(notice),
      signal: AbortSignal.timeout(15_000),
    });
    return answer.ok && (await answer.text()).trim() === "VALID";
  } catch {
    return false;
  }
}

/** The origins PayFast's payment form may be posted to, sandbox and live (the page's CSP form-action). */
export function payfastOrigins(configured: string | undefined): string[] {
  return [...new Set([true, false].map((sandbox) => new URL(payfastSite(configured, sandbox)).origin))];
}
