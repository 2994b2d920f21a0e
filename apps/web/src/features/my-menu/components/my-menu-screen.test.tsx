import type { MyMenuDay, MyOrder } from "@kantien/domain/my";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../app/router";
import { stubEventSource } from "../../../test/fake-event-source";
import { actForLearner } from "../../../test/learners";
import { type FetchCall, mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

// Tuesday 24 November 2026, 07:00 in Johannesburg: Monday has closed, Tuesday closes at 09:00.
const NOW = new Date("2026-11-24T05:00:00Z");

const item = (id: string, name: string, price: string): NonNullable<MyMenuDay["item"]> => ({
  id,
  name,
  description: `${name} met slaai`,
  price,
  imageUrl: null,
  allergens: [],
  diet: [],
  allergensChecked: { by: "Anna Admin", at: "2026-11-20T08:00:00.000Z" },
  allergenWarnings: [],
  portionsLeft: null,
});

const DAYS: MyMenuDay[] = [
  {
    date: "2026-11-23",
    item: item("11111111-1111-4111-8111-111111111111", "Bobotie", "55.00"),
    orderable: false,
    closedReason: "closed",
    cutoffAt: "2026-11-23T07:00:00.000Z",
    orders: [],
  },
  {
    date: "2026-11-24",
    item: item("22222222-2222-4222-8222-222222222222", "Boerewors-rol", "38.50"),
    orderable: true,
    closedReason: null,
    cutoffAt: "2026-11-24T07:00:00.000Z",
    orders: [],
  },
  {
    date: "2026-11-25",
    item: item("33333333-3333-4333-8333-333333333333", "Vis en skyfies", "58.00"),
    orderable: true,
    closedReason: null,
    cutoffAt: "2026-11-25T07:00:00.000Z",
    orders: [],
  },
];

const menu = { body: { success: true, data: { week: "2026-11-23", days: DAYS, maxQuantity: 3 } } };

const wallet = (balance: string): Route => ({
  body: {
    success: true,
    data: {
      balance,
      lowBalanceThreshold: "50.00",
      paymentReference: "KAN000000",
      eft: null,
      online: null,
      transactions: [],
      total: 0,
    },
  },
});

function placedOrder(quantity: number): MyOrder {
  return {
    id: "44444444-4444-4444-8444-444444444444",
    pickupNumber: 12,
    deliveryDate: "2026-11-24",
    createdAt: NOW.toISOString(),
    status: "paid",
    quantity,
    unitPrice: "38.50",
    total: (38.5 * quantity).toFixed(2),
    item: { id: DAYS[1]!.item!.id, name: "Boerewors-rol", imageUrl: null },
    cutoffAt: "2026-11-24T07:00:00.000Z",
    cancellable: true,
    paidFromWallet: true,
    cancellation: null,
    allergensChanged: null,
  };
}

function renderMenu(balance: string, placeOrder?: Route, days: MyMenuDay[] = DAYS) {
  const calls = mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    "GET /api/my/menu": { body: { success: true, data: { week: "2026-11-23", days, maxQuantity: 3 } } },
    "GET /api/my/wallet?limit=20&offset=0": wallet(balance),
    ...(placeOrder ? { "POST /api/my/orders": placeOrder } : {}),
  });
  const view = renderWithApp(<AppRoutes />, { route: "/my", user: testUser(ROLE.student) });
  return { ...view, calls };
}

const NEXT_WEEK: MyMenuDay[] = DAYS.map((day) => ({
  ...day,
  date: day.date.replace(/2026-11-(\d+)/, (_, d: string) => `2026-11-${Number(d) + 7}`),
  closedReason: "beyond_horizon",
  orders: [],
}));

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === "POST");

/** A day's card, named by its day's heading. */
const dayCard = (day: string) => screen.findByRole("article", { name: new RegExp(`^${day}`, "i") });

async function openOrderDialog(user: ReturnType<typeof renderMenu>["user"], day: string, dish: string) {
  await user.click(within(await dayCard(day)).getByRole("button", { name: "Bestel" }));
  return screen.findByRole("dialog", { name: `Bestel ${dish}` });
}

