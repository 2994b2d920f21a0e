import { describe, expect, it } from "vitest";
import {
  type PayfastNotice,
  parsePayfastNotice as parse,
  payfastNoticeSigned,
  phpUrlEncode,
  signedPayfastForm,
} from "./payfast";

/** A notice that must be readable: the test fails here when it is not. */
function parsePayfastNotice(body: string): PayfastNotice {
  const notice = parse(body);
  if (notice === null) throw new Error(`unreadable ITN: ${body}`);
  return notice;
}

import { signWebhook, verifiedWebhook } from "./yoco";

/*
 * The providers' own published examples, reproduced: a payment form and an ITN from PayFast's
 * PHP SDK tests (Payfast/payfast-php-sdk: tests/unit/AuthTest.php "testGenerateSignatureOrdering",
 * tests/PaymentIntegrations/NotificationTest.php), and the Standard Webhooks test vector
 * (standard-webhooks/standard-webhooks: libraries/javascript/src/webhook.test.ts).
 */

/** base64 without its padding, as the SDK's test encodes its custom strings. */
const b64 = (text: string) => Buffer.from(text).toString("base64").replace(/=+$/, "");

describe("PayFast's payment form", () => {
  it("is signed as PayFast's SDK signs it: its field order, blanks left out, '0' kept, the passphrase last", () => {
    // The SDK's test gives the fields shuffled; the signature follows PayFast's order.
    const fields = signedPayfastForm(
      {
        merchant_id: "10028084",
        merchant_key: "4hjoenwbwnuso",
        subscription_type: "1",
        m_payment_id: "5",
        amount: "5.00",
        recurring_amount: "5",
        billing_date: "2023-01-01",
        frequency: "3",
        cycles: "0",
        custom_str1: b64("Some Test String"),
        custom_int1: "1",
        custom_int2: "1",
        custom_str2: b64("Another Test String"),
        item_name: "Test",
        item_description: "",
        name_last: "Test",
        name_first: "Test",
        email_address: "test@test.com",
        confirmation_address: "test@test.test",
        email_confirmation: "1",
        return_url: "https://test.com/billing/success",
        cancel_url: "https://test.com/billing/cancel",
        notify_url: "https://test.com/payfast/webhook",
      },
      "payfastsandbox",
    );
    expect(fields.at(-1)).toEqual(["signature", "3441682c5d8a65486f5b7cc8ce41d146"]);
    expect(fields.map(([name]) => name).slice(0, 5)).toEqual([
      "merchant_id",
      "merchant_key",
      "return_url",
      "cancel_url",
      "notify_url",
    ]);
    expect(fields.some(([name]) => name === "item_description")).toBe(false);
    expect(fields).toContainEqual(["cycles", "0"]);
  });

  it("encodes as PHP's urlencode does: spaces as '+', upper-case hex, and !'()*~ too", () => {
    expect(phpUrlEncode("Order #20 (Sanet's) ~ *!")).toBe("Order+%2320+%28Sanet%27s%29+%7E+%2A%21");
    expect(phpUrlEncode("https://a.b/c?d=e")).toBe("https%3A%2F%2Fa.b%2Fc%3Fd%3De");
  });
});

/** The ITN of PayFast's SDK test, as PayFast posts it (form-encoded, in this order); no passphrase. */
const SDK_ITN =
  "m_payment_id=000000020&pf_payment_id=1579137&payment_status=COMPLETE&item_name=Order+%23000000020" +
  "&item_description=&amount_gross=15.00&amount_fee=-2.30&amount_net=12.70&custom_str1=&custom_str2=" +
  "&custom_str3=&custom_str4=&custom_str5=&custom_int1=&custom_int2=&custom_int3=&custom_int4=" +
  "&custom_int5=&name_first=Tom&name_last=Tom&email_address=lindley%2Buser1%40appinlet.com" +
  "&merchant_id=10027938&signature=4078bca2c8987e0e0c4e7230f2f46323";

