import type { DashboardSummary } from "@kantien/domain/dashboard";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, loadLanguage } from "../../../lib/i18n";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { DashboardScreen } from "./dashboard-screen";

const NOW = new Date("2031-06-11T10:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const SUMMARY: DashboardSummary = {
  counts: { totalOrders: 1234, pendingOrders: 7, activeUsers: 40, staff: 3, menuItems: 10, weeklyMenus: 2 },
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

function renderDashboard(
  roleId: number = ROLE.kitchenAdmin,
  reply?: Parameters<typeof mockFetch>[0][string],
) {
  const calls = mockFetch({ "GET /api/dashboard": reply ?? { body: { success: true, data: SUMMARY } } });
  return { ...renderWithApp(<DashboardScreen />, { route: "/dashboard", user: testUser(roleId) }), calls };
}

const card = (name: string) => screen.getByRole("article", { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("DashboardScreen", () => {
  it("shows the six counts from one request", async () => {
    const { calls } = renderDashboard();
    await waitFor(() => expect(card("Totale bestellings")).toHaveTextContent("1 234"));
    expect(card("Bestellings om te doen")).toHaveTextContent("7");
    expect(card("Bestellings om te doen")).toHaveTextContent("Om te doen, betaal en onbetaal");
    expect(card("Aktiewe gebruikers")).toHaveTextContent("40");
    expect(card("Personeel")).toHaveTextContent("3");
    expect(card("Spyskaartitems")).toHaveTextContent("10");
    expect(card("Weeklikse spyskaarte")).toHaveTextContent("2");
    expect(calls.filter((c) => c.url === "/api/dashboard")).toHaveLength(1);
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
    expect(card("Total orders")).toHaveTextContent("1 234");
  });

  it("offers an admin every quick action", async () => {
    renderDashboard();
    const actions = await screen.findByRole("region", { name: "Vinnige aksies" });
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
    const actions = await screen.findByRole("region", { name: "Vinnige aksies" });
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
    expect(card("Totale bestellings")).toHaveTextContent("1 234");
  });
});