describe("MyMenuScreen", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says how many portions are left when few are, and that a dish is sold out, without an order button", async () => {
    const days = DAYS.map((day, index) =>
      index === 1
        ? { ...day, item: { ...day.item!, portionsLeft: 3 } }
        : index === 2
          ? { ...day, item: { ...day.item!, portionsLeft: 0 } }
          : day,
    );
    renderMenu("100.00", undefined, days);
    const tuesday = await dayCard("Dinsdag");
    expect(within(tuesday).getByText("Nog 3 oor")).toBeVisible();
    expect(within(tuesday).getByRole("button", { name: "Bestel" })).toBeEnabled();
    const wednesday = await dayCard("Woensdag");
    expect(within(wednesday).getByRole("button", { name: "Uitverkoop" })).toBeDisabled();
    expect(within(wednesday).queryByRole("button", { name: "Bestel" })).not.toBeInTheDocument();
  });

  it("shows what is left of a capped dish as soon as anyone's order takes it, without reading the menu again", async () => {
    const sources = stubEventSource();
    const days = DAYS.map((day, index) =>
      index === 1 ? { ...day, item: { ...day.item!, portionsLeft: 8 } } : day,
    );
    const { calls } = renderMenu("100.00", undefined, days);
    const tuesday = await dayCard("Dinsdag");
    expect(within(tuesday).queryByText(/oor$/)).not.toBeInTheDocument();
    const reads = calls.filter((call) => call.url.startsWith("/api/my/menu")).length;
    const stream = await waitFor(() => {
      const found = sources.find((source) => source.url.startsWith("/api/my/events"));
      if (!found) throw new Error("no stream yet");
      return found;
    });
    stream.emit("open");
    stream.emit("portions", { foodItemId: DAYS[1]!.item!.id, left: 2 });
    expect(await within(await dayCard("Dinsdag")).findByText("Nog 2 oor")).toBeVisible();
    stream.emit("portions", { foodItemId: DAYS[1]!.item!.id, left: 0 });
    expect(
      await within(await dayCard("Dinsdag")).findByRole("button", { name: "Uitverkoop" }),
    ).toBeDisabled();
    expect(calls.filter((call) => call.url.startsWith("/api/my/menu"))).toHaveLength(reads);
  });

  it("offers no more portions in the order dialog than are left", async () => {
    const days = DAYS.map((day, index) =>
      index === 1 ? { ...day, item: { ...day.item!, portionsLeft: 2 } } : day,
    );
    const { user } = renderMenu("100.00", undefined, days);
    const dialog = await openOrderDialog(user, "Dinsdag", "Boerewors-rol");
    expect(dialog).toHaveTextContent(/hoogstens 2/i);
  });

  it("shows each school day's dish with its price, a closed day without Bestel, and the countdown", async () => {
    const { user } = renderMenu("150.00");
    expect(await screen.findByText("Week van 23 November 2026")).toBeVisible();

    // Today first, marked; the day gone by folded away at the end.
    const tuesday = await dayCard("Dinsdag 24 November");
    expect(screen.getAllByRole("article")[0]).toBe(tuesday);
    expect(within(tuesday).getByText("Vandag")).toBeVisible();
    // Folded away in a disclosure after the days to come (the test DOM does not hide a closed one).
    expect(screen.getByText("Vroeër hierdie week (1 dag)").closest("details")).not.toHaveAttribute("open");
    await user.click(screen.getByText("Vroeër hierdie week (1 dag)"));
    const monday = await dayCard("Maandag 23 November");
    expect(within(monday).getByText("Bobotie")).toBeVisible();
    expect(within(monday).getByText("Gesluit")).toBeVisible();
    expect(within(monday).queryByRole("button", { name: "Bestel" })).toBeNull();
    expect(within(monday).queryByText("Vandag")).toBeNull();

    expect(within(tuesday).getByText("Boerewors-rol")).toBeVisible();
    expect(within(tuesday).getByText(/R\s?38,50/)).toBeVisible();
    expect(within(tuesday).getByText("Sluit om 09:00: nog 2 h 0 min")).toBeVisible();
    expect(within(tuesday).getByRole("button", { name: "Bestel" })).toBeEnabled();
  });

  it("counts up to the canteen's most, shows the total and the balance after, and pays with a key", async () => {
    const { user, calls } = renderMenu("150.00", {
      status: 201,
      body: {
        success: true,
        message: "Bestelling geplaas.",
        data: { order: placedOrder(3), balance: "34.50" },
      },
    });
    const dialog = await openOrderDialog(user, "Dinsdag 24 November", "Boerewors-rol");
    const more = within(dialog).getByRole("button", { name: "Een meer" });
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled();
    expect(within(dialog).getByText("Hoogstens 3 per bestelling")).toBeVisible();
    expect(within(dialog).getByRole("row", { name: /Totaal/ })).toHaveTextContent(/R\s?115,50/);
    expect(within(dialog).getByRole("row", { name: /Saldo daarna/ })).toHaveTextContent(/R\s?34,50/);

    await user.click(within(dialog).getByRole("button", { name: /Bevestig en betaal/ }));
    expect(await screen.findByText("Bestelling geplaas.")).toBeVisible();
    const [placed] = posts(calls);
    expect(placed?.body).toEqual({ foodItemId: DAYS[1]!.item!.id, deliveryDate: "2026-11-24", quantity: 3 });
    expect(placed?.headers["Idempotency-Key"]).toMatch(/^[\w-]{8,}$/);
  });

  it("names what is missing when the balance is short, and sends nothing", async () => {
    const { user, calls } = renderMenu("20.00");
    const dialog = await openOrderDialog(user, "Dinsdag 24 November", "Boerewors-rol");
    expect(
      within(dialog).getByText(
        /Jou saldo is te laag: jy kort R\s?18,50\. Laai jou beursie by die kantien op\./,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole("button", { name: /Bevestig en betaal/ })).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);
  });

  it("tells a guardian that the learner's balance is short, not theirs", async () => {
    const { learnerApi, learnersRoute } = actForLearner("20.00");
    // Wednesday's dish holds the learner's severe allergen.
    const learnerDays = DAYS.map((day, index) =>
      index === 2 && day.item
        ? {
            ...day,
            item: {
              ...day.item,
              allergens: [{ code: "peanuts" as const, level: "contains" as const }],
              allergenWarnings: [
                { code: "peanuts" as const, level: "contains" as const, severity: "severe" as const },
              ],
            },
          }
        : day,
    );
    const calls = mockFetch({
      "GET /api/config": {
        body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
      },
      ...learnersRoute,
      [`GET ${learnerApi}/menu`]: {
        body: { success: true, data: { week: "2026-11-23", days: learnerDays, maxQuantity: 3 } },
      },
      [`GET ${learnerApi}/wallet?limit=20&offset=0`]: wallet("20.00"),
    });
    const { user } = renderWithApp(<AppRoutes />, { route: "/my", user: testUser(ROLE.guardian) });
    expect(
      await screen.findByRole("link", { name: /^Saldo R\s?20,00: maak die beursie oop$/ }),
    ).toBeVisible();
    expect(
      within(await dayCard("Woensdag 25 November")).getByText(
        "Nie bestelbaar nie: dit bevat iets waarvoor die leerder ernstig allergies is.",
      ),
    ).toBeVisible();
    const dialog = await openOrderDialog(user, "Dinsdag 24 November", "Boerewors-rol");
    expect(
      within(dialog).getByText(
        /^Die leerder se saldo is te laag: daar kort R\s?18,50\. Laai eers die leerder se beursie op\.$/,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole("button", { name: /Bevestig en betaal/ })).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog, and retries an unanswered order with the same key", async () => {
    let attempt = 0;
    const { user, calls } = renderMenu("150.00", () => {
      attempt += 1;
      if (attempt === 1)
        return {
          status: 503,
          body: { success: false, message: "Die bediener is besig.", code: "unavailable" },
        };
      return {
        status: 409,
        body: { success: false, message: "Bestellings vir hierdie dag is gesluit.", code: "ordering_closed" },
      };
    });
    const dialog = await openOrderDialog(user, "Dinsdag 24 November", "Boerewors-rol");
    const confirm = within(dialog).getByRole("button", { name: /Bevestig en betaal/ });

    await user.click(confirm);
    expect(await within(dialog).findByText("Die bediener is besig.")).toBeVisible();
    await user.click(confirm);
    expect(await within(dialog).findByText("Bestellings vir hierdie dag is gesluit.")).toBeVisible();

    const [first, second] = posts(calls);
    expect(second?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"]);
    // The dialog stays open with the customer's choice; nothing was paid.
    await waitFor(() => expect(screen.getByRole("dialog", { name: "Bestel Boerewors-rol" })).toBeVisible());
  });

  it("says once that a week beyond the ordering window is not open yet", async () => {
    mockFetch({
      "GET /api/config": {
        body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
      },
      "GET /api/my/menu": menu,
      "GET /api/my/menu?week=2026-11-30": {
        body: { success: true, data: { week: "2026-11-30", days: NEXT_WEEK, maxQuantity: 3 } },
      },
      "GET /api/my/wallet?limit=20&offset=0": wallet("150.00"),
    });
    const { user } = renderWithApp(<AppRoutes />, { route: "/my", user: testUser(ROLE.student) });
    await dayCard("Dinsdag 24 November");
    await user.click(screen.getByRole("button", { name: "Volgende week" }));
    expect(await screen.findByText(/Hierdie week is nog nie oop vir bestellings nie/)).toBeVisible();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(screen.queryByText("Geen kos op hierdie dag nie.")).toBeNull();
  });

  describe("allergies", () => {
    // Tuesday's roll may contain milk (my intolerance); Wednesday's fish contains peanuts, my
    // severe allergy; Monday's bobotie nobody has checked.
    const ALLERGY_DAYS: MyMenuDay[] = [
      { ...DAYS[0]!, item: { ...DAYS[0]!.item!, allergensChecked: null } },
      {
        ...DAYS[1]!,
        item: {
          ...DAYS[1]!.item!,
          allergens: [
            { code: "gluten", level: "contains" },
            { code: "milk", level: "may_contain" },
          ],
          allergenWarnings: [{ code: "milk", level: "may_contain", severity: "intolerance" }],
        },
      },
      {
        ...DAYS[2]!,
        item: {
          ...DAYS[2]!.item!,
          allergens: [
            { code: "fish", level: "contains" },
            { code: "peanuts", level: "contains" },
          ],
          allergenWarnings: [{ code: "peanuts", level: "contains", severity: "severe" }],
        },
      },
      // Thursday's pasta declares nothing and nobody checked it: my severe allergy is not ruled out.
      {
        ...DAYS[2]!,
        date: "2026-11-26",
        cutoffAt: "2026-11-26T07:00:00.000Z",
        item: {
          ...item("55555555-5555-4555-8555-555555555555", "Pasta", "42.00"),
          allergensChecked: null,
          allergenWarnings: [{ code: "peanuts", level: "unchecked", severity: "severe" }],
        },
      },
    ];

    it("says on each card which of my allergens match, lists the dish's allergens, and marks an unchecked dish", async () => {
      const { user } = renderMenu("150.00", undefined, ALLERGY_DAYS);
      const tuesday = await dayCard("Dinsdag 24 November");
      expect(await within(tuesday).findByText("Let op jou allergieë")).toBeVisible();
      expect(
        within(tuesday).getByText("Kan melk bevat, en jy het aangeteken dat jy dit nie verdra nie."),
      ).toBeVisible();
      // The dish's own list opens on demand, its words loaded then.
      expect(within(tuesday).queryByText("Bevat: gluten; kan bevat: melk")).toBeNull();
      await user.click(within(tuesday).getByText("Allergene (2)"));
      expect(await within(tuesday).findByText("Bevat: gluten; kan bevat: melk")).toBeVisible();
      expect(within(tuesday).queryByText("Allergene nie nagegaan nie")).toBeNull();
      expect(within(tuesday).getByRole("button", { name: "Bestel" })).toBeEnabled();

      // A severe allergen it contains: the card says why, and Bestel cannot be pressed.
      const wednesday = await dayCard("Woensdag 25 November");
      expect(await within(wednesday).findByText("Jy kan dit nie bestel nie")).toBeVisible();
      expect(
        within(wednesday).getByText(
          "Dit bevat grondboontjies, en jy het 'n ernstige allergie daarvoor aangeteken.",
        ),
      ).toBeVisible();
      expect(within(wednesday).getByRole("button", { name: "Bestel" })).toBeDisabled();
      expect(within(wednesday).queryByText(/^Bestel voor|^Sluit/)).toBeNull();
      expect(
        within(wednesday).getByText("Nie bestelbaar nie: dit bevat iets waarvoor jy ernstig allergies is."),
      ).toBeVisible();

      await user.click(screen.getByText("Vroeër hierdie week (1 dag)"));
      const monday = await dayCard("Maandag 23 November");
      expect(within(monday).getByText("Allergene nie nagegaan nie")).toBeVisible();
    });

    it("orders a dish that matches only through 'Ek verstaan', naming the allergens, and sends the yes", async () => {
      const { user, calls } = renderMenu(
        "150.00",
        {
          status: 201,
          body: {
            success: true,
            message: "Bestelling geplaas.",
            data: { order: placedOrder(1), balance: "111.50" },
          },
        },
        ALLERGY_DAYS,
      );
      const dialog = await openOrderDialog(user, "Dinsdag 24 November", "Boerewors-rol");
      expect(within(dialog).getByText("Let op jou allergieë")).toBeVisible();
      // What the dish holds and what I recorded, as on the card, before the yes it asks for.
      expect(within(dialog).getByRole("listitem")).toHaveTextContent(
        "Kan melk bevat, en jy het aangeteken dat jy dit nie verdra nie.",
      );
      expect(
        within(dialog).getByText("Ek verstaan dat hierdie gereg melk bevat of kan bevat."),
      ).toBeVisible();
      // The one way on is the explicit yes.
      expect(within(dialog).queryByRole("button", { name: /Bevestig en betaal/ })).toBeNull();
      await user.click(within(dialog).getByRole("button", { name: /Ek verstaan, bestel vir R\s?38,50/ }));
      expect(await screen.findByText("Bestelling geplaas.")).toBeVisible();
      expect(posts(calls)[0]?.body).toEqual({
        foodItemId: DAYS[1]!.item!.id,
        deliveryDate: "2026-11-24",
        quantity: 1,
        allergenAcknowledged: true,
      });
    });

    it("says in red that an unchecked dish is not checked for my severe allergy, and orders it only through 'Ek verstaan'", async () => {
      const { user, calls } = renderMenu(
        "150.00",
        {
          status: 201,
          body: {
            success: true,
            message: "Bestelling geplaas.",
            data: { order: placedOrder(1), balance: "108.00" },
          },
        },
        ALLERGY_DAYS,
      );
      const thursday = await dayCard("Donderdag 26 November");
      const notes = await within(thursday).findByRole("alert");
      expect(notes).toHaveTextContent("Hierdie gereg se allergene is nog nie nagegaan nie");
      expect(notes).toHaveTextContent(
        "Niemand het nog nagegaan of dit grondboontjies bevat nie, en jy het aangeteken dat jy ernstig allergies daarvoor is.",
      );
      expect(notes.className).toMatch(/colorError/);
      expect(within(thursday).getByText("Allergene nie nagegaan nie")).toBeVisible();
      // A screen reader hears the warning with the order button.
      expect(within(thursday).getByRole("button", { name: "Bestel" })).toHaveAccessibleDescription(
        /^Donderdag 26 November.*Hierdie gereg se allergene is nog nie nagegaan nie.*Niemand het nog nagegaan of dit grondboontjies bevat nie/,
      );

      const dialog = await openOrderDialog(user, "Donderdag 26 November", "Pasta");
      expect(within(dialog).getByText("Hierdie gereg se allergene is nog nie nagegaan nie")).toBeVisible();
      expect(
        within(dialog).getByText(
          "Ek verstaan dat niemand nog nagegaan het of hierdie gereg grondboontjies bevat nie.",
        ),
      ).toBeVisible();
      expect(within(dialog).getByRole("alert").className).toMatch(/colorError/);
      await user.click(within(dialog).getByRole("button", { name: /Ek verstaan, bestel vir R\s?42,00/ }));
      expect(await screen.findByText("Bestelling geplaas.")).toBeVisible();
      expect(posts(calls)[0]?.body).toEqual({
        foodItemId: "55555555-5555-4555-8555-555555555555",
        deliveryDate: "2026-11-26",
        quantity: 1,
        allergenAcknowledged: true,
      });
    });

    it("asks for the yes when the server does, in the server's words", async () => {
      let attempt = 0;
      const { user, calls } = renderMenu("150.00", () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 409,
              body: {
                success: false,
                message: "Let op die aangetekende allergieë: eiers (bevat).",
                code: "allergen_confirm_required",
              },
            }
          : {
              status: 201,
              body: {
                success: true,
                message: "Bestelling geplaas.",
                data: { order: placedOrder(1), balance: "111.50" },
              },
            };
      });
      const dialog = await openOrderDialog(user, "Dinsdag 24 November", "Boerewors-rol");
      await user.click(within(dialog).getByRole("button", { name: /Bevestig en betaal/ }));
      expect(
        await within(dialog).findByText("Let op die aangetekende allergieë: eiers (bevat)."),
      ).toBeVisible();
      await user.click(within(dialog).getByRole("button", { name: /Ek verstaan, bestel vir/ }));
      expect(await screen.findByText("Bestelling geplaas.")).toBeVisible();
      expect(
        posts(calls).map((call) => (call.body as { allergenAcknowledged?: boolean }).allergenAcknowledged),
      ).toEqual([undefined, true]);
    });
  });
});
