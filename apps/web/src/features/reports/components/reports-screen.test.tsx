import type { DayClose, DayReport, LiabilityReport, SalesReport } from "@kantien/domain/reports";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadTexts } from "../../../lib/i18n";
import { mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { ReportsScreen } from "./reports-screen";

// Wednesday 11 June 2031 in the canteen: yesterday, Tuesday the 10th, is the day shown first.
const NOW = new Date("2031-06-11T10:00:00Z");
const YESTERDAY = "2031-06-10";

const DAY: DayReport = {
  date: YESTERDAY,
  sales: { orders: 12, portions: 15, amount: "540.00" },
  byItem: [
    { name: "Bobotie", orders: 8, portions: 10, amount: "400.00" },
    { name: '=HYPERLINK("x")', orders: 4, portions: 5, amount: "140.00" },
  ],
  byRole: [
    { roleId: ROLE.student, orders: 10, portions: 12, amount: "420.00" },
    { roleId: ROLE.academyStaff, orders: 2, portions: 3, amount: "120.00" },
  ],
  money: {
    topUps: {
      cash: { amount: "200.00", count: 2 },
      card: { amount: "100.00", count: 1 },
      eft: { amount: "500.00", count: 1 },
      online: { amount: "0.00", count: 0 },
      other: { amount: "0.00", count: 0 },
    },
    totalIn: "800.00",
    reversals: { amount: "-150.00", count: 1 },
    refunds: { amount: "45.00", count: 1 },
    corrections: { amount: "-10.00", count: 1 },
  },
  noShows: { orders: 1, portions: 1, amount: "45.00" },
  moneyInByPayer: {
    guardian: { amount: "500.00", count: 1 },
    learner: { amount: "150.00", count: 2 },
    staff: { amount: "0.00", count: 0 },
  },
  walletProof: {
    opening: "1000.00",
    moneyIn: "800.00",
    orders: "540.00",
    refunds: "45.00",
    corrections: "-10.00",
    closing: "1295.00",
    sumOfBalances: "1295.00",
    difference: "0.00",
    balanced: true,
  },
};

const CLOSE: DayClose = {
  date: YESTERDAY,
  closedAt: "2031-06-11T09:30:00Z",
  closedBy: "Anna Admin",
  hash: "a".repeat(64),
  previousHash: "b".repeat(64),
};

const closeOf = (date: string, intact: boolean) => ({ ...CLOSE, date, intact });

const dayAnswer = (close: DayClose | null = null, bankCreditsWaiting = 0): Route => ({
  body: { success: true, data: { ...DAY, close, bankCreditsWaiting } },
});

const SALES: SalesReport = {
  from: "2031-04-21",
  to: "2031-06-11",
  groupBy: "week",
  series: [
    {
      period: "2031-06-02",
      orders: 30,
      portions: 40,
      amount: "1500.00",
      topUps: { cash: "300.00", card: "0.00", eft: "900.00", online: "0.00", other: "0.00" },
      moneyHeld: "4200.00",
    },
    {
      period: "2031-06-09",
      orders: 20,
      portions: 25,
      amount: "950.00",
      topUps: { cash: "100.00", card: "50.00", eft: "0.00", online: "0.00", other: "0.00" },
      moneyHeld: "3400.00",
    },
  ],
  totals: { orders: 50, portions: 65, amount: "2450.00" },
  topItems: [{ name: "Bobotie", orders: 30, portions: 41, amount: "1640.00" }],
};

const HELD: LiabilityReport = {
  moneyHeld: "3400.00",
  customersWithMoney: 17,
  byAge: [
    { age: "0-30", customers: 12, amount: "2900.00" },
    { age: "over-365", customers: 5, amount: "500.00" },
  ],
  unallocatedBankCredits: { count: 2, amount: "250.00" },
};

const CLOSES_INTACT = {
  body: { success: true, data: { closes: [closeOf("2031-06-09", true)], chainIntact: true } },
};

function renderReports(route: string, routes: Record<string, Route>) {
  const calls = mockFetch(routes);
  const { user } = renderWithApp(<ReportsScreen />, { route, user: testUser(ROLE.kitchenAdmin) });
  return { calls, user };
}

// The app loads the reports' texts with the screen (app/screens.tsx).
beforeAll(() => loadTexts("reports"));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the day view", () => {
  it("shows yesterday's sales by dish and role, the money, and the wallet proof that balances", async () => {
    renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    expect(
      await screen.findByRole("heading", { name: "Dagverslag vir Dinsdag 10 Junie 2031" }),
    ).toBeVisible();
    expect(screen.getByText(/12 bestellings, 15 porsies, R\s?540,00/)).toBeVisible();
    const byItem = screen.getByRole("table", { name: "Per gereg" });
    expect(within(byItem).getByRole("rowheader", { name: "Bobotie" })).toBeVisible();
    const byRole = screen.getByRole("table", { name: "Per rol" });
    expect(within(byRole).getByRole("rowheader", { name: "Akademiepersoneel" })).toBeVisible();
    const sales = screen.getByRole("table", { name: "Verkope" });
    const noShows = within(sales).getByRole("row", { name: /Gereed maar nooit afgehaal nie/ });
    expect(noShows).toHaveTextContent(/R\s?45,00/);
    // A reversal is already taken off its channel: shown as such, with a real minus sign.
    const money = screen.getByRole("table", { name: "Geldbewegings" });
    expect(within(money).getByRole("row", { name: /Teruggedraai, reeds afgetrek/ })).toHaveTextContent(
      /1\u2212R\s150,00/,
    );
    expect(within(money).getByRole("rowheader", { name: "Regstellings" })).toBeVisible();
    const byPayer = screen.getByRole("table", { name: "Inbetalings volgens betaler" });
    expect(within(byPayer).getByRole("row", { name: /Deur ouers en voogde/ })).toHaveTextContent(
      /1R\s500,00/,
    );
    expect(within(byPayer).getByRole("row", { name: /In leerders se beursies/ })).toHaveTextContent(
      /2R\s150,00/,
    );
    const proof = screen.getByRole("table", { name: "Beursiebewys" });
    expect(within(proof).getByRole("row", { name: /= Sluitsaldo/ })).toHaveTextContent(/R\s?1\s?295,00/);
    expect(screen.getByText(/Klop ✓/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Sluit dag af" })).toBeEnabled();
  });

  it("shows the counter's sales by method and item, and lists the voids and stock changes for the bursar", async () => {
    renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: {
        body: {
          success: true,
          data: {
            ...DAY,
            close: null,
            bankCreditsWaiting: 0,
            counter: {
              byMethod: {
                wallet: { count: 30, amount: "540.00" },
                cash: { count: 12, amount: "180.50" },
                card: { count: 0, amount: "0.00" },
              },
              voided: { count: 1, amount: "14.00" },
              byItem: [{ name: "Appelsap 330 ml", quantity: 25, amount: "350.00" }],
              voids: [
                {
                  number: 7,
                  method: "wallet",
                  total: "14.00",
                  reason: "Verkeerde kind",
                  by: "Admin Kantien",
                  at: "2031-06-10T08:10:00.000Z",
                },
              ],
              stockChanges: [
                {
                  item: "Muffin",
                  from: 20,
                  to: 18,
                  reason: "Twee geval",
                  by: "Admin Kantien",
                  at: "2031-06-10T06:00:00.000Z",
                },
              ],
            },
          },
        },
      },
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    const counter = await screen.findByRole("table", { name: "Toonbankverkope" });
    expect(within(counter).getByRole("row", { name: /Kontant/ })).toHaveTextContent(/12R\s180,50/);
    expect(within(counter).getByRole("row", { name: /Gekanselleer/ })).toHaveTextContent(/1R\s14,00/);
    expect(
      within(screen.getByRole("table", { name: "Toonbankverkope volgens item" })).getByRole("rowheader", {
        name: "Appelsap 330 ml",
      }),
    ).toBeVisible();
    expect(screen.getByRole("table", { name: "Gekanselleerde verkope" })).toHaveTextContent("Verkeerde kind");
    expect(screen.getByRole("table", { name: "Voorraadveranderings" })).toHaveTextContent(
      "20 → 18Twee geval",
    );
  });

  it("explains each line in one sentence and puts the close under the proof it rests on", async () => {
    renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    const proof = await screen.findByRole("table", { name: "Beursiebewys" });
    // "Verkoop" and "− Bestellings" differ, and each says why.
    expect(within(proof).getByRole("row", { name: /− Bestellings/ })).toHaveTextContent(
      "Wat bestellings en toonbankverkope op hierdie dag uit die beursies geneem het, vir watter dag ook al; ‘Verkoop’ tel eerder per afhaaldag.",
    );
    const sales = screen.getByRole("table", { name: "Verkope" });
    expect(within(sales).getByRole("row", { name: /^Verkoop/ })).toHaveTextContent(
      "Bestellings wat op hierdie dag afgehaal moet word, ongeag wanneer hulle betaal is",
    );
    const money = screen.getByRole("table", { name: "Geldbewegings" });
    expect(within(money).getByRole("row", { name: /^Kontant/ })).toHaveTextContent(
      "minus kontantinbetalings wat op hierdie dag teruggedraai is",
    );
    // The proof, its result, then the close: in the page's order.
    const result = screen.getByText(/Klop ✓/);
    const close = screen.getByRole("button", { name: "Sluit dag af" });
    expect(proof.compareDocumentPosition(result) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(result.compareDocumentPosition(close) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says how much a day that does not balance is out by", async () => {
    renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: {
        body: {
          success: true,
          data: {
            ...DAY,
            walletProof: {
              ...DAY.walletProof,
              sumOfBalances: "1282.50",
              difference: "-12.50",
              balanced: false,
            },
            close: null,
            bankCreditsWaiting: 0,
          },
        },
      },
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    expect(
      await screen.findByText(/Klop nie: die beursies se saldo's verskil met \u2212R\s12,50/),
    ).toBeVisible();
    expect(screen.queryByText(/Klop ✓/)).toBeNull();
  });

  it("closes the day after a confirmation with the proof's result, the bank credits still waiting, and that its figures never change; then shows who closed it and its hash", async () => {
    const { calls, user } = renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(null, 2),
      "GET /api/reports/closes": CLOSES_INTACT,
      [`POST /api/reports/day/${YESTERDAY}/close`]: {
        status: 201,
        body: { success: true, data: { ...DAY, close: CLOSE, bankCreditsWaiting: 2 } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Sluit dag af" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Sluit Dinsdag 10 Junie 2031 af?" });
    expect(dialog).toHaveTextContent(
      /^Sluit Dinsdag 10 Junie 2031 af\?Die beursiebewys klop: die sluitsaldo van R\s1\s295,00 is gelyk aan die som van die beursies\. 2 bankinbetalings wag nog op die Geld-bladsy om hersien of toegeken te word: hulle is in geen beursie nie en is nie by hierdie syfers ingesluit nie\. Die syfers van 'n afgeslote dag verander nooit weer nie/,
    );
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Sluit dag af" }));
    expect(await screen.findByText(/Afgesluit deur Anna Admin op 11 Junie 2031/)).toBeVisible();
    expect(screen.getByText(CLOSE.hash)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Sluit dag af" })).toBeNull();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([
      `/api/reports/day/${YESTERDAY}/close`,
    ]);
  });

  it("keeps the day open when the close is cancelled", async () => {
    const { calls, user } = renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    await user.click(await screen.findByRole("button", { name: "Sluit dag af" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Kanselleer" }),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows the server's refusal of a day that does not balance, with the difference", async () => {
    const { user } = renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
      [`POST /api/reports/day/${YESTERDAY}/close`]: {
        status: 409,
        body: {
          success: false,
          code: "day_not_balanced",
          message: "Hierdie dag klop nie: die beursies se saldo's verskil van die grootboek.",
          details: { difference: "12.50" },
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Sluit dag af" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Sluit dag af" }),
    );
    const alert = await screen.findByText(/Hierdie dag klop nie/);
    expect(alert).toHaveTextContent(/Verskil: R\s?12,50\./);
    expect(screen.queryByText(/Afgesluit deur/)).toBeNull();
  });

  it("names the wallets that do not match their ledger when the server refuses the close", async () => {
    const { user } = renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
      [`POST /api/reports/day/${YESTERDAY}/close`]: {
        status: 409,
        body: {
          success: false,
          code: "day_not_balanced",
          message: "Hierdie dag klop nie: die beursies se saldo's verskil van die grootboek.",
          details: {
            difference: "0.00",
            wallets: [
              {
                customerId: "c1",
                name: "Anna Botha",
                balance: "125.00",
                ledger: "120.00",
                difference: "5.00",
              },
            ],
          },
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Sluit dag af" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Sluit dag af" }),
    );
    const alert = await screen.findByText(/Hierdie dag klop nie/);
    // The day's own sums agree: no difference to name, only the wallet.
    expect(alert).not.toHaveTextContent(/Verskil:/);
    expect(
      within(alert)
        .getByText(/Anna Botha/)
        .textContent?.replace(/\s/g, " "),
    ).toBe(
      "Beursie klop nie met sy grootboek nie: Anna Botha se saldo is R 125,00, die grootboek sê R 120,00 (verskil R 5,00).",
    );
  });

  it("shows the server's refusal of a day already closed", async () => {
    const { user } = renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
      [`POST /api/reports/day/${YESTERDAY}/close`]: {
        status: 409,
        body: { success: false, code: "day_already_closed", message: "Hierdie dag is reeds afgesluit." },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Sluit dag af" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Sluit dag af" }),
    );
    expect(await screen.findByText("Hierdie dag is reeds afgesluit.")).toBeVisible();
  });

  it("offers no close for today: only a day that is over closes", async () => {
    renderReports("/reports?date=2031-06-11", {
      "GET /api/reports/day?date=2031-06-11": {
        body: { success: true, data: { ...DAY, date: "2031-06-11", close: null, bankCreditsWaiting: 0 } },
      },
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    expect(await screen.findByRole("button", { name: "Sluit dag af" })).toBeDisabled();
    expect(screen.getByText("Net 'n dag wat verby is, kan afgesluit word.")).toBeVisible();
  });

  it("warns plainly when a stored close no longer matches its hash, naming the day", async () => {
    renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(CLOSE),
      "GET /api/reports/closes": {
        body: {
          success: true,
          data: {
            closes: [closeOf("2031-06-06", true), closeOf("2031-06-09", false), closeOf(YESTERDAY, true)],
            chainIntact: false,
          },
        },
      },
    });
    const warning = await screen.findByText(/klop nie meer met sy kontrolesom nie/);
    expect(warning).toHaveTextContent(
      "Die gestoorde afsluiting van Maandag 9 Junie 2031 klop nie meer met sy kontrolesom nie",
    );
    const list = screen.getByRole("table", { name: "Afgeslote dae" });
    expect(within(list).getByRole("row", { name: /9 Jun/ })).toHaveTextContent("Klop nie meer nie");
    expect(within(list).getByRole("row", { name: /6 Jun/ })).not.toHaveTextContent("Klop nie meer nie");
  });

  it("says nothing of a broken chain when every close matches", async () => {
    renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(),
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    expect(await screen.findByRole("table", { name: "Afgeslote dae" })).toBeVisible();
    expect(screen.queryByText(/ketting van afsluitings|afsluitings se ketting/)).toBeNull();
  });
});

describe("the sales view", () => {
  it("asks for the last eight weeks by week, and draws each chart with its figures in a table", async () => {
    const { calls, user } = renderReports("/reports?view=sales", {
      "GET /api/reports/sales?from=2031-04-21&to=2031-06-11&groupBy=week": {
        body: { success: true, data: SALES },
      },
      "GET /api/reports/sales?from=2031-04-21&to=2031-06-11&groupBy=month": {
        body: {
          success: true,
          data: { ...SALES, groupBy: "month", series: [{ ...SALES.series[0]!, period: "2031-06-01" }] },
        },
      },
    });
    expect(
      await screen.findByRole("img", { name: "Staafgrafiek: verkope in rand per week" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "Staafgrafiek: die gewildste geregte volgens porsies" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: /Gestapelde staafgrafiek: inbetalings per week/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Lyngrafiek: die geld in al die beursies/ })).toBeInTheDocument();

    const [perPeriod] = screen.getAllByRole("button", { name: "Wys tabel" });
    expect(perPeriod).toHaveAttribute("aria-expanded", "false");
    await user.click(perPeriod!);
    expect(perPeriod).toHaveAttribute("aria-expanded", "true");
    const table = screen.getByRole("table", { name: "Verkope per tydperk" });
    expect(within(table).getByRole("row", { name: /Week 23/ })).toHaveTextContent(/R\s?1\s?500,00/);
    expect(within(table).getByRole("row", { name: /Totaal/ })).toHaveTextContent(/R\s?2\s?450,00/);

    await user.click(screen.getByRole("button", { name: "Maand" }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain("groupBy=month"));
    expect(
      await screen.findByRole("img", { name: "Staafgrafiek: verkope in rand per maand" }),
    ).toBeInTheDocument();
  });

  it("shows the counter's sales by period and how they were paid, and what it sold most", async () => {
    renderReports("/reports?view=sales", {
      "GET /api/reports/sales?from=2031-04-21&to=2031-06-11&groupBy=week": {
        body: {
          success: true,
          data: {
            ...SALES,
            counter: {
              series: SALES.series.map((row, index) => ({
                period: row.period,
                sales: index === 0 ? 40 : 0,
                byMethod: {
                  wallet: index === 0 ? "300.00" : "0.00",
                  cash: index === 0 ? "150.50" : "0.00",
                  card: "0.00",
                },
              })),
              topItems: [{ name: "Appelsap 330 ml", quantity: 25, amount: "350.00" }],
            },
          },
        },
      },
    });
    const counter = await screen.findByRole("table", { name: "Toonbankverkope" });
    expect(within(counter).getAllByRole("row")[1]).toHaveTextContent(/40R\s300,00R\s150,50/);
    expect(
      within(screen.getByRole("table", { name: "Toonbankverkope volgens item" })).getByRole("rowheader", {
        name: "Appelsap 330 ml",
      }),
    ).toBeVisible();
  });

  it("does not ask for a range that ends before it starts, and says why", async () => {
    const { calls } = renderReports("/reports?view=sales&from=2031-06-11&to=2031-06-01", {});
    expect(await screen.findByText("Die einddatum moet op of ná die begindatum wees.")).toBeVisible();
    expect(calls.filter((call) => call.url.startsWith("/api/reports/sales"))).toEqual([]);
  });
});

describe("the money held view", () => {
  it("shows the money held, the customers with money, by age, and the bank credits waiting with a way to them", async () => {
    renderReports("/reports?view=held", {
      "GET /api/reports/liability": { body: { success: true, data: HELD } },
    });
    expect(await screen.findByText(/R\s?3\s?400,00 in die beursies van 17 klante\./)).toBeVisible();
    const byAge = screen.getByRole("table", { name: "Volgens laaste beweging" });
    expect(within(byAge).getByRole("row", { name: /0–30 dae/ })).toHaveTextContent(/12.*R\s?2\s?900,00/);
    // An age band without wallets is shown as nothing held, not left out.
    expect(within(byAge).getByRole("row", { name: /31–90 dae/ })).toHaveTextContent(/0.*R\s?0,00/);
    expect(screen.getByRole("img", { name: /Staafgrafiek: die geld in beursies/ })).toBeInTheDocument();
    const held = screen.getByRole("table", { name: "Geld in beursies" });
    expect(within(held).getByRole("row", { name: /Bankinbetalings nog nie toegeken nie/ })).toHaveTextContent(
      "2",
    );
    expect(screen.getByRole("link", { name: "Na Geld" })).toHaveAttribute("href", "/money");
  });
});

describe("the export", () => {
  it("downloads the day's tables as CSV in Afrikaans, a formula kept as text", async () => {
    const { user } = renderReports("/reports", {
      [`GET /api/reports/day?date=${YESTERDAY}`]: dayAnswer(CLOSE),
      "GET /api/reports/closes": CLOSES_INTACT,
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return "blob:csv";
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    // The button waits for the day's figures.
    const download = await screen.findByRole("button", { name: "Laai CSV af" });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`dagverslag-${YESTERDAY}.csv`);
    const csv = await blobs[0]!.text();
    expect(csv).toContain('"Bobotie","8","10","400,00"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"Kontrolesom","${CLOSE.hash}"`);
  });
});
