import type { BankDetails } from "@kantien/domain/canteen";
import type { LimitsToday } from "@kantien/domain/my";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";

const FNB: BankDetails = {
  bank: "FNB",
  accountHolder: "Kantien Akademie",
  accountNumber: "6212345678",
  branchCode: "250655",
};

function renderWallet(eft: BankDetails | null, limits: LimitsToday | null = null) {
  mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    "GET /api/my/wallet?limit=20&offset=0": {
      body: {
        success: true,
        data: {
          balance: "20.00",
          lowBalanceThreshold: "50.00",
          paymentReference: "KAN7K3Q9Z",
          eft,
          transactions: [],
          total: 0,
          limits,
        },
      },
    },
  });
  return renderWithApp(<AppRoutes />, { route: "/my/wallet", user: testUser(ROLE.student) });
}

const eftCard = () => screen.findByRole("region", { name: "Betaal per EFT" });

describe("paying by EFT on /my/wallet", () => {
  it("shows my reference with the canteen's account, and copies the reference", async () => {
    const { user } = renderWallet(FNB);
    const card = await eftCard();
    expect(within(card).getByText("KAN7K3Q9Z")).toBeVisible();
    expect(within(card).getByText(/Gebruik presies hierdie verwysing/)).toBeVisible();
    const account: [string, string][] = [
      ["Bank", "FNB"],
      ["Rekeninghouer", "Kantien Akademie"],
      ["Rekeningnommer", "6212345678"],
      ["Takkode", "250655"],
    ];
    for (const [term, value] of account) {
      expect(within(card).getByText(term).nextElementSibling).toHaveTextContent(value);
    }
    await user.click(within(card).getByRole("button", { name: "Kopieer verwysing" }));
    expect(await screen.findByText("Verwysing gekopieer")).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe("KAN7K3Q9Z");
  });

  it("says where to pay while the canteen has not given its account", async () => {
    renderWallet(null);
    const card = await eftCard();
    expect(within(card).getByText("KAN7K3Q9Z")).toBeVisible();
    expect(within(card).getByRole("note")).toHaveTextContent(/Betaal by die toonbank/);
    expect(within(card).queryByText("Rekeningnommer")).not.toBeInTheDocument();
  });

  it("shows a learner what their guardian set, and what is left of it", async () => {
    renderWallet(FNB, {
      dailyLimit: "60.00",
      weeklyLimit: null,
      leftToday: "15.50",
      leftThisWeek: null,
      blockedAllergens: ["peanuts"],
      blockedDishes: ["Sjokoladekoek"],
    });
    const card = await screen.findByRole("region", { name: "Perke deur jou ouer of voog gestel" });
    expect(card).toHaveTextContent(/Hoogstens R\s60,00 per dag: nog R\s15,50 vir vandag se bestellings\./);
    expect(card).toHaveTextContent("Jy kan nie geregte bestel wat dit (kan) bevat nie: grondboontjies.");
    expect(card).toHaveTextContent("Jy kan nie hierdie geregte bestel nie: Sjokoladekoek.");
    expect(card).not.toHaveTextContent("per week");
  });

  it("shows no limits card when nothing is set", async () => {
    renderWallet(FNB);
    await eftCard();
    expect(
      screen.queryByRole("region", { name: "Perke deur jou ouer of voog gestel" }),
    ).not.toBeInTheDocument();
  });
});

describe("paying at the counter from /my/wallet", () => {
  it("shows my counter code big, to be scanned", async () => {
    mockFetch({
      "GET /api/my/wallet?limit=20&offset=0": {
        body: {
          success: true,
          data: {
            balance: "20.00",
            lowBalanceThreshold: "50.00",
            paymentReference: "KAN7K3Q9Z",
            eft: null,
            transactions: [],
            total: 0,
            limits: null,
          },
        },
      },
      "POST /api/my/card": { body: { success: true, data: { code: "kantien:card:0123456789ABCDEF" } } },
    });
    const { user } = renderWithApp(<AppRoutes />, { route: "/my/wallet", user: testUser(ROLE.student) });
    const section = await screen.findByRole("region", { name: "Betaal by die toonbank" });
    await user.click(within(section).getByRole("button", { name: "Wys my toonbankkode" }));
    const dialog = await screen.findByRole("dialog", { name: "Betaal by die toonbank" });
    expect(
      await within(dialog).findByRole("img", { name: "Toonbankkode om uit jou beursie te betaal" }),
    ).toBeVisible();
  });
});
