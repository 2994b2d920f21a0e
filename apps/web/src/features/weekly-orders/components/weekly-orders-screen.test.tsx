import { ROLE } from "@kantien/domain/roles";
import { type WeeklyOrder, weeklyOrdersOf } from "@kantien/domain/weekly-orders";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { WeeklyOrdersScreen } from "./weekly-orders-screen";

const order = (
  id: string,
  deliveryDate: string,
  itemName: string,
  quantity: number,
  status: WeeklyOrder["status"] = "pending",
): WeeklyOrder => ({
  id,
  // "order-0000-aaa111" is #111.
  pickupNumber: Number(id.slice(-3)),
  status,
  quantity,
  deliveryDate,
  customerName: `Kliënt ${id.slice(-3)}`,
  itemName,
});

const thisWeek = weeklyOrdersOf("2031-06-09", [
  order("order-0000-aaa111", "2031-06-09", "Bobotie", 2),
  order("order-0000-bbb222", "2031-06-09", "Bobotie", 3, "ready"),
  order("order-0000-ccc333", "2031-06-09", "Bobotie", 4, "cancelled"),
  order("order-0000-ddd444", "2031-06-11", "Hoender en pap", 1, "paid"),
  order("order-0000-eee555", "2031-06-13", "Vis", 1, "delivered"),
]);
const nextWeek = weeklyOrdersOf("2031-06-16", [
  order("order-0000-fff666", "2031-06-17", "Pasta", 2, "processing"),
]);
const weekBefore = weeklyOrdersOf("2031-06-02", []);

function renderScreen(route = "/weekly-orders?week=2031-06-09") {
  const calls = mockFetch({
    "GET /api/weekly-orders?weekStart=2031-06-09": { body: { success: true, data: thisWeek } },
    "GET /api/weekly-orders?weekStart=2031-06-16": { body: { success: true, data: nextWeek } },
    "GET /api/weekly-orders?weekStart=2031-06-02": { body: { success: true, data: weekBefore } },
  });
  const view = renderWithApp(<WeeklyOrdersScreen />, { route, user: testUser(ROLE.kitchenStaff) });
  return { ...view, calls };
}

const day = (name: string) => screen.getByRole("region", { name });
const weekRequests = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith("/api/weekly-orders")).map((call) => call.url.split("=")[1]);

afterEach(() => {
  vi.useRealTimers();
});

