import type { CounterSale, OnSaleItem } from "@kantien/domain/counter-sales";
import { formatRand } from "@kantien/domain/money";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";

beforeAll(() => loadTexts("counterSales"));

const JUICE = "c0000000-0000-4000-8000-000000000001";
const STEW = "f0000000-0000-4000-8000-000000000002";
const ANNA = "a0000000-0000-4000-8000-000000000001";

const item = (over: Partial<OnSaleItem>): OnSaleItem => ({
  key: `item:${JUICE}`,
  foodItemId: null,
  counterItemId: JUICE,
  name: "Appelsap",
  price: "12.50",
  category: "Drankies",
  imageUrl: null,
  allergens: [],
  allergensChecked: true,
  left: null,
  ...over,
});
const onSale: OnSaleItem[] = [
  item({
    key: `dish:${STEW}`,
    foodItemId: STEW,
    counterItemId: null,
    name: "Bredie",
    price: "35.00",
    category: "",
    left: 2,
  }),
  item({}),
  item({
    key: "item:c0000000-0000-4000-8000-000000000003",
    counterItemId: "c0000000-0000-4000-8000-000000000003",
    name: "Muffin",
    price: "15.00",
    category: "Gebak",
    left: 0,
  }),
];

const sale = (over: Partial<CounterSale>): CounterSale => ({
  id: "5a1e0000-0000-4000-8000-000000000001",
  number: 7,
  date: "2026-11-26",
  soldAt: "2026-11-26T08:10:00.000Z",
  soldBy: "Sipho Dlamini",
  method: "cash",
  customer: null,
  lines: [],
  total: "0.00",
  balanceAfter: null,
  allergenAcknowledged: false,
  voided: null,
  ...over,
});

/** A rand amount as the screen reads to testing-library: its spaces made plain. */
const rand = (amount: string) => formatRand(amount).replace(/\s/g, " ");

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === "POST");

