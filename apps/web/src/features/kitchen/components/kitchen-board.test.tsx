import type { KitchenDay, KitchenOrder, OrderEvent } from "@kantien/domain/kitchen";
import { formatRand, lineTotal } from "@kantien/domain/money";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { stubEventSource } from "../../../test/fake-event-source";
import { mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { KitchenBoard } from "./kitchen-board";

/** Text as Testing Library reads it: the rand's no-break space is a space. */
const spaced = (text: string) => text.replace(/\s/g, " ");
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function order(id: string, status: KitchenOrder["status"], createdMinutesAgo: number): KitchenOrder {
  return {
    id,
    // "order-0000-aaa111" is #111.
    pickupNumber: Number(id.slice(-3)),
    status,
    quantity: 2,
    price: "35.50",
    createdAt: minutesAgo(createdMinutesAgo),
    statusChangedAt: minutesAgo(Math.min(createdMinutesAgo, 12)),
    deliveryDate: null,
    customerName: `Kliënt ${id.slice(-3)}`,
    itemName: "Hoender en pap",
    preparationTime: 15,
    itemAllergens: [],
    allergyAlert: null,
  };
}

const day: KitchenDay = {
  date: "2025-03-03",
  orders: [
    order("order-0000-aaa111", "pending", 45),
    order("order-0000-bbb222", "pending", 5),
    order("order-0000-jjj100", "paid", 3), // paid from the wallet: waits like a pending one
    order("order-0000-ccc333", "processing", 20),
    order("order-0000-ddd444", "ready", 25),
    order("order-0000-eee555", "delivered", 90),
    order("order-0000-fff666", "cancelled", 60),
  ],
};

const RULES = {
  cutoffTime: "09:00",
  cutoffDaysBefore: 0,
  weeksAhead: 2,
  maxQuantity: 5,
  lowBalanceThreshold: "50.00",
  offlineSaleLimit: "50.00",
  kitchenServiceStart: "00:00",
  kitchenWarnMinutes: 5,
  kitchenLateMinutes: 11,
  version: 1,
};

/** The server's answer to a status change (the mock checks it against the domain's schema). */
function changed(id: string, status: string, refunded: string | null = null) {
  const order = { id, status, statusChangedAt: "2031-06-11T08:30:00.000Z", deliveryDate: null, refunded };
  return { body: { success: true, data: order } };
}

function renderBoard(
  putReply: { status?: number; body: unknown } = changed("order-0000-aaa111", "processing"),
  dayReply: { status?: number; body: unknown } = { body: { success: true, data: day } },
  { roleId = ROLE.kitchenStaff, extra = {} }: { roleId?: number; extra?: Record<string, Route> } = {},
) {
  const calls = mockFetch({
    "GET /api/kitchen/orders": dayReply,
    "GET /api/canteen-settings": { body: { success: true, data: RULES } },
    "GET /api/settings": {
      body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
    },
    "GET /api/kitchen/orders/order-0000-aaa111/payment": {
      body: { success: true, data: { paidFromWallet: true } },
    },
    "PATCH /api/orders/order-0000-aaa111/status": putReply,
    "PATCH /api/orders/order-0000-ddd444/status": changed("order-0000-ddd444", "delivered"),
    ...extra,
  });
  const view = renderWithApp(<KitchenBoard />, { route: "/kitchen", user: testUser(roleId) });
  return { ...view, calls };
}

const column = (name: string) => screen.getByRole("region", { name });
const count = (name: string) => within(screen.getByRole("group", { name })).getByText(/^\d+$/).textContent;

describe("KitchenBoard", () => {
  it("shows the day's columns, counts and the banner of late orders, by the canteen's rule", async () => {
    renderBoard();

    expect(await within(column("Om te doen")).findAllByRole("listitem")).toHaveLength(3);
    const paidCard = within(column("Om te doen")).getByText("#100").closest("li")!;
    expect(within(paidCard).getByRole("button", { name: "Begin" })).toBeInTheDocument();
    expect(within(column("Besig")).getAllByRole("listitem")).toHaveLength(1);
    expect(within(column("Gereed")).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Kantien: daaglikse bestellingsoorsig",
    );

    // The columns and the collected add up to the total; the cancelled order is not counted.
    expect(count("Om te doen")).toBe("3");
    expect(count("Besig")).toBe("1");
    expect(count("Gereed")).toBe("1");
    expect(count("Afgehaal")).toBe("1");
    expect(count("Totaal")).toBe("6");

    // Red from 11 minutes (the canteen's rule): one waiting card is red, and the banner counts it.
    expect(screen.getByRole("alert")).toHaveTextContent("1 bestelling wag al langer as 11 minute");
    const lateCard = within(column("Om te doen")).getAllByRole("listitem")[0]!;
    expect(lateCard).toHaveTextContent("#111");
    expect(lateCard).toHaveTextContent("Te lank");
    expect(within(column("Besig")).getByText("12 min in voorbereiding")).toBeInTheDocument();
  });

  it("starts an order with Begin: PATCH status processing, and the card moves column", async () => {
    const { user, calls } = renderBoard();
    const card = (await within(column("Om te doen")).findByText("#111")).closest("li")!;

    await user.click(within(card).getByRole("button", { name: "Begin" }));

    const put = calls.find((call) => call.method === "PATCH");
    expect(put).toMatchObject({
      url: "/api/orders/order-0000-aaa111/status",
      body: { status: "processing" },
      headers: { "Content-Type": "application/json" },
    });
    expect(within(column("Besig")).getByText("#111")).toBeInTheDocument();
    expect(within(column("Om te doen")).queryByText("#111")).not.toBeInTheDocument();
    // The focus follows the card into its new column instead of falling to <body>.
    await waitFor(() => expect(within(column("Besig")).getByRole("button", { name: /#111/ })).toHaveFocus());
  });

  it("keeps the focus on the board when an order leaves it: Oorhandig focuses the column it left", async () => {
    const { user } = renderBoard();
    const card = (await within(column("Gereed")).findByText("#444")).closest("li")!;

    await user.click(within(card).getByRole("button", { name: "Oorhandig" }));

    await waitFor(() => expect(column("Gereed")).toHaveFocus());
    expect(within(column("Gereed")).queryByText("#444")).not.toBeInTheDocument();
  });

  it("shows how long each order waited, in the canteen's ageing stages, in words as well as colour", async () => {
    renderBoard();
    const card = async (label: string) =>
      (await within(column("Om te doen")).findByText(label)).closest("li")!;
    // Waiting 12 minutes with red from 11: late, whenever it was placed.
    expect(within(await card("#111")).getByText("Te lank")).toBeInTheDocument();
    expect(within(await card("#111")).getByText("Wag al 12 min")).toBeInTheDocument();
    await waitFor(() => expect(within(column("Om te doen")).getByText("Wag lank")).toBeInTheDocument());
    expect(within(await card("#222")).getByText("Wag lank")).toBeInTheDocument();
    expect(within(await card("#100")).queryByText(/Wag lank|Te lank/)).not.toBeInTheDocument();
    expect(within(await card("#100")).getByText("Wag al 3 min")).toBeInTheDocument();
  });

  it("names each step on a card with what the cook does: Begin, Sit gereed, Oorhandig", async () => {
    renderBoard();
    const step = (name: string, label: string) =>
      within(within(column(name)).getByText(label).closest("li")!).getAllByRole("button")[1];
    await within(column("Om te doen")).findByText("#111");
    expect(step("Om te doen", "#111")).toHaveTextContent(/^Begin$/);
    expect(step("Om te doen", "#100")).toHaveTextContent(/^Begin$/);
    expect(step("Besig", "#333")).toHaveTextContent(/^Sit gereed$/);
    expect(step("Gereed", "#444")).toHaveTextContent(/^Oorhandig$/);
    // A state is no action: no step button says where the order already is.
    expect(screen.queryByRole("button", { name: /^(Besig|Gereed|Afgehaal)$/ })).toBeNull();
  });

  it("names the header's tools in words, the recently collected with their count", async () => {
    renderBoard();
    const tools = await screen.findByRole("toolbar", { name: "Gereedskap" });
    await waitFor(() =>
      expect(within(tools).getByRole("button", { name: "Onlangs afgehaal (1)" })).toBeInTheDocument(),
    );
    // Each tool's name is its text on the screen, not a label only assistive technology reads.
    const names = [...tools.querySelectorAll("a, button")].map((tool) => tool.textContent);
    expect(names).toEqual([
      "Klank: af",
      "Onlangs afgehaal (1)",
      "Toonbank",
      "Druk",
      "Verfris bestellings",
      "Kombuismodus",
    ]);
  });

  it("asks for sound when it opens, and its yes switches the sound on", async () => {
    const { user } = renderBoard();
    const prompt = await screen.findByRole("group", { name: "Klank" });
    expect(prompt).toHaveTextContent(
      "Skakel die klank aan om 'n klokkie te hoor wanneer 'n nuwe bestelling inkom.",
    );
    expect(screen.getByRole("switch", { name: "Klank: af" })).not.toBeChecked();

    await user.click(within(prompt).getByRole("button", { name: "Skakel klank aan" }));

    expect(screen.queryByRole("group", { name: "Klank" })).toBeNull();
    expect(screen.getByRole("switch", { name: /Klank: aan|Tik om klank te begin/ })).toBeChecked();
    expect(window.localStorage.getItem("kantien:kitchen-sound")).toBe("on");
  });

  it("asks for sound no more once the cook says 'Nie nou nie', and the sound stays off", async () => {
    const { user } = renderBoard();
    const prompt = await screen.findByRole("group", { name: "Klank" });
    await user.click(within(prompt).getByRole("button", { name: "Nie nou nie" }));
    expect(screen.queryByRole("group", { name: "Klank" })).toBeNull();
    expect(screen.getByRole("switch", { name: "Klank: af" })).not.toBeChecked();
  });

  it("does not ask for sound when the cook switched it on before", async () => {
    window.localStorage.setItem("kantien:kitchen-sound", "on");
    renderBoard();
    await within(column("Om te doen")).findByText("#111");
    expect(screen.queryByRole("group", { name: "Klank" })).toBeNull();
  });

  it("docks the undo notice in the board's header, above the columns, not over the last card", async () => {
    const { user } = renderBoard();
    const card = (await within(column("Om te doen")).findByText("#111")).closest("li")!;
    await user.click(within(card).getByRole("button", { name: "Begin" }));
    const undo = await screen.findByRole("button", { name: "Ongedaan maak" });
    expect(undo.closest(".MuiSnackbar-root")).toBeNull();
    expect(undo.closest('[role="status"]')).toHaveTextContent("#111 is nou besig.");
    for (const name of ["Om te doen", "Besig", "Gereed"]) {
      expect(undo.compareDocumentPosition(column(name)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it("counts the day's portions per dish and stage, not only orders", async () => {
    renderBoard();
    const strip = await screen.findByRole("group", { name: "Hoender en pap" });
    expect(strip).toHaveTextContent("Hoender en pap: 12 porsies");
    expect(strip).toHaveTextContent("6 om te doen2 besig2 gereed2 afgehaal");
    // A dish without a cap on its portions says nothing of one.
    expect(strip).not.toHaveTextContent("gemaak");
  });

  it("says how many portions of a capped dish are made and left, and when it is sold out", async () => {
    renderBoard(undefined, {
      body: {
        success: true,
        data: { ...day, caps: [{ itemName: "Hoender en pap", portions: 40, left: 6 }] },
      },
    });
    const strip = await screen.findByRole("group", { name: "Hoender en pap" });
    expect(strip).toHaveTextContent("40 gemaak · nog 6");
  });

  it("lets an admin correct a capped dish's count with a reason, and nobody else", async () => {
    const FOOD = "f0000000-0000-4000-8000-000000000001";
    const capped = {
      body: {
        success: true,
        data: { ...day, caps: [{ foodItemId: FOOD, itemName: "Hoender en pap", portions: 40, left: 6 }] },
      },
    };
    const { user, calls } = renderBoard(undefined, capped, {
      roleId: ROLE.kitchenAdmin,
      extra: {
        [`PUT /api/admin/food-items/${FOOD}/portions`]: {
          body: {
            success: true,
            message: "Die porsies van Hoender en pap is reggestel.",
            data: { foodItemId: FOOD, portions: 38, left: 4 },
          },
        },
      },
    });
    const strip = await screen.findByRole("group", { name: "Hoender en pap" });
    await user.click(within(strip).getByRole("button", { name: "Korrigeer" }));
    const dialog = await screen.findByRole("dialog", { name: "Korrigeer die porsies van Hoender en pap" });
    const save = within(dialog).getByRole("button", { name: "Stoor regstelling" });
    const made = within(dialog).getByRole("spinbutton", { name: "Porsies gemaak" });
    await user.clear(made);
    await user.type(made, "38");
    // Why it changes is asked first.
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: /Waarom/ }), "Twee het geval");
    await user.click(save);
    expect(await screen.findByText("Die porsies van Hoender en pap is reggestel.")).toBeVisible();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      portions: 38,
      reason: "Twee het geval",
    });
  });

  it("shows the kitchen's staff no way to correct a count", async () => {
    renderBoard(undefined, {
      body: {
        success: true,
        data: { ...day, caps: [{ foodItemId: "f1", itemName: "Hoender en pap", portions: 40, left: 6 }] },
      },
    });
    const strip = await screen.findByRole("group", { name: "Hoender en pap" });
    expect(within(strip).queryByRole("button", { name: "Korrigeer" })).not.toBeInTheDocument();
  });

  it("says how many of a dish the counter sold, also of a dish nobody ordered ahead", async () => {
    renderBoard(undefined, {
      body: {
        success: true,
        data: {
          ...day,
          atCounter: [
            { itemName: "Hoender en pap", sold: 3 },
            { itemName: "Vetkoek", sold: 1 },
          ],
        },
      },
    });
    expect(await screen.findByRole("group", { name: "Hoender en pap" })).toHaveTextContent(
      "3 by die toonbank verkoop",
    );
    expect(screen.getByRole("group", { name: "Vetkoek" })).toHaveTextContent("1 by die toonbank verkoop");
  });

  it("never shows an empty day under a load error", async () => {
    renderBoard(undefined, {
      status: 500,
      body: { success: false, message: "Bediener af", code: "internal" },
    });
    expect(await screen.findByRole("button", { name: /Probeer weer/i })).toBeInTheDocument();
    expect(screen.queryByText("Geen bestellings nie")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Om te doen" })).not.toBeInTheDocument();
  });

  it("undoes Begin from the notice: the order goes back to where it waited", async () => {
    const { user, calls } = renderBoard();
    const card = (await within(column("Om te doen")).findByText("#111")).closest("li")!;
    await user.click(within(card).getByRole("button", { name: "Begin" }));
    await user.click(await screen.findByRole("button", { name: "Ongedaan maak" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(2));
    expect(calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
      { status: "processing" },
      { status: "pending" },
    ]);
    await waitFor(() => expect(within(column("Om te doen")).getByText("#111")).toBeInTheDocument());
    expect(await screen.findByText("#111 is terug by Om te doen.")).toBeInTheDocument();
  });

  it("shows the server's refusal and puts the card back", async () => {
    const { user } = renderBoard({
      status: 403,
      body: { success: false, message: "Jy het nie toegang tot hierdie aksie nie.", code: "forbidden" },
    });
    const card = (await within(column("Om te doen")).findByText("#111")).closest("li")!;

    await user.click(within(card).getByRole("button", { name: "Begin" }));

    expect(await screen.findByText("Jy het nie toegang tot hierdie aksie nie.")).toBeInTheDocument();
    await waitFor(() => expect(within(column("Om te doen")).getByText("#111")).toBeInTheDocument());
  });

  it("asks why before cancelling from the detail dialog, says where the money goes, then what happened", async () => {
    const { user, calls } = renderBoard(changed("order-0000-aaa111", "cancelled", "71.00"));
    await user.click(await within(column("Om te doen")).findByRole("button", { name: /#111/ }));

    const details = await screen.findByRole("dialog", { name: "Bestelling #111" });
    const totalRow = within(details).getByRole("rowheader", { name: "Totale prys" }).closest("tr");
    expect(totalRow?.querySelector("td")?.textContent).toBe(formatRand(lineTotal("35.50", 2)));
    await user.click(within(details).getByRole("button", { name: "Kanselleer bestelling" }));

    const confirm = await screen.findByRole("dialog", { name: "Kanselleer bestelling #111" });
    // The board's day does not say how the order was paid: the dialog asks for this one order.
    await waitFor(() =>
      expect(confirm).toHaveTextContent(
        `${spaced(formatRand("71.00"))} gaan terug na Kliënt 111 se beursie.`,
      ),
    );
    const send = within(confirm).getByRole("button", { name: "Kanselleer bestelling" });
    expect(send).toBeDisabled();
    await user.click(within(confirm).getByRole("button", { name: "Die kos is op" }));
    expect(within(confirm).getByRole("textbox", { name: "Rede" })).toHaveValue("Die kos is op");
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
    await user.click(send);

    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      status: "cancelled",
      reason: "Die kos is op",
    });
    expect(
      await screen.findByText(
        `Bestelling gekanselleer; ${spaced(formatRand("71.00"))} terugbetaal in Kliënt 111 se beursie.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(column("Om te doen")).toHaveFocus());
  });

  it("returns to the order's detail when the cook keeps the order, and sends nothing", async () => {
    const { user, calls } = renderBoard();
    await user.click(await within(column("Om te doen")).findByRole("button", { name: /#111/ }));
    const details = await screen.findByRole("dialog", { name: "Bestelling #111" });
    await user.click(within(details).getByRole("button", { name: "Kanselleer bestelling" }));
    const confirm = await screen.findByRole("dialog", { name: "Kanselleer bestelling #111" });
    await user.click(within(confirm).getByRole("button", { name: "Hou die bestelling" }));

    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Kanselleer bestelling #111" })).toBeNull(),
    );
    expect(screen.getByRole("dialog", { name: "Bestelling #111" })).toBeVisible();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
  });
});

describe("KitchenBoard live events", () => {
  const changed = (id: string, status: KitchenOrder["status"], deliveryDate: string | null): OrderEvent => ({
    type: "order.changed",
    order: { id, status, statusChangedAt: new Date().toISOString(), deliveryDate },
  });

  /** The board with `/api/events` played by the test; the server's day can grow between fetches. */
  async function renderLiveBoard() {
    const sources = stubEventSource();
    let serverDay = day;
    const calls = mockFetch({
      "GET /api/kitchen/orders": () => ({ body: { success: true, data: serverDay } }),
      "GET /api/settings": {
        body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
      },
    });
    const { user } = renderWithApp(<KitchenBoard />, {
      route: "/kitchen",
      user: testUser(ROLE.kitchenStaff),
    });
    await within(column("Om te doen")).findByText("#111");
    const events = sources.at(-1)!;
    expect(events.url).toBe("/api/events");
    events.emit("open");
    const dayFetches = () => calls.filter((call) => call.url === "/api/kitchen/orders").length;
    const addToServerDay = (extra: KitchenOrder) => {
      serverDay = { ...serverDay, orders: [...serverDay.orders, extra] };
    };
    return { events, dayFetches, addToServerDay, user };
  }

  it("merges a change of an order on the board without fetching the day again", async () => {
    const { events, dayFetches } = await renderLiveBoard();

    events.emit("order", changed("order-0000-aaa111", "processing", null));

    expect(await within(column("Besig")).findByText("#111")).toBeInTheDocument();
    expect(within(column("Om te doen")).queryByText("#111")).not.toBeInTheDocument();
    expect(dayFetches()).toBe(1);
  });

  it("adds a new order the event carries as the board shows it, without fetching the day again", async () => {
    const { events, dayFetches } = await renderLiveBoard();
    const row = {
      ...order("order-0000-nnn555", "paid", 0),
      deliveryDate: "2025-03-03",
      customerName: "Nuwe Leerder",
    };
    events.emit("order", { ...changed(row.id, "paid", "2025-03-03"), row });
    expect(await within(column("Om te doen")).findByText("#555")).toBeInTheDocument();
    expect(screen.getByText(/Nuwe Leerder/)).toBeVisible();
    expect(dayFetches()).toBe(1);
  });

  it("follows the stream from the event the day it read reflects", async () => {
    const sources = stubEventSource();
    mockFetch({
      "GET /api/kitchen/orders": { body: { success: true, data: { ...day, eventId: "41" } } },
      "GET /api/settings": {
        body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
      },
    });
    renderWithApp(<KitchenBoard />, { route: "/kitchen", user: testUser(ROLE.kitchenStaff) });
    await within(column("Om te doen")).findByText("#111");
    expect(sources.at(-1)?.url).toBe("/api/events?lastEventId=41");
  });

  it("ignores another day's orders and fetches the day again for a new order of its own day", async () => {
    const { events, dayFetches, addToServerDay } = await renderLiveBoard();

    events.emit("order", changed("order-0000-ggg777", "pending", "2025-03-04"));
    addToServerDay({ ...order("order-0000-hhh888", "pending", 1), deliveryDate: "2025-03-03" });
    events.emit("order", changed("order-0000-hhh888", "pending", "2025-03-03"));

    expect(await within(column("Om te doen")).findByText("#888")).toBeInTheDocument();
    // One fetch for the new order of 2025-03-03; none for the order of 2025-03-04.
    expect(dayFetches()).toBe(2);
    expect(screen.queryByText("#777")).not.toBeInTheDocument();
  });

  it("fetches the day again for a new undated order, and for a reload, but not for a reconnect", async () => {
    const { events, dayFetches, addToServerDay } = await renderLiveBoard();

    addToServerDay(order("order-0000-iii999", "pending", 1));
    events.emit("order", changed("order-0000-iii999", "pending", null), "7");
    expect(await within(column("Om te doen")).findByText("#999")).toBeInTheDocument();
    expect(dayFetches()).toBe(2);

    // The connection dropped and came back: the server sends what was missed, no fetch.
    events.emit("error");
    events.emit("open");
    events.emit("order", changed("order-0000-aaa111", "processing", null), "8");
    expect(await within(column("Besig")).findByText("#111")).toBeInTheDocument();
    expect(dayFetches()).toBe(2);

    // What was missed is no longer kept: the day is loaded again.
    events.emit("reload", undefined, "20");
    await waitFor(() => expect(dayFetches()).toBe(3));
  });

  it("takes the cook to a new order: '1 nuut' scrolls its card into view and focuses it", async () => {
    const { events, addToServerDay, user } = await renderLiveBoard();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    try {
      addToServerDay({ ...order("order-0000-kkk345", "pending", 0), deliveryDate: "2025-03-03" });
      events.emit("order", changed("order-0000-kkk345", "pending", "2025-03-03"));
      const fresh = await within(column("Om te doen")).findByRole("button", { name: "1 nuut" });
      const card = within(column("Om te doen")).getByRole("button", { name: /#345/ });
      expect(card).not.toHaveFocus();

      await user.click(fresh);

      expect(scrolled).toEqual([card]);
      expect(card).toHaveFocus();
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it("takes an order that moved to another day off the board", async () => {
    const { events, dayFetches } = await renderLiveBoard();

    events.emit("order", changed("order-0000-bbb222", "pending", "2025-03-05"));

    await waitFor(() => expect(within(column("Om te doen")).queryByText("#222")).not.toBeInTheDocument());
    expect(within(column("Om te doen")).getByText("#111")).toBeInTheDocument();
    expect(dayFetches()).toBe(1);
  });

  describe("allergy alerts", () => {
    // #777 waits in Om te doen, newer than the rest; #888 is being made.
    const alerted: KitchenDay = {
      ...day,
      orders: [
        ...day.orders,
        {
          ...order("order-0000-ggg777", "pending", 1),
          allergyAlert: { codes: ["peanuts"], unchecked: [], severeCodes: ["peanuts"], severe: true },
        },
        {
          ...order("order-0000-hhh888", "processing", 2),
          allergyAlert: { codes: ["eggs", "milk"], unchecked: [], severeCodes: [], severe: false },
        },
      ],
    };
    const renderAlerted = () => {
      const calls = mockFetch({
        "GET /api/kitchen/orders": { body: { success: true, data: alerted } },
        "GET /api/canteen-settings": { body: { success: true, data: RULES } },
        "GET /api/settings": {
          body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
        },
        "PATCH /api/orders/order-0000-hhh888/status": {
          body: {
            success: true,
            data: {
              id: "order-0000-hhh888",
              status: "ready",
              statusChangedAt: "2031-06-11T08:30:00.000Z",
              deliveryDate: null,
              refunded: null,
            },
          },
        },
      });
      const view = renderWithApp(<KitchenBoard />, { route: "/kitchen", user: testUser(ROLE.kitchenStaff) });
      return { ...view, calls };
    };

    it("puts an order with an alert first in its column, marked in words with a sign, not colour alone", async () => {
      const { user } = renderAlerted();
      const waiting = await within(column("Om te doen")).findAllByRole("listitem");
      expect(waiting[0]).toHaveTextContent("#777");
      expect(await within(waiting[0]!).findByText("Ernstige allergie: grondboontjies")).toBeInTheDocument();
      expect(waiting[0]!.querySelector(".kc-allergy svg")).not.toBeNull();
      expect(waiting[0]!.querySelector("[data-allergy]")).not.toBeNull();
      const busy = within(column("Besig")).getAllByRole("listitem");
      expect(busy[0]).toHaveTextContent("#888");
      expect(within(busy[0]!).getByText("Allergie: eiers, melk")).toBeInTheDocument();
      // Its details say it too.
      await user.click(within(waiting[0]!).getByRole("button", { name: /#777/ }));
      const details = await screen.findByRole("dialog", { name: "Bestelling #777" });
      expect(within(details).getByRole("row", { name: /Allergie/ })).toHaveTextContent(
        "Ernstige allergie: grondboontjies",
      );
      // Orders without an alert carry none.
      expect(waiting[1]).not.toHaveTextContent(/Allergie/);
      expect(waiting[1]!.querySelector("[data-allergy]")).toBeNull();
    });

    it("asks 'Allergene nagegaan?' before Sit gereed, and sends the yes; 'Nog nie' sends nothing", async () => {
      const { user, calls } = renderAlerted();
      const card = (await within(column("Besig")).findByText("#888")).closest("li")!;
      await user.click(within(card).getByRole("button", { name: "Sit gereed" }));
      const dialog = await screen.findByRole("alertdialog", { name: "Allergene nagegaan?" });
      expect(dialog).toHaveTextContent("Allergie: eiers, melk.");
      expect(within(dialog).getByRole("button", { name: "Nog nie" })).toHaveFocus();
      await user.click(within(dialog).getByRole("button", { name: "Nog nie" }));
      expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(0);
      expect(within(column("Besig")).getByText("#888")).toBeInTheDocument();

      await user.click(within(card).getByRole("button", { name: "Sit gereed" }));
      await user.click(
        within(await screen.findByRole("alertdialog", { name: "Allergene nagegaan?" })).getByRole("button", {
          name: "Ja, nagegaan",
        }),
      );
      await waitFor(() => expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(1));
      expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
        status: "ready",
        allergensConfirmed: true,
      });
      await waitFor(() => expect(within(column("Gereed")).getByText("#888")).toBeInTheDocument());
    });
  });
});
