import type { DashboardSummary } from "@kantien/domain/dashboard";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, loadLanguage } from "../../../lib/i18n";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { DashboardScreen } from "./dashboard-screen";

const NOW = new Date("2031-06-11T10:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

/** A busy Wednesday: orders in every stage, money in, low balances, a late order and gaps in the menu. */
const SUMMARY: DashboardSummary = {
  today: {
    date: "2031-06-11",
    toMake: [
      { itemName: "Bobotie", portions: 12 },
      { itemName: "Vegetariese pasta", portions: 3 },
    ],
    orders: { total: 21, pending: 8, processing: 3, ready: 4, delivered: 6 },
    late: 2,
    lateMinutes: 20,
  },
  money: {
    topUps: {
      cash: { amount: "150.50", count: 2 },
      card: { amount: "80.00", count: 1 },
      eft: { amount: "1200.00", count: 4 },
      online: { amount: "0.00", count: 0 },
      other: { amount: "20.00", count: 1 },
    },
    totalIn: "1450.50",
    reversals: { amount: "-1500.00", count: 1 },
    refunds: { amount: "45.50", count: 1 },
    corrections: { amount: "-70.00", count: 2 },
    bankCreditsWaiting: 3,
  },
  walletsOffLedger: [],
  lowBalances: { count: 7, threshold: "50.00" },
  // Friday of this week, and all of next week.
  daysWithoutMenu: ["2031-06-13", "2031-06-16", "2031-06-17", "2031-06-18", "2031-06-19", "2031-06-20"],
  activity: [
    {
      id: "o1",
      type: "order",
      title: "Thandi Botha",
      description: "Bobotie × 2",
      roleId: null,
      timestamp: ago(0),
      status: "pending",
    },
    {
      id: "o2",
      type: "order",
      title: "Pieter Nel",
      description: "Pizza × 1",
      roleId: null,
      timestamp: ago(5),
      status: "processing",
    },
    {
      id: "u1",
      type: "user",
      title: "Sipho Dlamini",
      description: "STUDENT",
      roleId: 1,
      timestamp: ago(180),
      status: "completed",
    },
    {
      id: "o3",
      type: "order",
      title: "Anna Smit",
      description: "Pap × 1",
      roleId: null,
      timestamp: ago(60 * 30),
      status: "failed",
    },
    {
      id: "u2",
      type: "user",
      title: "Johan Venter",
      description: "STUDENT",
      roleId: 1,
      timestamp: ago(60),
      status: "completed",
    },
  ],
};

/** A quiet day: no orders, no money, nobody low, a menu for every watched day. */
const QUIET: DashboardSummary = {
  today: {
    date: "2031-06-11",
    toMake: [],
    orders: { total: 0, pending: 0, processing: 0, ready: 0, delivered: 0 },
    late: 0,
    lateMinutes: 20,
  },
  money: {
    topUps: {
      cash: { amount: "0.00", count: 0 },
      card: { amount: "0.00", count: 0 },
      eft: { amount: "0.00", count: 0 },
      online: { amount: "0.00", count: 0 },
      other: { amount: "0.00", count: 0 },
    },
    totalIn: "0.00",
    reversals: { amount: "0.00", count: 0 },
    refunds: { amount: "0.00", count: 0 },
    corrections: { amount: "0.00", count: 0 },
    bankCreditsWaiting: 0,
  },
  walletsOffLedger: [],
  lowBalances: { count: 0, threshold: "50.00" },
  daysWithoutMenu: [],
  activity: [],
};

function renderDashboard(
  roleId: number = ROLE.kitchenAdmin,
  reply?: Parameters<typeof mockFetch>[0][string],
) {
  const calls = mockFetch({ "GET /api/dashboard": reply ?? { body: { success: true, data: SUMMARY } } });
  return { ...renderWithApp(<DashboardScreen />, { route: "/dashboard", user: testUser(roleId) }), calls };
}

const region = (name: string) => screen.getByRole("region", { name });
/** The day's heading shows once the answer is in. */
const loaded = () => screen.findByText("Vandag: Woensdag 11 Junie 2031");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("DashboardScreen", () => {
  it("answers what today asks of an admin, from one request", async () => {
    const { calls } = renderDashboard();
    await loaded();
    const toMake = region("Nog te maak");
    expect(toMake).toHaveTextContent("15 porsies");
    expect(
      within(within(toMake).getByRole("list", { name: "Porsies per gereg" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Bobotie× 12", "Vegetariese pasta× 3"]);
    expect(within(toMake).getByRole("link", { name: "Na die kombuisbord" })).toHaveAttribute(
      "href",
      "/kitchen",
    );

    const orders = region("Bestellings vandag");
    expect(orders).toHaveTextContent("21 bestellings");
    expect(
      within(within(orders).getByRole("list", { name: "Bestellings per stap" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Om te doen8", "Besig3", "Gereed4", "Afgehaal6"]);
    // Orders wait to be collected: the counter is where one hands them over.
    expect(within(orders).getByRole("link", { name: "Na die toonbank" })).toHaveAttribute(
      "href",
      "/kitchen/counter",
    );

    const money = region("Vandag ingebetaal");
    expect(money).toHaveTextContent("R 1 450,50");
    expect(
      within(within(money).getByRole("list", { name: "Inbetalings per betaalwyse" }))
        .getAllByRole("listitem")
        // Rand amounts are written with non-breaking spaces.
        .map((item) => item.textContent?.replace(/\s/g, " ")),
    ).toEqual([
      "Kontant (2)R 150,50",
      "Kaart (1)R 80,00",
      "EFT (4)R 1 200,00",
      "Aanlyn (0)R 0,00",
      "Ander inbetalings (1)R 20,00",
      // Already taken off the channels above, whose sum is the total.
      "Teruggedraai, reeds afgetrek (1)\u2212R 1 500,00",
      "Terugbetalings (1)R 45,50",
      "Regstellings (2)\u2212R 70,00",
    ]);
    expect(within(money).getByRole("link", { name: "Na Geld" })).toHaveAttribute("href", "/money");

    const low = region("Lae saldo's");
    expect(low).toHaveTextContent("7klante met minder as R 50,00 in die beursie");
    expect(within(low).getByRole("link", { name: "Wys hulle" })).toHaveAttribute("href", "/users?tab=low");
    expect(calls.filter((c) => c.url === "/api/dashboard")).toHaveLength(1);
  });

  it("warns of late orders, days without a dish, a week without a menu and bank credits, each with its link", async () => {
    renderDashboard();
    const warnings = await screen.findByRole("region", { name: "Aandag nodig" });
    const items = within(warnings).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "2 bestellings wag al langer as 20 minuteNa die kombuisbord",
      "Geen gereg op die spyskaart vir Vrydag 13 Junie nie.Na die spyskaart",
      "Volgende week het nog geen spyskaart nie.Na die spyskaart",
      "3 bankinbetalings wag om aan 'n beursie toegeken te word.Na Geld",
    ]);
    expect(items.map((item) => within(item).getByRole("link").getAttribute("href"))).toEqual([
      "/kitchen",
      "/menu?week=2031-06-09",
      "/menu",
      "/money",
    ]);
  });

  it("names each wallet that does not match its ledger, with its figures, linking to the reports", async () => {
    const walletsOffLedger = [
      { customerId: "c1", name: "Anna Botha", balance: "125.00", ledger: "120.00", difference: "5.00" },
    ];
    renderDashboard(ROLE.kitchenAdmin, { body: { success: true, data: { ...QUIET, walletsOffLedger } } });
    const warnings = await screen.findByRole("region", { name: "Aandag nodig" });
    const [item] = within(warnings).getAllByRole("listitem");
    expect(item!.textContent?.replace(/\s/g, " ")).toBe(
      "Beursie klop nie met sy grootboek nie: Anna Botha se saldo is R 125,00, die grootboek sê R 120,00 (verskil R 5,00). Geen dag kan afgesluit word voordat dit reggestel is nie.Na Verslae",
    );
    expect(within(item!).getByRole("link")).toHaveAttribute("href", "/reports");
  });

  it("shows staff today's kitchen and low balances, but no money and no menu links", async () => {
    renderDashboard(ROLE.kitchenStaff, {
      body: { success: true, data: { ...SUMMARY, money: null, walletsOffLedger: null } },
    });
    await loaded();
    expect(region("Nog te maak")).toHaveTextContent("15 porsies");
    expect(region("Lae saldo's")).toHaveTextContent("7");
    expect(screen.queryByRole("region", { name: "Vandag ingebetaal" })).not.toBeInTheDocument();
    expect(screen.queryByText(/R 1 450,50|bankinbetaling/)).not.toBeInTheDocument();
    const items = within(screen.getByRole("region", { name: "Aandag nodig" })).getAllByRole("listitem");
    // A cook is told the menu is missing; the admin's menu screen is not theirs to open.
    expect(items.map((item) => within(item).queryByRole("link")?.getAttribute("href") ?? null)).toEqual([
      "/kitchen",
      null,
      null,
    ]);
  });

  it("shows an admin this week's sales so far, linking to the reports' sales view", async () => {
    const week = { orders: 42, portions: 51, amount: "2040.00" };
    mockFetch({
      "GET /api/dashboard": { body: { success: true, data: SUMMARY } },
      "GET /api/reports/sales?from=2031-06-09&to=2031-06-11&groupBy=week": {
        body: {
          success: true,
          data: {
            from: "2031-06-09",
            to: "2031-06-11",
            groupBy: "week",
            series: [
              {
                period: "2031-06-09",
                ...week,
                topUps: { cash: "0.00", card: "0.00", eft: "0.00", online: "0.00", other: "0.00" },
                moneyHeld: "900.00",
              },
            ],
            totals: week,
            topItems: [],
          },
        },
      },
    });
    renderWithApp(<DashboardScreen />, { route: "/dashboard", user: testUser(ROLE.kitchenAdmin) });
    await loaded();
    const card = region("Hierdie week");
    await waitFor(() => expect(card).toHaveTextContent(/R\s?2\s?040,00/));
    expect(card).toHaveTextContent("42 bestellings, 51 porsies");
    expect(within(card).getByRole("link", { name: "Na Verslae" })).toHaveAttribute(
      "href",
      "/reports?view=sales",
    );
  });

  it("does not ask for the week's sales for staff", async () => {
    const { calls } = renderDashboard(ROLE.kitchenStaff, {
      body: { success: true, data: { ...SUMMARY, money: null, walletsOffLedger: null } },
    });
    await loaded();
    expect(screen.queryByRole("region", { name: "Hierdie week" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith("/api/reports"))).toEqual([]);
  });

  it("says what to do next on a quiet day", async () => {
    renderDashboard(ROLE.kitchenAdmin, { body: { success: true, data: QUIET } });
    await loaded();
    const toMake = region("Nog te maak");
    expect(toMake).toHaveTextContent("Nog geen bestellings vir vandag nie");
    expect(toMake).toHaveTextContent("Sodra klante vir vandag bestel");
    // Said once: the orders card's stages stand at 0, with nowhere to go yet.
    expect(region("Bestellings vandag")).toHaveTextContent("0 bestellings");
    expect(region("Bestellings vandag")).not.toHaveTextContent("Nog geen bestellings");
    expect(within(region("Bestellings vandag")).queryByRole("link")).not.toBeInTheDocument();
    expect(region("Vandag ingebetaal")).toHaveTextContent("R 0,00");
    expect(region("Vandag ingebetaal")).toHaveTextContent("Vandag is nog geen geld ingebetaal nie.");
    expect(region("Lae saldo's")).toHaveTextContent("Geen klant het minder as R 50,00 in die beursie nie.");
    expect(within(region("Lae saldo's")).queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Aandag nodig" })).toHaveTextContent(
      "Alles in orde: niks wag op jou nie.",
    );
  });

  it("says when everything ordered is made, and sends to the kitchen board when nothing waits at the counter", async () => {
    const made = {
      ...QUIET,
      today: { ...QUIET.today, orders: { total: 3, pending: 0, processing: 0, ready: 0, delivered: 3 } },
    };
    renderDashboard(ROLE.kitchenAdmin, { body: { success: true, data: made } });
    await loaded();
    const toMake = region("Nog te maak");
    expect(toMake).toHaveTextContent("Alles wat vir vandag bestel is, is gemaak.");
    expect(within(region("Bestellings vandag")).getByRole("link")).toHaveAttribute("href", "/kitchen");
  });

  it("shows progress while it loads, then the day", async () => {
    renderDashboard();
    // Before the answer: the cards hold placeholders and say they are busy, with no links yet.
    const toMake = region("Nog te maak");
    expect(toMake).toHaveAttribute("aria-busy", "true");
    expect(region("Vandag ingebetaal")).toHaveAttribute("aria-busy", "true");
    expect(within(toMake).queryByRole("link")).not.toBeInTheDocument();
    await loaded();
    expect(region("Nog te maak")).toHaveAttribute("aria-busy", "false");
    expect(within(region("Nog te maak")).getByRole("link")).toBeInTheDocument();
  });

  it("lists the recent activity with chips and relative times", async () => {
    renderDashboard();
    const list = await screen.findByRole("list", { name: "Onlangse aktiwiteit" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Thandi BothaBobotie × 2Om te doenNet nou",
      "Pieter NelPizza × 1Besig5 min gelede",
      "Sipho DlaminiStudentNuut3 uur gelede",
      "Anna SmitPap × 1Misluk10 Junie 2031",
      "Johan VenterStudentNuut1 uur gelede",
    ]);
    const chip = (text: string) => within(list).getByText(text).closest(".MuiChip-root");
    expect(chip("Om te doen")).toHaveClass("MuiChip-colorWarning");
    expect(chip("Besig")).toHaveClass("MuiChip-colorInfo");
    expect(chip("Misluk")).toHaveClass("MuiChip-colorError");
    expect(
      within(items[2] as HTMLElement)
        .getByText("Nuut")
        .closest(".MuiChip-root"),
    ).toHaveClass("MuiChip-colorSuccess");
  });

  it("speaks English when asked", async () => {
    await loadLanguage("en");
    await i18n.changeLanguage("en");
    renderDashboard();
    const list = await screen.findByRole("list", { name: "Recent activity" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Thandi BothaBobotie × 2To doJust now",
      "Pieter NelPizza × 1In progress5 min ago",
      "Sipho DlaminiStudentNew3 hours ago",
      "Anna SmitPap × 1Failed10 June 2031",
      "Johan VenterStudentNew1 hour ago",
    ]);
    expect(screen.getByRole("region", { name: "Still to make" })).toHaveTextContent("15 portions");
    expect(screen.getByRole("region", { name: "Money in today" })).toHaveTextContent("Cash (2)R 150,50");
    expect(screen.getByRole("region", { name: "Needs attention" })).toHaveTextContent(
      "Next week has no menu yet.",
    );
  });

  it("offers an admin every quick action", async () => {
    renderDashboard();
    const actions = await screen.findByRole("region", { name: "Kortpaaie" });
    expect(
      within(actions)
        .getAllByRole("link")
        .map((l) => [l.textContent, l.getAttribute("href")]),
    ).toEqual([
      ["Voeg personeel by", "/staff"],
      ["Voeg 'n spyskaartitem by", "/menu"],
      ["Bekyk bestellings", "/orders"],
      ["Kombuisskerm", "/kitchen"],
      ["Bestuur personeel", "/staff"],
      ["Instellings", "/settings"],
    ]);
  });

  it("hides from staff the actions they may not use", async () => {
    renderDashboard(ROLE.kitchenStaff);
    const actions = await screen.findByRole("region", { name: "Kortpaaie" });
    expect(
      within(actions)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Kombuisskerm", "Bestuur personeel"]);
  });

  it("shows 'Kon nie die paneelbord se data laai nie' on a failed load, retries, and closes", async () => {
    let fail = true;
    const { user } = renderDashboard(ROLE.kitchenAdmin, () =>
      fail
        ? {
            status: 500,
            body: { success: false, message: "Die databasis is nie bereikbaar nie.", code: "internal_error" },
          }
        : { body: { success: true, data: SUMMARY } },
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Kon nie die paneelbord se data laai nie");
    expect(alert).toHaveTextContent("Die databasis is nie bereikbaar nie.");

    await user.click(within(alert).getByRole("button", { name: "Sluit" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Verfris paneelbord" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Kon nie die paneelbord se data laai nie");

    fail = false;
    await user.click(within(screen.getByRole("alert")).getByRole("button", { name: "Probeer weer" }));
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    expect(region("Nog te maak")).toHaveTextContent("15 porsies");
  });
});