describe("WeeklyOrdersScreen", () => {
  it("shows Monday to Friday with each day's orders, statuses, counts and prep sheet", async () => {
    renderScreen();

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Weeklikse bestellings");
    expect(screen.getByText("9 Junie 2031 – 13 Junie 2031")).toBeInTheDocument();
    const monday = day("Maandag 9 Junie");
    const orders = await within(monday).findByRole("list", { name: "Bestellings vir Maandag 9 Junie" });
    expect(within(orders).getAllByRole("listitem")).toHaveLength(3);
    // Counted as the board counts: the cancelled one is listed but makes no food.
    expect(within(monday).getByText("2 bestellings")).toBeInTheDocument();
    const first = within(orders).getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent("#111");
    expect(first).toHaveTextContent("Kliënt 111");
    expect(first).toHaveTextContent("Bobotie × 2");
    expect(within(first).getByText("Om te doen").closest(".MuiChip-root")).toHaveClass(
      "MuiChip-colorWarning",
    );
    expect(within(orders).getByText("Gereed").closest(".MuiChip-root")).toHaveClass("MuiChip-colorInfo");
    expect(within(orders).getByText("Gekanselleer").closest(".MuiChip-root")).toHaveClass(
      "MuiChip-colorError",
    );
    // The cancelled order is listed but not prepared: 2 + 3.
    const prep = within(monday).getByRole("list", { name: "Om voor te berei" });
    expect(
      within(prep)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Bobotie — 5"]);

    expect(
      within(day("Dinsdag 10 Junie")).getByText("Geen bestellings vir hierdie dag nie"),
    ).toBeInTheDocument();
    // A paid order the kitchen has not begun is to do, and its one name says it is paid (decision 0022).
    const paid = within(day("Woensdag 11 Junie")).getAllByRole("listitem")[0]!;
    expect(within(paid).getByText("Betaal, om te doen").closest(".MuiChip-root")).toHaveClass(
      "MuiChip-colorDefault",
    );
    expect(within(day("Woensdag 11 Junie")).getByText("1 bestelling")).toBeInTheDocument();
    expect(within(day("Vrydag 13 Junie")).getByText("Afgehaal")).toBeInTheDocument();
    expect(screen.getAllByRole("region")).toHaveLength(5);
  });

  it("counts the portions still to make per day and for the week: pending, paid and processing only", async () => {
    // Tuesday of the week shown: its total is this week's.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-10T08:00:00Z"));
    const week = weeklyOrdersOf("2031-06-09", [
      order("order-0001-aaa001", "2031-06-09", "Bobotie", 10),
      order("order-0001-aaa002", "2031-06-09", "Bobotie", 5, "paid"),
      order("order-0001-aaa003", "2031-06-09", "Bobotie", 10, "processing"),
      order("order-0001-aaa004", "2031-06-09", "Bobotie", 7, "ready"),
      order("order-0001-aaa005", "2031-06-09", "Bobotie", 3, "delivered"),
      order("order-0001-aaa006", "2031-06-09", "Bobotie", 4, "cancelled"),
      order("order-0001-aaa007", "2031-06-09", "Bobotie", 2, "failed"),
      order("order-0001-aaa008", "2031-06-09", "Hoender-pastei", 10, "processing"),
      order("order-0001-bbb001", "2031-06-10", "Vis", 2, "ready"),
      order("order-0001-bbb002", "2031-06-10", "Vis", 1, "delivered"),
      order("order-0001-bbb003", "2031-06-10", "Vis", 6, "cancelled"),
      order("order-0001-ccc001", "2031-06-12", "Bobotie", 5, "paid"),
    ]);
    mockFetch({ "GET /api/weekly-orders?weekStart=2031-06-09": { body: { success: true, data: week } } });
    renderWithApp(<WeeklyOrdersScreen />, {
      route: "/weekly-orders?week=2031-06-09",
      user: testUser(ROLE.kitchenStaff),
    });
    const lines = (list: HTMLElement) =>
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent);

    // The week's total sits above the days, outside their five regions.
    const weekTotal = await screen.findByRole("list", { name: "Nog te maak hierdie week" });
    expect(screen.getByRole("heading", { level: 2, name: "Nog te maak hierdie week" })).toBeInTheDocument();
    expect(lines(weekTotal)).toEqual(["Bobotie × 30", "Hoender-pastei × 10"]);
    expect(screen.getAllByRole("region")).toHaveLength(5);

    const monday = day("Maandag 9 Junie");
    expect(lines(within(monday).getByRole("list", { name: "Nog te maak" }))).toEqual([
      "Bobotie × 25",
      "Hoender-pastei × 10",
    ]);
    // The prep sheet still counts everything made or to make: ready and delivered too.
    expect(lines(within(monday).getByRole("list", { name: "Om voor te berei" }))).toEqual([
      "Bobotie — 35",
      "Hoender-pastei — 10",
    ]);

    // Orders, but none left to make: ready, delivered and cancelled do not count.
    const tuesday = day("Dinsdag 10 Junie");
    expect(within(tuesday).queryByRole("list", { name: "Nog te maak" })).not.toBeInTheDocument();
    expect(within(tuesday).getByText("Niks meer te maak nie")).toBeInTheDocument();
    expect(lines(within(day("Donderdag 12 Junie")).getByRole("list", { name: "Nog te maak" }))).toEqual([
      "Bobotie × 5",
    ]);
    // A day without orders says only that.
    expect(within(day("Woensdag 11 Junie")).queryByText("Nog te maak")).not.toBeInTheDocument();
  });

  it("moves between weeks, one request per week", async () => {
    const { user, calls } = renderScreen();
    await within(day("Maandag 9 Junie")).findByText("#111");

    await user.click(screen.getByRole("button", { name: "Volgende week" }));
    expect(screen.getByText("16 Junie 2031 – 20 Junie 2031")).toBeInTheDocument();
    expect(await within(day("Dinsdag 17 Junie")).findByText("#666")).toBeInTheDocument();
    expect(within(day("Dinsdag 17 Junie")).getByText("Pasta — 2")).toBeInTheDocument();
    // Not the week of today: its total does not say "this week".
    expect(screen.getByRole("list", { name: "Nog te maak in die gekose week" })).toBeInTheDocument();
    expect(screen.queryByText("#111")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Vorige week" }));
    await user.click(screen.getByRole("button", { name: "Vorige week" }));
    expect(
      await within(day("Maandag 2 Junie")).findByText("Geen bestellings vir hierdie dag nie"),
    ).toBeInTheDocument();
    expect(weekRequests(calls)).toEqual(["2031-06-09", "2031-06-16", "2031-06-02"]);

    await user.click(screen.getByRole("button", { name: "Verfris bestellings" }));
    await waitFor(() =>
      expect(weekRequests(calls)).toEqual(["2031-06-09", "2031-06-16", "2031-06-02", "2031-06-02"]),
    );
  });

  it("opens on the week of today in the canteen's time zone", async () => {
    // Sunday 15 June 2031, 23:30 in UTC, is already Monday the 16th in Johannesburg.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-15T22:30:00Z"));
    const monday = "2031-06-16";
    const calls = mockFetch({
      [`GET /api/weekly-orders?weekStart=${monday}`]: {
        body: { success: true, data: weeklyOrdersOf(monday, []) },
      },
    });
    renderWithApp(<WeeklyOrdersScreen />, {
      route: "/weekly-orders?week=2031-06-10",
      user: testUser(ROLE.kitchenStaff),
    });
    expect(await screen.findAllByText("Geen bestellings vir hierdie dag nie")).toHaveLength(5);
    expect(weekRequests(calls)).toEqual([monday]);
  });

  it("shows the server's error and tries again", async () => {
    let fail = true;
    mockFetch({
      "GET /api/weekly-orders?weekStart=2031-06-09": () =>
        fail
          ? {
              status: 500,
              body: { success: false, message: "Iets het fout gegaan.", code: "internal_error" },
            }
          : { body: { success: true, data: thisWeek } },
    });
    const { user } = renderWithApp(<WeeklyOrdersScreen />, {
      route: "/weekly-orders?week=2031-06-09",
      user: testUser(ROLE.kitchenStaff),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Iets het fout gegaan.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Probeer weer" }));
    expect(await within(day("Maandag 9 Junie")).findByText("#111")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
