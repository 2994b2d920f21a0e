import { formatRand } from "@kantien/domain/money";
import type { OrderDetail, OrderMenuDay, OrderSummaryRow } from "@kantien/domain/orders-summary";
import type { CustomerRow } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pasteDate } from "../../../test/date-field";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { OrdersScreen } from "./orders-screen";

/** Whether a date field rests (its parts say so to assistive technology). */
const dateDisabled = (label: string) =>
  within(screen.getByRole("group", { name: label }))
    .getAllByRole("spinbutton")
    .every((part) => part.getAttribute("aria-disabled") === "true");

// Today is Wednesday 11 June 2031 in the canteen: this week runs 9 to 15 June.
const WEEK = "from=2031-06-09&to=2031-06-15";
const list = (extra = "", paging = "limit=25&offset=0") =>
  `GET /api/orders?${WEEK}${extra}&sort=orderDate&dir=desc&${paging}`;

const rand = (amount: string) => formatRand(amount);
// toHaveTextContent and findByText compare with the white space collapsed.
const randText = (amount: string) => formatRand(amount).replace(/\s/g, " ");

function row(id: string, overrides: Partial<OrderSummaryRow> = {}): OrderSummaryRow {
  return {
    id,
    pickupNumber: 3,
    orderDate: "2031-06-10",
    deliveryDate: "2031-06-10",
    createdAt: "2031-06-09T08:15:00Z",
    customerName: "Thandi Botha",
    itemName: "Bobotie",
    quantity: 1,
    amount: "35.50",
    status: "pending",
    allergyAlert: null,
    ...overrides,
  };
}

const ROWS = [
  row("6f1c2b7e-98a4-4d51-b0c3-12ab34cd56ef"),
  row("0a0b0c0d-1111-2222-3333-444455557a7b", {
    customerName: "Pieter Nel",
    itemName: "Pizza",
    quantity: 2,
    amount: "95.00",
    status: "paid",
    pickupNumber: 8,
    orderDate: "2031-06-12",
    deliveryDate: "2031-06-12",
  }),
];

const DETAIL: OrderDetail = {
  id: "0a0b0c0d-1111-2222-3333-444455557a7b",
  pickupNumber: 8,
  orderDate: "2031-06-12",
  customerId: "cust-1",
  customerName: "Pieter Nel",
  itemName: "Pizza",
  quantity: 2,
  unitPrice: "47.50",
  total: "95.00",
  deliveryDate: null,
  createdAt: "2031-06-11T06:15:00Z",
  status: "paid",
  allergyAlert: null,
  allergensConfirmed: false,
  paidFromWallet: true,
  timeline: [{ status: "paid", at: "2031-06-11T06:15:00Z", byName: "Ada Admin", reason: null }],
};

const page = (rows: OrderSummaryRow[], total = rows.length) => ({
  body: { success: true, data: rows, total },
});

function renderScreen(routes: Parameters<typeof mockFetch>[0] = {}, route = "/orders") {
  const calls = mockFetch({ [list()]: page(ROWS, 60), ...routes });
  return { ...renderWithApp(<OrdersScreen />, { route, user: testUser(ROLE.kitchenAdmin) }), calls };
}

const orderCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith("/api/orders?"));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2031-06-11T08:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("OrdersScreen", () => {
  it("shows this week's orders with their number, date, customer, amount and status", async () => {
    renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "Bestellingsopsomming" })).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "9 Junie 2031 – 15 Junie 2031" }),
    ).toBeInTheDocument();

    const table = await screen.findByRole("table", { name: "Bestellings in hierdie tydperk" });
    await within(table).findByText("Pieter Nel");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const cells = within(rows[2] as HTMLElement).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual([
      "#8",
      "12 Jun 2031",
      "9 Jun 2031",
      "Pieter Nel",
      "Pizza × 2",
      rand("95.00"),
      "Betaal, om te doen",
      "Bekyk",
    ]);
    expect(screen.getByText("1–25 van 60")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Laai CSV af" })).toHaveAttribute(
      "href",
      `/api/orders/export.csv?${WEEK}&sort=orderDate&dir=desc&lang=af`,
    );
  });

  it("searches after typing stops, filters by status, sorts and pages on the server", async () => {
    const { user, calls } = renderScreen({
      [list("&q=nel")]: page([ROWS[1] as OrderSummaryRow]),
      [list("&q=nel&status=paid")]: page([ROWS[1] as OrderSummaryRow]),
      [`GET /api/orders?${WEEK}&q=nel&status=paid&sort=customer&dir=asc&limit=25&offset=0`]: page([
        ROWS[1] as OrderSummaryRow,
      ]),
      [list("", "limit=25&offset=25")]: page(ROWS, 60),
    });
    await screen.findByText("Thandi Botha");

    await user.click(screen.getByRole("button", { name: "Volgende bladsy" }));
    await waitFor(() => expect(orderCalls(calls).at(-1)?.url).toContain("offset=25"));

    await user.type(screen.getByRole("searchbox", { name: "Soek klant, item of nommer" }), "nel");
    await waitFor(() => expect(screen.queryByText("Thandi Botha")).not.toBeInTheDocument());
    // One request for the words, not one per key; a new search starts on the first page.
    expect(orderCalls(calls).filter((c) => c.url.includes("q="))).toHaveLength(1);
    expect(orderCalls(calls).at(-1)?.url).toContain("q=nel&sort=orderDate&dir=desc&limit=25&offset=0");

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Betaal, om te doen" }));
    await waitFor(() => expect(orderCalls(calls).at(-1)?.url).toContain("status=paid"));

    await user.click(screen.getByRole("button", { name: "Klant" }));
    await waitFor(() => expect(orderCalls(calls).at(-1)?.url).toContain("sort=customer&dir=asc"));
    expect(screen.getByRole("link", { name: "Laai CSV af" })).toHaveAttribute(
      "href",
      `/api/orders/export.csv?${WEEK}&q=nel&status=paid&sort=customer&dir=asc&lang=af`,
    );
  });

  it("reads its filters from the address", async () => {
    const { calls } = renderScreen(
      {
        "GET /api/orders?from=2031-06-02&to=2031-06-06&status=failed&sort=amount&dir=asc&limit=50&offset=50":
          page(ROWS, 52),
      },
      "/orders?from=2031-06-02&to=2031-06-06&status=failed&sort=amount&dir=asc&rows=50&page=1",
    );
    expect(await screen.findByText("51–52 van 52")).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "2 Junie 2031 – 6 Junie 2031" }),
    ).toBeInTheDocument();
    expect(orderCalls(calls)).toHaveLength(1);
  });

  it("says when the range is empty and offers a new order", async () => {
    renderScreen({ [list()]: page([]) });
    expect(await screen.findByText("Geen bestellings in hierdie tydperk nie")).toBeInTheDocument();
    expect(screen.getByText("Verander die datums of neem 'n nuwe bestelling.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Nuwe bestelling" })).toHaveLength(2);
  });

  it("shows the server's message when the orders cannot load, and retries", async () => {
    let fail = true;
    const { user } = renderScreen({
      [list()]: () =>
        fail
          ? {
              status: 500,
              body: {
                success: false,
                message: "Die databasis is nie bereikbaar nie.",
                code: "internal_error",
              },
            }
          : page(ROWS),
    });
    expect(await screen.findByText("Die databasis is nie bereikbaar nie.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Probeer weer" }));
    expect(await screen.findByText("Thandi Botha")).toBeInTheDocument();
  });

  it("refuses an end date before the start date without asking the server", async () => {
    const { calls, user } = renderScreen();
    await screen.findByText("Thandi Botha");
    await pasteDate(user, document.body, "Einddatum", "01 Junie 2031");
    expect(await screen.findByText("Die einddatum moet op of ná die begindatum wees.")).toBeInTheDocument();
    expect(orderCalls(calls)).toHaveLength(1);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("finding any order, however old (decision 0015)", () => {
  const OLD = row("5e4d3c2b-1a09-4f8e-9d7c-6b5a49d73f2a", {
    customerName: "Ouma Jordaan",
    orderDate: "2019-05-06",
    deliveryDate: "2019-05-06",
    status: "delivered",
  });
  const CUSTOMER = "3f0c8a6e-0c1d-4a4e-9b7a-2d1f0e9c8b7a";

  it("finds an order by its QR code's id whatever the date range, and a pickup number within it", async () => {
    const range = "from=2031-06-02&to=2031-06-06";
    const { user, calls } = renderScreen(
      {
        [`GET /api/orders?${range}&sort=orderDate&dir=desc&limit=25&offset=0`]: page(ROWS),
        [`GET /api/orders?q=${OLD.id}&sort=orderDate&dir=desc&limit=25&offset=0`]: page([OLD]),
        [`GET /api/orders?${range}&q=%238&sort=orderDate&dir=desc&limit=25&offset=0`]: page([ROWS[1]!]),
      },
      `/orders?${range}`,
    );
    await screen.findByText("Thandi Botha");
    const search = screen.getByRole("searchbox", { name: "Soek klant, item of nommer" });

    // A pickup number is one order a day: it is searched within the range.
    await user.type(search, "#8");
    await waitFor(() => expect(screen.queryByText("Thandi Botha")).not.toBeInTheDocument());
    expect(orderCalls(calls).at(-1)?.url).toBe(
      `/api/orders?${range}&q=%238&sort=orderDate&dir=desc&limit=25&offset=0`,
    );
    expect(dateDisabled("Begindatum")).toBe(false);
    await user.clear(search);

    await user.type(search, OLD.id);
    expect(await screen.findByText("Ouma Jordaan")).toBeInTheDocument();
    // Asked without the range: the order is from 2019.
    expect(orderCalls(calls).at(-1)?.url).toBe(
      `/api/orders?q=${OLD.id}&sort=orderDate&dir=desc&limit=25&offset=0`,
    );
    expect(screen.getByText("6 Mei 2019")).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "Bestelling #3, op enige datum" }),
    ).toBeInTheDocument();
    expect(dateDisabled("Begindatum")).toBe(true);
    expect(screen.getByRole("button", { name: "Vorige week" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Laai CSV af" })).toHaveAttribute(
      "href",
      `/api/orders/export.csv?q=${OLD.id}&sort=orderDate&dir=desc&lang=af`,
    );

    await user.clear(screen.getByRole("searchbox", { name: "Soek klant, item of nommer" }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "2 Junie 2031 – 6 Junie 2031" }),
    ).toBeInTheDocument();
    expect(dateDisabled("Begindatum")).toBe(false);
  });

  it("shows every order of one customer of all time, until the customer is taken away", async () => {
    const { user, calls } = renderScreen(
      {
        [`GET /api/orders?customer=${CUSTOMER}&sort=orderDate&dir=desc&limit=25&offset=0`]: page([OLD]),
      },
      `/orders?customer=${CUSTOMER}`,
    );
    expect(
      await screen.findByRole("heading", { level: 2, name: "Alle bestellings van Ouma Jordaan" }),
    ).toBeInTheDocument();
    expect(orderCalls(calls).map((c) => c.url)).toEqual([
      `/api/orders?customer=${CUSTOMER}&sort=orderDate&dir=desc&limit=25&offset=0`,
    ]);
    const chip = screen.getByRole("button", { name: "Klant: Ouma Jordaan" });
    await user.click(within(chip).getByTestId("CancelIcon"));
    expect(await screen.findByText("Thandi Botha")).toBeInTheDocument();
    expect(orderCalls(calls).at(-1)?.url).toBe(list().replace("GET ", ""));
    expect(screen.queryByRole("button", { name: /Kliënt:/ })).not.toBeInTheDocument();
  });
});

