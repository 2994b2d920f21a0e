import type { Settings } from "@kantien/domain/auth";
import { type BankDetails, CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

const personal: Settings = { theme: "light", language: "af", refresh_interval: 30 };
const URL = "/api/canteen-settings/bank-details";

/** `PUT` as the server answers it: the digits of what was typed. */
const savedReply: Route = (call) => {
  const body = call.body as BankDetails;
  return {
    body: {
      success: true,
      message: "Die kantien se bankbesonderhede is gestoor.",
      data: { details: { ...body, accountNumber: body.accountNumber.replace(/\D/g, "") }, version: 3 },
    },
  };
};

function renderSettings(stored: BankDetails | null, putReply: Route = savedReply) {
  const calls = mockFetch({
    "GET /api/settings": { body: { success: true, settings: personal } },
    "GET /api/canteen-settings": { body: { success: true, data: { ...CANTEEN_RULES_DEFAULTS, version: 2 } } },
    [`GET ${URL}`]: { body: { success: true, data: { details: stored, version: 2 } } },
    [`PUT ${URL}`]: putReply,
  });
  const { user } = renderWithApp(<AppRoutes />, { route: "/canteen", user: testUser(ROLE.kitchenAdmin) });
  return { calls, user };
}

const section = () => screen.getByRole("region", { name: "Bankbesonderhede" });
const field = (name: string) => within(section()).getByRole("textbox", { name: new RegExp(`^${name}`) });
const saveButton = () => within(section()).getByRole("button", { name: "Stoor bankbesonderhede" });
const loaded = async () =>
  within(await screen.findByRole("region", { name: "Bankbesonderhede" })).findByRole("button", {
    name: "Stoor bankbesonderhede",
  });

describe("the canteen's bank details on /canteen", () => {
  it("says they are not given yet, refuses a wrong branch code at the field, and sends nothing", async () => {
    const { calls, user } = renderSettings(null);
    await loaded();
    expect(within(section()).getByText(/Nog nie ingevul nie/)).toBeVisible();
    await user.type(field("Bank"), "FNB");
    await user.type(field("Rekeninghouer"), "Kantien Akademie");
    await user.type(field("Rekeningnommer"), "62 1234 5678");
    await user.type(field("Takkode"), "25065");
    await user.click(saveButton());
    expect(await within(section()).findByText("Voer die takkode in: 6 syfers, bv. 250655.")).toBeVisible();
    expect(field("Takkode")).toHaveFocus();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("saves what an admin typed and shows what the server stored", async () => {
    const { calls, user } = renderSettings({
      bank: "ABSA",
      accountHolder: "Kantien",
      accountNumber: "4051234567",
      branchCode: "632005",
    });
    await loaded();
    expect(field("Bank")).toHaveValue("ABSA");
    await user.clear(field("Bank"));
    await user.type(field("Bank"), "FNB");
    await user.clear(field("Rekeningnommer"));
    await user.type(field("Rekeningnommer"), "62-1234-5678");
    await user.clear(field("Takkode"));
    await user.type(field("Takkode"), "250655");
    await user.click(saveButton());
    expect(await screen.findByText("Die kantien se bankbesonderhede is gestoor.")).toBeVisible();
    const puts = calls.filter((c) => c.method === "PUT");
    expect(puts.map((c) => c.body)).toEqual([
      { bank: "FNB", accountHolder: "Kantien", accountNumber: "6212345678", branchCode: "250655" },
    ]);
    await waitFor(() => expect(field("Rekeningnommer")).toHaveValue("6212345678"));
  });
});