describe("PayFast's ITN", () => {
  it("is signed over its fields in the order received, blanks included, up to the signature", () => {
    const notice = parsePayfastNotice(SDK_ITN);
    expect(notice.fields.get("email_address")).toBe("lindley+user1@appinlet.com");
    expect(payfastNoticeSigned(notice, "")).toBe(true);
  });

  it("is refused when a field was changed, the order differs, a passphrase is expected, or it is unsigned", () => {
    expect(payfastNoticeSigned(parsePayfastNotice(SDK_ITN.replace("15.00", "150.00")), "")).toBe(false);
    const reordered = SDK_ITN.replace(
      "m_payment_id=000000020&pf_payment_id=1579137",
      "pf_payment_id=1579137&m_payment_id=000000020",
    );
    expect(payfastNoticeSigned(parsePayfastNotice(reordered), "")).toBe(false);
    expect(payfastNoticeSigned(parsePayfastNotice(SDK_ITN), "jt7NOE43FZPn")).toBe(false);
    expect(payfastNoticeSigned(parsePayfastNotice(SDK_ITN.replace(/&signature=.*$/, "")), "")).toBe(false);
    expect(
      payfastNoticeSigned(parsePayfastNotice(`${SDK_ITN.replace(/&signature=.*$/, "")}&signature=zz`), ""),
    ).toBe(false);
  });
});

describe("an ITN's fields", () => {
  it("are those PayFast signed: a field after the signature is not read, a field named twice is refused", () => {
    const appended = parsePayfastNotice(`${SDK_ITN}&amount_gross=9999.00&payment_status=COMPLETE`);
    expect(appended.fields.get("amount_gross")).toBe("15.00");
    expect(payfastNoticeSigned(appended, "")).toBe(true);
    expect(
      parse(SDK_ITN.replace("m_payment_id=000000020", "m_payment_id=000000020&m_payment_id=1")),
    ).toBeNull();
  });
});

describe("Standard Webhooks (Yoco's, the simulator's)", () => {
  const VECTOR = {
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
    timestamp: 1614265330,
    payload: '{"test": 2432232314}',
    signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  };
  const at = new Date(VECTOR.timestamp * 1000);

  it("signs as the standard's test vector says", () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, at, VECTOR.payload)["webhook-signature"]).toBe(
      VECTOR.signature,
    );
  });

  it("takes the vector at its own time, and refuses it more than 3 minutes later or earlier", () => {
    const headers = {
      "webhook-id": VECTOR.id,
      "webhook-timestamp": String(VECTOR.timestamp),
      "webhook-signature": VECTOR.signature,
    };
    // The package checks its own 5 minutes against the machine's clock, so its time is faked here.
    const realNow = Date.now;
    try {
      Date.now = () => at.getTime() + 170_000;
      expect(verifiedWebhook(VECTOR.secret, VECTOR.payload, headers, Date.now())).toEqual({
        messageId: VECTOR.id,
        event: { test: 2432232314 },
      });
      Date.now = () => at.getTime() + 190_000;
      expect(verifiedWebhook(VECTOR.secret, VECTOR.payload, headers, Date.now())).toBeNull();
      Date.now = () => at.getTime() - 190_000;
      expect(verifiedWebhook(VECTOR.secret, VECTOR.payload, headers, Date.now())).toBeNull();
    } finally {
      Date.now = realNow;
    }
  });

  it("refuses another body, another secret, a missing header, and a signature of another scheme", () => {
    const now = new Date();
    const body = '{"type":"payment.succeeded"}';
    const headers = signWebhook(VECTOR.secret, "msg_1", now, body);
    expect(verifiedWebhook(VECTOR.secret, body, headers, now.getTime())).not.toBeNull();
    expect(
      verifiedWebhook(VECTOR.secret, body.replace("succeeded", "failed"), headers, now.getTime()),
    ).toBeNull();
    expect(verifiedWebhook("whsec_QW5vdGhlclNlY3JldEtleTEyMzQ=", body, headers, now.getTime())).toBeNull();
    expect(
      verifiedWebhook(VECTOR.secret, body, { ...headers, "webhook-id": undefined }, now.getTime()),
    ).toBeNull();
    const v2 = headers["webhook-signature"]!.replace("v1,", "v2,");
    expect(
      verifiedWebhook(VECTOR.secret, body, { ...headers, "webhook-signature": v2 }, now.getTime()),
    ).toBeNull();
  });
});