describe("order detail", () => {
  const detailRoute = `GET /api/orders/${DETAIL.id}`;
  const putRoute = `PATCH /api/orders/${DETAIL.id}/status`;
  /** The server's answer to a status change. */
  const changed = (status: string, refunded: string | null = null) => ({
    body: {
      success: true,
      data: {
        id: DETAIL.id,
        status,
        statusChangedAt: "2031-06-11T08:30:00.000Z",
        deliveryDate: null,
        refunded,
      },
    },
  });

  it("shows the order, its payment and its timeline", async () => {
    const { user } = renderScreen({ [detailRoute]: { body: { success: true, data: DETAIL } } });
    await user.click(await screen.findByRole("button", { name: /^Bekyk bestelling #8, / }));
    const dialog = await screen.findByRole("dialog", { name: "Bestelling #8" });
    const value = (label: string) =>
      within(dialog).getByRole("rowheader", { name: label }).nextElementSibling?.textContent;
    await within(dialog).findByText(DETAIL.id);
    expect(value("Klant")).toBe("Pieter Nel");
    expect(value("Gereg")).toBe("Pizza");
    expect(value("Hoeveelheid")).toBe("2");
    expect(value("Prys per porsie")).toBe(rand("47.50"));
    expect(value("Totale prys")).toBe(rand("95.00"));
    expect(value("Afhaaldatum")).toBe("Nie gespesifiseer nie");
    expect(value("Geskep")).toBe("11 Junie 2031 om 08:15");
    expect(value("Betaling")).toBe("Uit die klant se beursie");
    expect(within(dialog).getByRole("combobox", { name: "Verander status" })).toHaveTextContent(
      "Betaal, om te doen",
    );
    // Only what happened: the payment, nothing the order has not reached.
    const timeline = within(dialog).getByRole("list", { name: "Tydlyn" });
    expect(timeline).toHaveTextContent("Betaal, om te doen11 Junie 2031 om 08:15 deur Ada Admin");
    expect(timeline).not.toHaveTextContent(/Besig|Gereed|Afgehaal/);
  });

  it("saves a status, and shows the server's refusal", async () => {
    let refuse = false;
    const { user, calls } = renderScreen({
      [detailRoute]: { body: { success: true, data: DETAIL } },
      [putRoute]: () =>
        refuse
          ? {
              status: 409,
              body: {
                success: false,
                code: "status_transition_forbidden",
                message: "Hierdie stap is nie toegelaat nie.",
              },
            }
          : changed("processing"),
    });
    await user.click(await screen.findByRole("button", { name: /^Bekyk bestelling #8, / }));
    const dialog = await screen.findByRole("dialog", { name: "Bestelling #8" });

    await user.click(await within(dialog).findByRole("combobox", { name: "Verander status" }));
    await user.click(await screen.findByRole("option", { name: "Besig" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "processing" }),
    );
    expect(await screen.findByText("Status verander na Besig")).toBeInTheDocument();

    refuse = true;
    await user.click(within(dialog).getByRole("combobox", { name: "Verander status" }));
    await user.click(await screen.findByRole("option", { name: "Misluk" }));
    expect(await within(dialog).findByText("Hierdie stap is nie toegelaat nie.")).toBeInTheDocument();
  });

  it("shows an order's allergy alert, in the list and the detail, and asks 'Allergene nagegaan?' before Afgehaal", async () => {
    const alert = {
      codes: ["milk" as const],
      unchecked: ["peanuts" as const],
      severeCodes: ["peanuts" as const],
      severe: true,
    };
    const alerted = { ...DETAIL, allergyAlert: alert };
    const { user, calls } = renderScreen({
      [list()]: page([ROWS[0]!, { ...ROWS[1]!, allergyAlert: alert }], 2),
      [detailRoute]: { body: { success: true, data: alerted } },
      [putRoute]: changed("delivered"),
    });
    // "Ernstig" is said of the list that holds the severe allergen: the unchecked peanuts, not the milk.
    const words = "Allergie: melk · Ernstige allergie, allergene nie nagegaan nie: grondboontjies";
    expect(await screen.findByText(words)).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: /^Bekyk bestelling #8, / }));
    const dialog = await screen.findByRole("dialog", { name: "Bestelling #8" });
    const value = (label: string) =>
      within(dialog).getByRole("rowheader", { name: label }).nextElementSibling?.textContent;
    await within(dialog).findByText(DETAIL.id);
    expect(value("Allergie")).toBe(words);

    const chooseDelivered = async () => {
      await user.click(within(dialog).getByRole("combobox", { name: "Verander status" }));
      await user.click(await screen.findByRole("option", { name: "Afgehaal" }));
      return screen.findByRole("alertdialog", { name: "Allergene nagegaan?" });
    };
    // "Nog nie" moves nothing.
    await user.click(within(await chooseDelivered()).getByRole("button", { name: "Nog nie" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);

    const asked = await chooseDelivered();
    expect(asked).toHaveTextContent(`Bestelling #8 vir Pieter Nel (Pizza): ${words}.`);
    await user.click(within(asked).getByRole("button", { name: "Ja, nagegaan" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        status: "delivered",
        allergensConfirmed: true,
      }),
    );
  });

  /** Opens the order's detail and chooses Gekanselleer: the cancel dialog. */
  async function chooseCancel(user: ReturnType<typeof renderScreen>["user"]) {
    if (!screen.queryByRole("dialog", { name: "Bestelling #8" })) {
      await user.click(await screen.findByRole("button", { name: /^Bekyk bestelling #8, / }));
    }
    const dialog = await screen.findByRole("dialog", { name: "Bestelling #8" });
    await user.click(await within(dialog).findByRole("combobox", { name: "Verander status" }));
    await user.click(await screen.findByRole("option", { name: "Gekanselleer" }));
    return screen.findByRole("dialog", { name: "Kanselleer bestelling #8" });
  }

  it("asks why before cancelling, says the money goes back to the customer, then that it did", async () => {
    const { user, calls } = renderScreen({
      [detailRoute]: { body: { success: true, data: DETAIL } },
      [putRoute]: changed("cancelled", "95.00"),
    });
    let confirm = await chooseCancel(user);
    expect(confirm).toHaveTextContent(`${randText("95.00")} gaan terug na Pieter Nel se beursie.`);
    await user.click(within(confirm).getByRole("button", { name: "Hou die bestelling" }));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /Kanselleer/ })).not.toBeInTheDocument());

    confirm = await chooseCancel(user);
    const send = within(confirm).getByRole("button", { name: "Kanselleer bestelling" });
    await user.type(within(confirm).getByRole("textbox", { name: "Rede" }), "ok");
    expect(send).toBeDisabled();
    await user.type(
      within(confirm).getByRole("textbox", { name: "Rede" }),
      " — ons het nie meer hoender nie",
    );
    await user.click(send);
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        status: "cancelled",
        reason: "ok — ons het nie meer hoender nie",
      }),
    );
    expect(
      await screen.findByText(
        `Bestelling gekanselleer; ${randText("95.00")} terugbetaal in Pieter Nel se beursie.`,
      ),
    ).toBeInTheDocument();
  });

  it("says no money moves for an order that was not paid, and keeps the reason when the server refuses", async () => {
    const { user } = renderScreen({
      [detailRoute]: { body: { success: true, data: { ...DETAIL, paidFromWallet: false } } },
      [putRoute]: {
        status: 400,
        body: {
          success: false,
          code: "validation_failed",
          message: "Sommige velde is ongeldig. Kyk asseblief weer.",
        },
      },
    });
    const confirm = await chooseCancel(user);
    expect(confirm).toHaveTextContent(
      "Hierdie bestelling is nie betaal nie, dus word geen geld terugbetaal nie.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Die kombuis is gesluit" }));
    await user.click(within(confirm).getByRole("button", { name: "Kanselleer bestelling" }));
    expect(
      await within(confirm).findByText("Sommige velde is ongeldig. Kyk asseblief weer."),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole("textbox", { name: "Rede" })).toHaveValue("Die kombuis is gesluit");
  });
});

describe("new order", () => {
  const customer: CustomerRow = {
    id: "8b1f7a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
    firstName: "Thandi",
    lastName: "Botha",
    email: "thandi@kantien.example",
    phoneNumber: null,
    roleId: 1,
    akdNumber: null,
    balance: "100.00",
    createdAt: "2031-01-01T08:00:00Z",
    version: 1,
  };
  const days: OrderMenuDay[] = [
    {
      date: "2031-06-11",
      items: [{ id: "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", name: "Bobotie", price: "35.50" }],
    },
    {
      date: "2031-06-12",
      items: [{ id: "2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", name: "Pizza", price: "47.50" }],
    },
  ];

  async function fillDialog(user: ReturnType<typeof renderScreen>["user"]) {
    await user.click((await screen.findAllByRole("button", { name: "Nuwe bestelling" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Nuwe bestelling" });
    await user.type(within(dialog).getByRole("combobox", { name: "Klant" }), "thandi");
    await user.click(await screen.findByRole("option", { name: /Thandi Botha/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Afhaaldag" })).toHaveTextContent(
        "Woensdag 11 Junie 2031",
      ),
    );
    await user.click(within(dialog).getByRole("combobox", { name: "Afhaaldag" }));
    await user.click(await screen.findByRole("option", { name: "Donderdag 12 Junie 2031" }));
    const quantity = within(dialog).getByRole("spinbutton", { name: "Hoeveelheid" });
    await user.clear(quantity);
    await user.type(quantity, "2");
    return dialog;
  }

  const baseRoutes = {
    "GET /api/orders/menu-days": { body: { success: true, data: days } },
    "GET /api/customers?q=&limit=10": { body: { success: true, data: [], total: 0 } },
    "GET /api/customers?q=thandi&limit=10": { body: { success: true, data: [customer], total: 1 } },
  };

  it("shows price, total and balance, pays from the wallet and shows the new balance", async () => {
    const { user, calls } = renderScreen({
      ...baseRoutes,
      "POST /api/orders": {
        status: 201,
        body: {
          success: true,
          data: { order: { ...DETAIL, customerName: "Thandi Botha" }, balance: "5.00" },
        },
      },
    });
    const dialog = await fillDialog(user);
    const value = (label: string) =>
      within(dialog).getByRole("rowheader", { name: label }).nextElementSibling?.textContent;
    expect(within(dialog).getByRole("combobox", { name: "Gereg" })).toHaveTextContent(
      `Pizza — ${randText("47.50")}`,
    );
    expect(value("Prys per porsie")).toBe(rand("47.50"));
    expect(value("Totaal")).toBe(rand("95.00"));
    expect(value("Beursiesaldo")).toBe(rand("100.00"));
    expect(value("Saldo ná die bestelling")).toBe(rand("5.00"));

    await user.click(within(dialog).getByRole("button", { name: "Plaas bestelling" }));
    expect(
      await screen.findByText(`Bestelling geplaas. Thandi Botha se nuwe saldo is ${randText("5.00")}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Nuwe bestelling" })).not.toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      customerId: customer.id,
      foodItemId: days[1]?.items[0]?.id,
      deliveryDate: "2031-06-12",
      quantity: 2,
    });
    expect(post?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it("warns as the server does about the customer's allergies: 'Ek verstaan' places it with the yes", async () => {
    const asked =
      "Let op die aangetekende allergieë: melk (bevat). Bevestig eers dat jy dit verstaan; dan kan jy bestel.";
    const { user, calls } = renderScreen({
      ...baseRoutes,
      "POST /api/orders": (call) =>
        (call.body as { allergenAcknowledged?: boolean }).allergenAcknowledged
          ? { status: 201, body: { success: true, data: { order: DETAIL, balance: "5.00" } } }
          : { status: 409, body: { success: false, code: "allergen_confirm_required", message: asked } },
    });
    const dialog = await fillDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Plaas bestelling" }));
    await within(dialog).findByText(asked);
    expect(within(dialog).getByText(asked).closest("[role=alert]")).toHaveClass("MuiAlert-colorWarning");
    await user.click(within(dialog).getByRole("button", { name: "Ek verstaan, plaas bestelling" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Nuwe bestelling" })).not.toBeInTheDocument(),
    );
    const posts = calls
      .filter((c) => c.method === "POST")
      .map((c) => c.body as { allergenAcknowledged?: boolean });
    expect(posts.map((body) => body.allergenAcknowledged)).toEqual([undefined, true]);
  });

  it("shows a refusal for a severe allergen, with no way to confirm it", async () => {
    const refused =
      "Hierdie gereg bevat grondboontjies, waarvoor 'n ernstige allergie aangeteken is. Dit kan nie bestel word nie.";
    const { user } = renderScreen({
      ...baseRoutes,
      "POST /api/orders": {
        status: 409,
        body: { success: false, code: "allergen_blocked", message: refused },
      },
    });
    const dialog = await fillDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Plaas bestelling" }));
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Ek verstaan, plaas bestelling" })).toBeNull();
  });

  it("shows the server's refusal of a short balance, and retries an unanswered submission with the same key", async () => {
    let answer: "short" | "down" | "ok" = "down";
    const { user, calls } = renderScreen({
      ...baseRoutes,
      "POST /api/orders": () =>
        answer === "down"
          ? {
              status: 503,
              body: { success: false, message: "Die bediener is besig.", code: "database_unavailable" },
            }
          : answer === "short"
            ? {
                status: 409,
                body: {
                  success: false,
                  code: "insufficient_balance",
                  message:
                    "Die klant se beursie het nie genoeg geld vir hierdie bestelling nie. Niks is afgetrek nie.",
                },
              }
            : { status: 201, body: { success: true, data: { order: DETAIL, balance: "5.00" } } },
    });
    const dialog = await fillDialog(user);
    const submit = within(dialog).getByRole("button", { name: "Plaas bestelling" });
    await user.click(submit);
    expect(await within(dialog).findByText("Die bediener is besig.")).toBeInTheDocument();
    answer = "short";
    await user.click(submit);
    expect(
      await within(dialog).findByText(
        "Die klant se beursie het nie genoeg geld vir hierdie bestelling nie. Niks is afgetrek nie.",
      ),
    ).toBeInTheDocument();
    answer = "ok";
    await user.click(submit);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Nuwe bestelling" })).not.toBeInTheDocument(),
    );

    const keys = calls.filter((c) => c.method === "POST").map((c) => c.headers["Idempotency-Key"]);
    expect(keys).toHaveLength(3);
    // The unanswered try and its retry are one submission; after a clear refusal, a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("asks for the customer, day and item before sending", async () => {
    const { user, calls } = renderScreen(baseRoutes);
    await user.click((await screen.findAllByRole("button", { name: "Nuwe bestelling" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Nuwe bestelling" });
    await user.click(within(dialog).getByRole("button", { name: "Plaas bestelling" }));
    expect(await within(dialog).findByText("Kies 'n klant, 'n dag en 'n gereg.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
