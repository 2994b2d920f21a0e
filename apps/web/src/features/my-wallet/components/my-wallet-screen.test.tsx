import type { BankDetails } from "@kantien/domain/canteen";
import type { LimitsToday } from "@kantien/domain/my";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../app/router";
import type { MyWallet } from "../../../lib/my-data";
import { actForLearner } from "../../../test/learners";
import { mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";

const FNB: BankDetails = {
  bank: "FNB",
  accountHolder: "Kantien Akademie",
  accountNumber: "6212345678",
  branchCode: "250655",
};

/** `GET /api/my/wallet`'s first page as the server answers it: a wallet of R 20, nothing yet. */
function walletReply(data: Partial<MyWallet> = {}): Route {
  return {
    body: {
      success: true,
      data: {
        balance: "20.00",
        lowBalanceThreshold: "50.00",
        paymentReference: "KAN7K3Q9Z",
        eft: null,
        online: null,
        transactions: [],
        total: 0,
        limits: null,
        ...data,
      },
    },
  };
}

const CONFIG: Route = {
  body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
};

function renderWallet(eft: BankDetails | null, limits: LimitsToday | null = null) {
  mockFetch({
    "GET /api/config": CONFIG,
    "GET /api/my/wallet?limit=20&offset=0": walletReply({ eft, limits }),
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

describe("a learner's wallet, shown to the guardian who acts for them", () => {
  it("speaks of the learner's balance, reference, limits and code, never of 'jou'", async () => {
    const { learnerApi, learnersRoute } = actForLearner("20.00");
    mockFetch({
      "GET /api/config": CONFIG,
      ...learnersRoute,
      [`GET ${learnerApi}/wallet?limit=20&offset=0`]: walletReply({
        eft: FNB,
        limits: {
          dailyLimit: "60.00",
          weeklyLimit: null,
          leftToday: "60.00",
          leftThisWeek: null,
          blockedAllergens: ["peanuts"],
          blockedDishes: ["Sjokoladekoek"],
        },
      }),
    });
    renderWithApp(<AppRoutes />, { route: "/my/wallet", user: testUser(ROLE.guardian) });
    expect(await screen.findByText("Die leerder se saldo")).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(
      /^Die leerder se saldo is laer as R\s50,00\. Betaal per EFT met die leerder se verwysing KAN7K3Q9Z/,
    );
    const limits = screen.getByRole("region", { name: "Perke vir hierdie leerder" });
    expect(limits).toHaveTextContent(
      "Die leerder kan nie geregte bestel wat dit (kan) bevat nie: grondboontjies.",
    );
    expect(limits).toHaveTextContent("Die leerder kan nie hierdie geregte bestel nie: Sjokoladekoek.");
    const eft = await eftCard();
    expect(within(eft).getByText("Die leerder se betalingsverwysing")).toBeVisible();
    expect(eft).toHaveTextContent(/Dan kom die geld vanself in die leerder se beursie/);
    const counter = screen.getByRole("region", { name: "Betaal by die toonbank" });
    expect(within(counter).getByRole("button", { name: "Wys die leerder se toonbankkode" })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/\b[Jj]ou saldo|\b[Jj]ou beursie|\bJy kan nie/);
  });
});

describe("paying at the counter from /my/wallet", () => {
  it("shows my counter code big, to be scanned", async () => {
    mockFetch({
      "GET /api/my/wallet?limit=20&offset=0": walletReply(),
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

const PAYMENT = "0b5f4a2e-8c1d-4e7a-9f3b-2d6c8e1a4b70";

const OFFER = {
  provider: "simulator",
  sandbox: false,
  minAmount: "20.00",
  maxAmount: "2000.00",
  feeFixed: "1.00",
  feePercent: "2.00",
} as const;

function renderOnline(route: string, routes: Record<string, Route> = {}) {
  const calls = mockFetch({
    "GET /api/config": CONFIG,
    "GET /api/my/wallet?limit=20&offset=0": walletReply({ lowBalanceThreshold: "10.00", online: OFFER }),
    ...routes,
  });
  return { calls, ...renderWithApp(<AppRoutes />, { route, user: testUser(ROLE.student) }) };
}

describe("topping up online from /my/wallet", () => {
  it("shows the fee and what I pay before paying, then goes to the provider's page with a key", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { user, calls } = renderOnline("/my/wallet", {
      "POST /api/my/payments": {
        status: 201,
        body: {
          success: true,
          data: { id: "p1", redirectUrl: "http://localhost/api/payments/simulator/checkout/sim_1" },
        },
      },
    });
    const section = await screen.findByRole("region", { name: "Laai op met kaart" });
    const amount = within(section).getByRole("textbox", { name: /Bedrag vir die beursie/ });
    await user.type(amount, "10");
    await user.click(within(section).getByRole("button", { name: "Betaal nou" }));
    expect(within(section).getByText(/Voer 'n bedrag tussen R.20,00 en R.2.000,00 in\./)).toBeVisible();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await user.clear(amount);
    await user.type(amount, "100");
    expect(within(section).getByText(/Plus R.3,00 diensfooi: jy betaal R.103,00\./)).toBeVisible();
    await user.click(within(section).getByRole("button", { name: /Betaal R.103,00/ }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith("http://localhost/api/payments/simulator/checkout/sim_1"),
    );
    const post = calls.find((call) => call.method === "POST")!;
    expect(post.body).toEqual({ amount: "100.00" });
    expect(post.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{32,36}$/);
    assign.mockRestore();
  });

  it("waits for the provider's notification after its page, then shows the new balance", async () => {
    let asked = 0;
    renderOnline(`/my/wallet?payment=${PAYMENT}`, {
      [`GET /api/my/payments/${PAYMENT}`]: () => {
        asked += 1;
        const status = asked < 3 ? "pending" : "credited";
        return {
          body: {
            success: true,
            data: {
              id: PAYMENT,
              status,
              amount: "100.00",
              fee: "3.00",
              balance: status === "credited" ? "120.00" : "20.00",
            },
          },
        };
      },
    });
    expect(await screen.findByText("Betaling word bevestig…")).toBeVisible();
    expect(
      await screen.findByText(/R.100,00 is in die beursie\. Nuwe saldo: R.120,00\./, {}, { timeout: 3000 }),
    ).toBeVisible();
  });

  it("says a cancelled payment paid nothing, and tells the server so", async () => {
    const { calls } = renderOnline(`/my/wallet?payment=${PAYMENT}&outcome=cancelled`, {
      [`POST /api/my/payments/${PAYMENT}/abandon`]: {
        body: {
          success: true,
          data: { id: PAYMENT, status: "cancelled", amount: "100.00", fee: "3.00", balance: "20.00" },
        },
      },
      [`GET /api/my/payments/${PAYMENT}`]: {
        body: {
          success: true,
          data: { id: PAYMENT, status: "cancelled", amount: "100.00", fee: "3.00", balance: "20.00" },
        },
      },
    });
    expect(await screen.findByText("Die betaling is gekanselleer. Niks is betaal nie.")).toBeVisible();
    expect(calls.filter((call) => call.url.endsWith("/abandon")).map((call) => call.body)).toEqual([
      { outcome: "cancelled" },
    ]);
  });

  it("says a test payment in the sandbox reached no wallet, and warns before paying in test mode", async () => {
    renderOnline(`/my/wallet?payment=${PAYMENT}`, {
      "GET /api/my/wallet?limit=20&offset=0": walletReply({
        lowBalanceThreshold: "10.00",
        online: { ...OFFER, sandbox: true },
      }),
      [`GET /api/my/payments/${PAYMENT}`]: {
        body: {
          success: true,
          data: { id: PAYMENT, status: "test", amount: "100.00", fee: "3.00", balance: "20.00" },
        },
      },
    });
    expect(await screen.findByText(/Toetsbetaling deur die verskaffer bevestig/)).toBeVisible();
    const section = await screen.findByRole("region", { name: "Laai op met kaart" });
    expect(within(section).getByRole("note")).toHaveTextContent(/Toetsmodus/);
  });

  it("reads no payment from an address that names none", async () => {
    const { calls } = renderOnline("/my/wallet?payment=..%2F..%2Fauth%2Flogout&outcome=cancelled");
    await screen.findByRole("region", { name: "Laai op met kaart" });
    expect(calls.filter((call) => call.url.includes("/payments/") || call.url.includes("logout"))).toEqual(
      [],
    );
  });
});