describe("selling at the counter", () => {
  it("adds tiles to a basket, stops at what is left, and sells for cash with a receipt", async () => {
    const calls = mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      "POST /api/counter/sales": {
        status: 201,
        body: {
          success: true,
          message: "Verkoop 7 aangeteken.",
          data: sale({
            total: "82.50",
            lines: [
              {
                foodItemId: STEW,
                counterItemId: null,
                name: "Bredie",
                quantity: 2,
                unitPrice: "35.00",
                total: "70.00",
              },
              {
                foodItemId: null,
                counterItemId: JUICE,
                name: "Appelsap",
                quantity: 1,
                unitPrice: "12.50",
                total: "12.50",
              },
            ],
          }),
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    const stew = await screen.findByRole("button", { name: /Voeg Bredie by/ });
    expect(stew).toHaveAccessibleName(`Voeg Bredie by, ${formatRand("35.00")}, Nog 2 oor`);
    expect(screen.getByRole("button", { name: /Voeg Muffin by/ })).toBeDisabled();
    expect(screen.getByText("Tik op 'n item om dit by die mandjie te voeg.")).toBeVisible();

    await user.click(stew);
    await user.click(stew);
    // Both portions left are in the basket: no third.
    expect(stew).toBeDisabled();
    expect(screen.getByRole("button", { name: "Een meer Bredie" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: /Voeg Appelsap by/ }));
    expect(screen.getByText(rand("82.50"))).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Kontant" }));
    const done = await screen.findByRole("status");
    expect(done).toHaveTextContent(`Verkoop 7: ${rand("82.50")}`);
    expect(posts(calls)[0]?.body).toEqual({
      lines: [
        { foodItemId: STEW, quantity: 2 },
        { counterItemId: JUICE, quantity: 1 },
      ],
      payment: { method: "cash" },
    });
    expect(posts(calls)[0]?.headers["Idempotency-Key"]).toBeTruthy();
    expect(document.querySelector(".till-slip")).toHaveTextContent("Bredie × 2");
    // On to the next sale: an empty basket.
    await user.click(screen.getByRole("button", { name: "Volgende verkoop" }));
    expect(screen.getByText("Tik op 'n item om dit by die mandjie te voeg.")).toBeVisible();
  });

  it("sells from a found customer's wallet, and asks for the allergens' check when the server does", async () => {
    let tries = 0;
    const calls = mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      "GET /api/customers?q=anna&limit=10": {
        body: {
          success: true,
          data: [
            {
              id: ANNA,
              firstName: "Anna",
              lastName: "Botha",
              email: "anna@skool.example",
              phoneNumber: null,
              roleId: 1,
              akdNumber: "AKD2026001",
              balance: "40.00",
              createdAt: "2026-01-01T00:00:00.000Z",
              version: 1,
            },
          ],
          total: 1,
        },
      },
      [`GET /api/counter/customers/${ANNA}`]: {
        body: {
          success: true,
          data: {
            id: ANNA,
            name: "Anna Botha",
            balance: "40.00",
            limits: {
              dailyLimit: "30.00",
              weeklyLimit: null,
              leftToday: "20.00",
              leftThisWeek: null,
              blockedAllergens: ["peanuts"],
              blockedDishes: ["Vis en skyfies"],
            },
          },
        },
      },
      "POST /api/counter/sales": () => {
        tries += 1;
        return tries === 1
          ? {
              status: 409,
              body: {
                success: false,
                code: "allergen_confirm_required",
                message: "Let op die aangetekende allergieë: melk (bevat).",
                details: { allergens: [], unchecked: false },
              },
            }
          : {
              status: 201,
              body: {
                success: true,
                message: "Verkoop 8 aangeteken.",
                data: sale({
                  number: 8,
                  method: "wallet",
                  customer: { id: ANNA, name: "Anna Botha" },
                  total: "12.50",
                  balanceAfter: "27.50",
                  allergenAcknowledged: true,
                  lines: [
                    {
                      foodItemId: null,
                      counterItemId: JUICE,
                      name: "Appelsap",
                      quantity: 1,
                      unitPrice: "12.50",
                      total: "12.50",
                    },
                  ],
                }),
              },
            };
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.click(await screen.findByRole("button", { name: /Voeg Appelsap by/ }));
    await user.type(screen.getByRole("combobox", { name: /Klant vir die beursie/ }), "anna");
    await user.click(await screen.findByRole("option", { name: /Anna Botha/ }));
    // Before selling, the counter sees the balance and what the learner's guardians allow today.
    expect(await screen.findByText(`Saldo ${rand("40.00")}`)).toBeVisible();
    expect(screen.getByText(`Perk vandag: nog ${rand("20.00")}`)).toBeVisible();
    expect(screen.getByText("Deur die ouer geblokkeer: Vis en skyfies, grondboontjies")).toBeVisible();
    await user.click(
      screen.getByRole("button", { name: `Betaal ${formatRand("12.50")} uit Anna Botha se beursie` }),
    );
    const asked = await screen.findByRole("alert");
    expect(asked).toHaveTextContent("melk (bevat)");
    await user.click(within(asked).getByRole("button", { name: "Allergene nagegaan: verkoop" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Verkoop 8");
    expect(screen.getAllByText(rand("27.50"))[0]).toBeVisible();
    const bodies = posts(calls).map((call) => call.body);
    expect(bodies).toEqual([
      { lines: [{ counterItemId: JUICE, quantity: 1 }], payment: { method: "wallet", customerId: ANNA } },
      {
        lines: [{ counterItemId: JUICE, quantity: 1 }],
        payment: { method: "wallet", customerId: ANNA },
        allergenAcknowledged: true,
      },
    ]);
    // A new body is a new submission: its own key.
    const keys = posts(calls).map((call) => call.headers["Idempotency-Key"]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("lists today's sales, and lets an admin void one with a reason", async () => {
    const cash = sale({
      total: "15.00",
      lines: [
        {
          foodItemId: null,
          counterItemId: JUICE,
          name: "Muffin",
          quantity: 1,
          unitPrice: "15.00",
          total: "15.00",
        },
      ],
    });
    const calls = mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      "GET /api/counter/sales": { body: { success: true, data: { date: "2026-11-26", sales: [cash] } } },
      [`POST /api/counter/sales/${cash.id}/void`]: {
        body: {
          success: true,
          message: "Verkoop 7 is gekanselleer.",
          data: {
            ...cash,
            voided: { at: "2026-11-26T08:20:00.000Z", by: "Admin", reason: "Verkeerde item" },
          },
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenAdmin),
    });
    await user.click(await screen.findByRole("button", { name: "Vandag se verkope" }));
    const list = await screen.findByRole("dialog", { name: "Vandag se verkope" });
    expect(await within(list).findByText(/Kontant · Muffin × 1/)).toBeVisible();
    await user.click(within(list).getByRole("button", { name: "Kanselleer" }));
    const asked = await screen.findByRole("dialog", { name: "Kanselleer verkoop 7?" });
    await user.type(within(asked).getByRole("textbox"), "Verkeerde item");
    await user.click(within(asked).getByRole("button", { name: "Kanselleer" }));
    expect(await screen.findByText("Verkoop 7 is gekanselleer.")).toBeVisible();
    expect(posts(calls).at(-1)?.body).toEqual({ reason: "Verkeerde item" });
  });

  it("lets a cook see today's sales but not void them", async () => {
    mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      "GET /api/counter/sales": {
        body: { success: true, data: { date: "2026-11-26", sales: [sale({ total: "5.00" })] } },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.click(await screen.findByRole("button", { name: "Vandag se verkope" }));
    const list = await screen.findByRole("dialog", { name: "Vandag se verkope" });
    expect(await within(list).findByText(/Verkoop 7/)).toBeVisible();
    expect(within(list).queryByRole("button", { name: "Kanselleer" })).not.toBeInTheDocument();
  });

  it("takes a scanned learner's card as the wallet's customer, and says so when a card is blocked", async () => {
    const CARD = "kantien:card:0123456789ABCDEF";
    const BLOCKED = "kantien:card:ZZZZZZZZZZZZZZZZ";
    mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      [`GET /api/counter/card?${new URLSearchParams({ code: CARD })}`]: {
        body: { success: true, data: { id: ANNA, name: "Anna Botha", balance: "40.00", limits: null } },
      },
      [`GET /api/counter/card?${new URLSearchParams({ code: BLOCKED })}`]: {
        status: 404,
        body: {
          success: false,
          code: "learner_card_unknown",
          message: "Hierdie kaart is onbekend of geblokkeer. Soek die klant op naam.",
        },
      },
      [`GET /api/counter/customers/${ANNA}`]: {
        body: { success: true, data: { id: ANNA, name: "Anna Botha", balance: "40.00", limits: null } },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.click(await screen.findByRole("button", { name: /Voeg Appelsap by/ }));
    const field = screen.getByRole("combobox", { name: /Klant vir die beursie/ });
    await user.type(field, `${BLOCKED}{Enter}`);
    expect(
      await screen.findByText("Hierdie kaart is onbekend of geblokkeer. Soek die klant op naam."),
    ).toBeVisible();
    expect(field).toHaveValue("");
    await user.type(field, `${CARD}{Enter}`);
    expect(
      await screen.findByRole("button", { name: `Betaal ${formatRand("12.50")} uit Anna Botha se beursie` }),
    ).toBeEnabled();
    expect(screen.getByText(`Saldo ${rand("40.00")}`)).toBeVisible();
  });

  it("keeps a sale on the device while the server does not answer, and sends it once, with its key, when it does", async () => {
    let serverUp = false;
    const calls = mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      "POST /api/counter/sales": () => {
        // The Wi-Fi drops: the request never reaches the server.
        if (!serverUp) throw new TypeError("Failed to fetch");
        return {
          status: 201,
          body: { success: true, message: "Verkoop 9 aangeteken.", data: sale({ number: 9 }) },
        };
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.click(await screen.findByRole("button", { name: /Voeg Appelsap by/ }));
    await user.click(screen.getByRole("button", { name: "Kontant" }));
    expect(
      await screen.findByText("Gestoor op die toestel: word gestuur sodra die bediener terug is."),
    ).toBeVisible();
    expect(screen.getByText("Die bediener antwoord nie.")).toBeVisible();
    const waiting = screen.getByRole("region", { name: "1 wag om gestuur te word" });
    expect(waiting).toHaveTextContent(`Kontant: Appelsap × 1, ${rand("12.50")}`);
    // The basket is free for the next learner.
    expect(screen.getByText("Tik op 'n item om dit by die mandjie te voeg.")).toBeVisible();

    serverUp = true;
    await user.click(screen.getByRole("button", { name: "Probeer nou" }));
    expect(await screen.findByText("1 wat gewag het, is deur.")).toBeVisible();
    expect(screen.queryByText("Die bediener antwoord nie.")).not.toBeInTheDocument();
    const sent = posts(calls).filter((call) => call.url === "/api/counter/sales");
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers["Idempotency-Key"]).toBe(sent[0]?.headers["Idempotency-Key"]);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it("keeps no wallet sale above the offline limit, and asks about allergies before keeping one below it", async () => {
    mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      "GET /api/canteen-settings": {
        body: {
          success: true,
          data: {
            cutoffTime: "09:00",
            cutoffDaysBefore: 0,
            weeksAhead: 2,
            maxQuantity: 5,
            lowBalanceThreshold: "50.00",
            offlineSaleLimit: "20.00",
            kitchenServiceStart: "07:30",
            kitchenWarnMinutes: 10,
            kitchenLateMinutes: 20,
            version: 1,
          },
        },
      },
      "POST /api/counter/sales": () => {
        throw new TypeError("Failed to fetch");
      },
      [`GET /api/counter/card?${new URLSearchParams({ code: "kantien:card:0123456789ABCDEF" })}`]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    const stew = await screen.findByRole("button", { name: /Voeg Bredie by/ });
    await user.type(
      screen.getByRole("combobox", { name: /Klant vir die beursie/ }),
      "kantien:card:0123456789ABCDEF{Enter}",
    );
    expect(await screen.findByText("Saldo onbekend: die toonbank is vanlyn.")).toBeVisible();
    await user.click(stew);
    await user.click(screen.getByRole("button", { name: /^Betaal / }));
    expect(
      await screen.findByText(/n beursieverkoop bo R\s20,00 kan nie vanlyn gehou word nie/),
    ).toBeVisible();
    // Less than the limit: kept, once the cook asked the learner about allergies.
    await user.click(screen.getByRole("button", { name: "Een minder Bredie" }));
    await user.click(screen.getByRole("button", { name: /Voeg Appelsap by/ }));
    await user.click(screen.getByRole("button", { name: /^Betaal / }));
    const asked = await screen.findByText(/Vra die leerder self/);
    await user.click(
      within(asked.closest("[role=alert]") as HTMLElement).getByRole("button", {
        name: "Gevra: hou die verkoop",
      }),
    );
    expect(await screen.findByRole("region", { name: "1 wag om gestuur te word" })).toHaveTextContent(
      "Kaart CDEF (vanlyn): Appelsap × 1",
    );
  });

  it("takes a card a handheld scanner types while a tile has the focus: two taps sell one item to it", async () => {
    const CARD = "kantien:card:0123456789ABCDEF";
    const calls = mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: onSale } } },
      [`GET /api/counter/card?${new URLSearchParams({ code: CARD })}`]: {
        body: { success: true, data: { id: ANNA, name: "Anna Botha", balance: "40.00", limits: null } },
      },
      [`GET /api/counter/customers/${ANNA}`]: {
        body: { success: true, data: { id: ANNA, name: "Anna Botha", balance: "40.00", limits: null } },
      },
      "POST /api/counter/sales": {
        status: 201,
        body: {
          success: true,
          message: "Verkoop 3 aangeteken.",
          data: sale({ number: 3, method: "wallet" }),
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter?mode=sell",
      user: testUser(ROLE.kitchenStaff),
    });
    // Tap one: the tile keeps the focus; the scanner types the card and Enter.
    await user.click(await screen.findByRole("button", { name: /Voeg Appelsap by/ }));
    await user.keyboard(`${CARD}{Enter}`);
    // Tap two.
    await user.click(
      await screen.findByRole("button", { name: `Betaal ${formatRand("12.50")} uit Anna Botha se beursie` }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Verkoop 3");
    // The Enter pressed no tile: one juice.
    expect(posts(calls).at(-1)?.body).toEqual({
      lines: [{ counterItemId: JUICE, quantity: 1 }],
      payment: { method: "wallet", customerId: ANNA },
    });
  });

  it("says what to do when nothing is on sale", async () => {
    mockFetch({
      "GET /api/counter/on-sale": { body: { success: true, data: { date: "2026-11-26", items: [] } } },
    });
    renderWithApp(<AppRoutes />, { route: "/kitchen/counter?mode=sell", user: testUser(ROLE.kitchenStaff) });
    expect(await screen.findByText(/Niks is vandag te koop nie/)).toBeVisible();
  });
});
