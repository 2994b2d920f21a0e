import type { Settings } from "@kantien/domain/auth";
import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import type { PaymentSettings } from "@kantien/domain/online-payments";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";

const personal: Settings = { theme: "light", language: "af", refresh_interval: 30 };
const URL = "/api/canteen-settings/payments";

const STORED: PaymentSettings = {
  provider: null,
  sandbox: true,
  minAmount: "20.00",
  maxAmount: "2000.00",
  feeFixed: "0.00",
  feePercent: "0.00",
  merchantId: null,
  secretsSet: { merchantKey: false, passphrase: false, secretKey: true, webhookSecret: false },
  simulatorAllowed: false,
  notifyUrls: {
    payfast: "https://kantien.example/api/payments/payfast/notify",
    yoco: "https://kantien.example/api/payments/yoco/webhook",
  },
  version: 4,
};

function renderPayments(putReply: Route) {
  const calls = mockFetch({
    "GET /api/settings": { body: { success: true, settings: personal } },
    "GET /api/canteen-settings": { body: { success: true, data: { ...CANTEEN_RULES_DEFAULTS, version: 2 } } },
    "GET /api/canteen-settings/bank-details": {
      body: { success: true, data: { details: null, version: 2 } },
    },
    "GET /api/counter-items": { body: { success: true, data: { date: "2031-03-04", items: [] } } },
    [`GET ${URL}`]: { body: { success: true, data: STORED } },
    [`PUT ${URL}`]: putReply,
  });
  const { user } = renderWithApp(<AppRoutes />, { route: "/canteen", user: testUser(ROLE.kitchenAdmin) });
  return { calls, user };
}

const section = async () => {
  const found = await screen.findByRole("region", { name: "Aanlynbetalings" });
  await within(found).findByRole("button", { name: "Stoor aanlynbetalings" });
  return found;
};

describe("online payments on /canteen", () => {
  it("shows each key as set or not, never its value, and sends only the keys typed", async () => {
    const { calls, user } = renderPayments(() => ({
      body: {
        success: true,
        message: "Die aanlynbetalings is gestoor.",
        data: {
          ...STORED,
          provider: "yoco",
          secretsSet: { ...STORED.secretsSet, webhookSecret: true },
          version: 5,
        },
      },
    }));
    const payments = await section();
    // The simulator is not offered where the environment does not allow it.
    expect(within(payments).queryByRole("radio", { name: /Simulator/ })).not.toBeInTheDocument();
    await user.click(within(payments).getByRole("radio", { name: "Yoco (kaart)" }));
    expect(within(payments).getByText(/Gestel\. Tik 'n nuwe een/)).toBeVisible();
    expect(within(payments).getByText("Nie gestel nie.")).toBeVisible();
    expect(within(payments).getByText("https://kantien.example/api/payments/yoco/webhook")).toBeVisible();
    await user.type(
      within(payments).getByLabelText(/Yoco webhook-geheim/),
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    );
    await user.click(within(payments).getByRole("button", { name: "Stoor aanlynbetalings" }));
    expect(await screen.findByText("Die aanlynbetalings is gestoor.")).toBeVisible();
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.headers["If-Match"]).toBe('"4"');
    expect(put.body).toEqual({
      provider: "yoco",
      sandbox: true,
      minAmount: "20,00",
      maxAmount: "2000,00",
      feeFixed: "0,00",
      feePercent: "0,00",
      merchantId: null,
      webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
  });

  it("shows the server's refusal at the field it names, and keeps what was typed", async () => {
    const { user } = renderPayments({
      status: 400,
      body: {
        success: false,
        code: "validation_failed",
        message: "Sommige velde is ongeldig. Kyk asseblief weer.",
        details: [
          { field: "feePercent", message: "Die fooi is hoogstens R 100 plus hoogstens 10% van die bedrag." },
        ],
      },
    });
    const payments = await section();
    const percent = within(payments).getByRole("textbox", { name: /Diensfooi \(persentasie\)/ });
    await user.clear(percent);
    await user.type(percent, "12");
    await user.click(within(payments).getByRole("button", { name: "Stoor aanlynbetalings" }));
    expect(
      await within(payments).findByText("Die fooi is hoogstens R 100 plus hoogstens 10% van die bedrag."),
    ).toBeVisible();
    expect(percent).toHaveValue("12");
  });
});
