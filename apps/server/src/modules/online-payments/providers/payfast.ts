import { createHash, timingSafeEqual } from "node:crypto";
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

/** `name=value&…`, each value PHP-encoded as it is (the form's values are trimmed before). */
export function paramString(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${name}=${phpUrlEncode(value)}`).join("&");
}

function withPassphrase(params: string, passphrase: string | null): string {
  // PayFast's SDK appends it as given: no trim.
  return passphrase ? `${params}&passphrase=${phpUrlEncode(passphrase)}` : params;
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

/**
 * An ITN as posted: the fields before `signature` in the order received, blank ones too (what
 * PayFast signed), and the signature. Only these are read: anything after the signature is
 * nobody's word. A field named twice makes the whole notice unreadable (null).
 */
export type PayfastNotice = {
  signed: [string, string][];
  fields: Map<string, string>;
  signature: string | null;
};

export function parsePayfastNotice(body: string): PayfastNotice | null {
  const pairs = [...new URLSearchParams(body)];
  const end = pairs.findIndex(([name]) => name === "signature");
  const signed = end === -1 ? pairs : pairs.slice(0, end);
  const fields = new Map(signed);
  if (fields.size !== signed.length) return null;
  return { signed, fields, signature: end === -1 ? null : (pairs[end]?.[1] ?? null) };
}

/** The ITN's own parameter string: what its signature covers and the validate call posts. */
export function noticeParamString(notice: PayfastNotice): string {
  return paramString(notice.signed);
}

/**
 * Signed with this passphrase ("" for none, as PayFast's SDK). The route asks for the canteen's,
 * which it always has: without one the signature is an MD5 anyone can make.
 */
export function payfastNoticeSigned(notice: PayfastNotice, passphrase: string): boolean {
  const given = notice.signature;
  if (!given || !/^[0-9a-f]{32}$/.test(given)) return false;
  const expected = md5(withPassphrase(noticeParamString(notice), passphrase));
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
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
 * PayFast's server confirmation: the ITN's parameter string posted back to its validate URL.
 * `VALID` or `INVALID` is its answer; no answer, or another, is `unknown`: asked again later.
 */
export async function payfastConfirms(
  site: string,
  notice: PayfastNotice,
): Promise<"valid" | "invalid" | "unknown"> {
  try {
    const answer = await fetch(`${site}/eng/query/validate`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: noticeParamString(notice),
      signal: AbortSignal.timeout(15_000),
    });
    const text = answer.ok ? (await answer.text()).trim() : "";
    return text === "VALID" ? "valid" : text === "INVALID" ? "invalid" : "unknown";
  } catch {
    return "unknown";
  }
}

/** The origins PayFast's payment form may be posted to, sandbox and live (the page's CSP form-action). */
export function payfastOrigins(configured: string | undefined): string[] {
  return [...new Set([true, false].map((sandbox) => new URL(payfastSite(configured, sandbox)).origin))];
}
