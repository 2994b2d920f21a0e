import type { Settings } from "@kantien/domain/auth";
import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import type { CounterItem } from "@kantien/domain/counter-items";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { type FetchCall, mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

const personal: Settings = { theme: "light", language: "af", refresh_interval: 30 };
const juice: CounterItem = {
  id: "c0000000-0000-4000-8000-0000000000a1",
  name: "Appelsap",
  price: "18.50",
  category: "Drankies",
  onSale: true,
  stockCarries: false,
  imageUrl: null,
  allergens: [],
  diet: ["vegan"],
  allergensChecked: null,
  stock: 24,
  left: 24,
};

function renderCounter(items: CounterItem[], routes: Record<string, Route> = {}) {
  const calls: FetchCall[] = mockFetch({
    "GET /api/settings": { body: { success: true, settings: personal } },
    "GET /api/canteen-settings": { body: { success: true, data: { ...CANTEEN_RULES_DEFAULTS, version: 2 } } },
    "GET /api/canteen-settings/bank-details": {
      body: { success: true, data: { details: null, version: 1 } },
    },
    "GET /api/counter-items": { body: { success: true, data: { date: "2031-03-04", items } } },
    ...routes,
  });
  const view = renderWithApp(<AppRoutes />, { route: "/canteen", user: testUser(ROLE.kitchenAdmin) });
  return { ...view, calls };
}

const section = () => screen.findByRole("region", { name: "Toonbank-items" });

describe("the counter items on /canteen", () => {
  it("says what to do when there are none, and adds one with its allergens after checking the price", async () => {
    const { user, calls } = renderCounter([], {
      "POST /api/counter-items": (call) => ({
        status: 201,
        body: {
          success: true,
          message: "Muffin is by die toonbank-items gevoeg.",
          data: { ...juice, id: "new", name: "Muffin", price: "12.00", stock: null, left: null },
          call,
        },
      }),
    });
    const region = await section();
    expect(await within(region).findByText(/Nog geen toonbank-items nie/)).toBeVisible();
    await user.click(within(region).getByRole("button", { name: "Voeg toonbank-item by" }));
    const dialog = await screen.findByRole("dialog", { name: "Voeg 'n toonbank-item by" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Naam/ }), "Muffin");
    await user.type(within(dialog).getByRole("textbox", { name: /^Prys/ }), "0");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(within(dialog).getByText(/Kyk na die naam/)).toBeVisible();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    await user.clear(within(dialog).getByRole("textbox", { name: /^Prys/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Prys/ }), "12");
    await user.click(
      within(within(dialog).getByRole("group", { name: "Melk" })).getByRole("button", {
        name: "Bevat",
      }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(await screen.findByText("Muffin is by die toonbank-items gevoeg.")).toBeVisible();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      {
        name: "Muffin",
        price: "12",
        category: "",
        onSale: true,
        stockCarries: false,
        imageUrl: null,
        allergens: [{ code: "milk", level: "contains" }],
        diet: [],
        allergensConfirmed: false,
      },
    ]);
  });

  it("lists each item with today's stock, and sets a stock only with a reason", async () => {
    const { user, calls } = renderCounter([juice], {
      [`PUT /api/counter-items/${juice.id}/stock`]: {
        body: {
          success: true,
          message: "Die voorraad van Appelsap is gestoor.",
          data: { ...juice, stock: 20, left: 20 },
        },
      },
    });
    const region = await section();
    const row = (await within(region).findByText("Appelsap")).closest("tr")!;
    expect(row).toHaveTextContent("R 18,50");
    expect(row).toHaveTextContent("24");
    expect(within(row).getByText("Allergene nie nagegaan nie")).toBeVisible();
    await user.click(within(row).getByRole("button", { name: "Voorraad" }));
    const dialog = await screen.findByRole("dialog", { name: "Vandag se voorraad van Appelsap" });
    const quantity = within(dialog).getByRole("spinbutton", { name: "Hoeveel" });
    await user.clear(quantity);
    await user.type(quantity, "20");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(within(dialog).getByText(/'n rede van ten minste 3 karakters/)).toBeVisible();
    await user.type(within(dialog).getByRole("textbox", { name: /^Rede/ }), "4 gebreek");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(await screen.findByText("Die voorraad van Appelsap is gestoor.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { date: "2031-03-04", quantity: 20, reason: "4 gebreek" },
    ]);
  });
});
