import type { CounterOrder } from "@kantien/domain/kitchen";
import type { CustomerDetail } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { purgeZXingModule } from "barcode-detector/ponyfill";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../app/router";
import { fakeBarcodeDetector, fakeCameras, fakeVideoPlayback } from "../../../test/fake-camera";
import { mockFetch } from "../../../test/mock-fetch";
import { act, renderWithApp, screen, testUser, within } from "../../../test/test-utils";
import { playCounterSound } from "../counter-sound";

// The counter's sounds are the browser's Web Audio: here, which one the screen asks for.
vi.mock("../counter-sound", () => ({ playCounterSound: vi.fn(), unlockCounterSound: vi.fn() }));

// The counter's "today" is the canteen's: these orders are of Thursday 26 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-26T06:30:00.000Z"), toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(playCounterSound).mockClear();
});

const ANNA = "a0000000-0000-4000-8000-000000000001";
const order: CounterOrder = {
  id: "0f3c2a10-0000-4000-8000-00000000abcd",
  pickupNumber: 17,
  status: "ready",
  quantity: 1,
  price: "45.00",
  createdAt: "2026-11-26T05:00:00.000Z",
  statusChangedAt: "2026-11-26T06:00:00.000Z",
  deliveryDate: "2026-11-26",
  customerName: "Anna Botha",
  itemName: "Bobotie",
  preparationTime: 10,
  itemAllergens: [],
  allergyAlert: null,
  orderDate: "2026-11-26",
  customerId: ANNA,
  collected: null,
};
const anna: CustomerDetail = {
  id: ANNA,
  firstName: "Anna",
  lastName: "Botha",
  email: "anna@skool.example",
  phoneNumber: null,
  roleId: 1,
  akdNumber: "AKD2026001",
  balance: "12.00",
  createdAt: "2026-01-01T00:00:00.000Z",
  paymentReference: "KAN7K3Q9Z",
  cardIssuedAt: null,
  recentOrders: [],
  ledger: [],
  version: 1,
};

/** `GET /api/kitchen/orders`: the kitchen's day holding `orders`. */
const kitchenDay = (orders: CounterOrder[]) => ({
  body: {
    success: true,
    data: { date: "2026-11-26", orders: orders.map(({ orderDate, customerId, collected, ...o }) => o) },
  },
});

describe("a top-up at the counter", () => {
  it("tops up the wallet of a found order's customer by card, and prints the slip with the canteen's name", async () => {
    const calls = mockFetch({
      "GET /api/config": {
        body: { success: true, data: { canteenName: "Hoërskool Klipdrif", timeZone: "Africa/Johannesburg" } },
      },
      "GET /api/kitchen/counter?q=anna": { body: { success: true, data: { orders: [order] } } },
      [`GET /api/customers/${ANNA}`]: { body: { success: true, data: anna } },
      [`POST /api/customers/${ANNA}/top-ups`]: {
        status: 201,
        body: {
          success: true,
          data: {
            balance: "62.00",
            entry: {
              id: "41",
              at: "2026-11-26T06:10:00.000Z",
              kind: "card",
              amount: "50.00",
              balanceAfter: "62.00",
              reason: null,
              reversesId: null,
            },
          },
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.type(await screen.findByRole("textbox", { name: "Skandeer of soek" }), "anna{Enter}");
    await user.click(await screen.findByRole("button", { name: "Laai Anna Botha se beursie op" }));
    const dialog = await screen.findByRole("dialog", { name: "Laai Anna Botha se beursie op" });
    expect(await within(dialog).findByText(/Saldo nou: R\s?12,00/)).toBeVisible();
    // A cook takes cash or card; EFT and corrections are an admin's.
    const channels = within(dialog).getByRole("radiogroup", { name: "Betaalwyse" });
    expect(within(channels).getAllByRole("radio")).toHaveLength(2);
    // Nor is a cook told of a correction by the note's hint.
    expect(within(dialog).getByText("Opsioneel, bv. wie die geld gebring het.")).toBeVisible();
    expect(dialog).not.toHaveTextContent(/regstelling/i);
    await user.type(within(dialog).getByRole("textbox", { name: "Bedrag" }), "50");
    await user.click(within(dialog).getByRole("radio", { name: "Kaart" }));
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));
    const done = await within(dialog).findByRole("status");
    expect(done).toHaveTextContent("Kwitansie nr. 41");
    // The slip the till printer prints says whose it is: the canteen's name, first.
    const slip = document.querySelector<HTMLElement>(".till-slip")!;
    expect(slip.firstElementChild).toHaveTextContent("Hoërskool Klipdrif");
    expect(slip).toHaveTextContent("Kwitansie nr. 41");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { amount: "50.00", method: "card", reason: null, paidBy: null },
    ]);
  });
});

describe("handing over at the counter", () => {
  it("finds a learner's orders by their scanned card, and empties the field for the next scan", async () => {
    const card = "kantien:card:0123456789ABCDEF";
    mockFetch({
      "GET /api/kitchen/orders": kitchenDay([]),
      [`GET /api/kitchen/counter?${new URLSearchParams({ q: card })}`]: {
        body: { success: true, data: { orders: [order] } },
      },
      [`GET /api/kitchen/counter?${new URLSearchParams({ q: "kantien:card:ZZZZZZZZZZZZZZZZ" })}`]: {
        body: { success: true, data: { orders: [] } },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    const field = await screen.findByRole("textbox", { name: "Skandeer of soek" });
    await user.type(field, `${card}{Enter}`);
    expect(await screen.findByRole("button", { name: "Oorhandig" })).toBeVisible();
    expect(field).toHaveValue("");
    await user.type(field, "kantien:card:ZZZZZZZZZZZZZZZZ{Enter}");
    expect(await screen.findByText(/Hierdie kaart is onbekend of geblokkeer/)).toBeVisible();
  });

  const delivered: CounterOrder = {
    ...order,
    status: "delivered",
    statusChangedAt: "2026-11-26T06:20:00.000Z",
    collected: { at: "2026-11-26T06:20:00.000Z", by: "Sipho Dlamini" },
  };
  const scanned = `kantien:order:${order.id}`;

  it("asks 'Allergene nagegaan?' when the server does before a hand-over, and hands over only on a yes", async () => {
    const alerted: CounterOrder = {
      ...order,
      allergyAlert: { codes: [], unchecked: ["peanuts"], severeCodes: ["peanuts"], severe: true },
    };
    const bodies: unknown[] = [];
    mockFetch({
      "GET /api/kitchen/orders": kitchenDay([]),
      [`GET /api/kitchen/counter?${new URLSearchParams({ q: scanned })}`]: {
        body: { success: true, data: { orders: [alerted] } },
      },
      [`POST /api/kitchen/orders/${order.id}/collect`]: (call) => {
        bodies.push(call.body);
        return (call.body as { allergensConfirmed?: boolean }).allergensConfirmed
          ? { body: { success: true, data: { ...alerted, status: "delivered" } } }
          : {
              status: 409,
              body: {
                success: false,
                code: "allergens_unconfirmed",
                message: "Hierdie bestelling het 'n allergiewaarskuwing.",
              },
            };
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.type(await screen.findByRole("textbox", { name: "Skandeer of soek" }), `${scanned}{Enter}`);
    const found = await screen.findByRole("list", { name: "Bestellings gevind" });
    await user.click(await within(found).findByRole("button", { name: "Oorhandig" }));
    const ask = await screen.findByRole("alertdialog", { name: "Allergene nagegaan?" });
    expect(ask).toHaveTextContent("Ernstige allergie, allergene nie nagegaan nie: grondboontjies");
    // The refusal is the question, not an error under the card.
    expect(within(found).queryByText("Hierdie bestelling het 'n allergiewaarskuwing.")).toBeNull();
    await user.click(within(ask).getByRole("button", { name: "Ja, nagegaan" }));
    expect(await screen.findByText("#17 is oorhandig.")).toBeVisible();
    expect(bodies).toEqual([{}, { allergensConfirmed: true }]);
  });

  it("warns of a second scan of a collected order in red, with when and by whom, a sound of its own, and the hand-over's notice gone", async () => {
    let state: CounterOrder = order;
    mockFetch({
      "GET /api/kitchen/orders": kitchenDay([]),
      [`GET /api/kitchen/counter?${new URLSearchParams({ q: scanned })}`]: () => ({
        body: { success: true, data: { orders: [state] } },
      }),
      [`POST /api/kitchen/orders/${order.id}/collect`]: () => {
        state = delivered;
        return { body: { success: true, data: delivered } };
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    const field = await screen.findByRole("textbox", { name: "Skandeer of soek" });
    await user.type(field, `${scanned}{Enter}`);
    // The scanner's raw text leaves the field, which keeps the focus for the next scan.
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    const found = await screen.findByRole("list", { name: "Bestellings gevind" });
    await user.click(await within(found).findByRole("button", { name: "Oorhandig" }));
    expect(await screen.findByText("#17 is oorhandig.")).toBeVisible();
    expect(await within(found).findByText("Oorhandig aan Anna Botha: Bobotie × 1.")).toBeVisible();
    expect(vi.mocked(playCounterSound).mock.calls).toEqual([["handedOver"]]);
    expect(within(found).queryByText(/Reeds afgehaal/)).toBeNull();

    await user.type(field, `${scanned}{Enter}`);
    const warning = await within(found).findByText(
      "Reeds afgehaal op Donderdag 26 November om 08:20 deur Sipho Dlamini",
    );
    const alert = warning.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent("Moenie dit weer oorhandig nie.");
    expect(alert).toHaveClass("MuiAlert-filled", "MuiAlert-colorError");
    expect(alert.querySelector("svg")).not.toBeNull();
    expect(within(found).queryByText(/Oorhandig aan/)).toBeNull();
    expect(within(found).queryByRole("button", { name: "Oorhandig" })).toBeNull();
    expect(vi.mocked(playCounterSound).mock.calls).toEqual([["handedOver"], ["alreadyCollected"]]);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText("#17 is oorhandig.")).toBeNull();
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
  });

  it("says when an order was collected even when nobody is known to have handed it over", async () => {
    mockFetch({
      "GET /api/kitchen/orders": kitchenDay([]),
      [`GET /api/kitchen/counter?${new URLSearchParams({ q: scanned })}`]: {
        body: {
          success: true,
          data: { orders: [{ ...delivered, collected: { at: delivered.statusChangedAt, by: null } }] },
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.type(await screen.findByRole("textbox", { name: "Skandeer of soek" }), `${scanned}{Enter}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Reeds afgehaal op Donderdag 26 November om 08:20Moenie dit weer oorhandig nie.",
    );
    expect(vi.mocked(playCounterSound).mock.calls).toEqual([["alreadyCollected"]]);
  });

  it("lists what is ready when idle, confirms a hand-over big with the name and an undo, and keeps the field for the next scan", async () => {
    let state: CounterOrder = order;
    const calls = mockFetch({
      "GET /api/kitchen/orders": () => kitchenDay([state]),
      [`POST /api/kitchen/orders/${order.id}/collect`]: () => {
        state = delivered;
        return { body: { success: true, data: delivered } };
      },
      [`PATCH /api/orders/${order.id}/status`]: () => {
        state = order;
        return {
          body: {
            success: true,
            data: {
              id: order.id,
              status: "ready",
              statusChangedAt: order.statusChangedAt,
              deliveryDate: "2026-11-26",
              refunded: null,
            },
          },
        };
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    const ready = await screen.findByRole("list", { name: "Gereed om af te haal" });
    const card = within(ready).getByRole("listitem");
    expect(card).toHaveTextContent("Anna Botha");
    await user.click(within(card).getByRole("button", { name: "Oorhandig" }));
    const done = await within(ready).findByText("Oorhandig aan Anna Botha: Bobotie × 1.");
    expect(done).toBeVisible();
    // Ready for the next scan: the field has the focus again.
    expect(screen.getByRole("textbox", { name: "Skandeer of soek" })).toHaveFocus();
    await user.click(within(ready).getByRole("button", { name: "Ongedaan maak" }));
    expect(await screen.findByText(/is terug by Gereed\./)).toBeVisible();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ status: "ready" }]);
    expect(await within(ready).findByRole("button", { name: "Oorhandig" })).toBeVisible();
  });

  it("says whether the kitchen has begun an order that is not ready, and names another day's", async () => {
    mockFetch({
      "GET /api/kitchen/orders": kitchenDay([]),
      "GET /api/kitchen/counter?q=anna": {
        body: {
          success: true,
          data: {
            orders: [
              { ...order, status: "paid" },
              {
                ...order,
                id: "0f3c2a10-0000-4000-8000-00000000abce",
                status: "processing",
                orderDate: "2026-11-27",
              },
            ],
          },
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    expect(await screen.findByText(/Niks is nou gereed om af te haal nie/)).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: "Skandeer of soek" }), "anna{Enter}");
    const [paid, processing] = within(
      await screen.findByRole("list", { name: "Bestellings gevind" }),
    ).getAllByRole("listitem");
    expect(paid).toHaveTextContent("Om te doen: die kombuis het dit nog nie aangepak nie.");
    expect(processing).toHaveTextContent("Besig: die kombuis maak dit nou");
    expect(processing).toHaveTextContent(
      "Hierdie bestelling is vir Vrydag 27 November 2026, nie vandag nie.",
    );
  });
});

describe("an allergy alert at the counter", () => {
  it("shows the matching allergens in words, with a sign, before Afgehaal; an order without one shows none", async () => {
    const alerted: CounterOrder = {
      ...order,
      allergyAlert: { codes: ["peanuts", "sesame"], unchecked: [], severeCodes: ["peanuts"], severe: true },
    };
    const other: CounterOrder = { ...order, id: "0f3c2a10-0000-4000-8000-00000000abce", pickupNumber: 18 };
    mockFetch({
      "GET /api/kitchen/counter?q=anna": { body: { success: true, data: { orders: [alerted, other] } } },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.type(await screen.findByRole("textbox", { name: "Skandeer of soek" }), "anna{Enter}");
    const [first, second] = await screen.findAllByRole("listitem");
    const alert = within(first!).getByRole("alert");
    expect(alert).toHaveTextContent("Ernstige allergie: grondboontjies, sesam");
    expect(alert).toHaveTextContent("Maak seker hierdie klant kry die regte kos voordat jy op Afgehaal tik.");
    expect(alert.querySelector("svg")).not.toBeNull();
    // The alert comes before the button that hands the order over.
    const collect = within(first!).getByRole("button", { name: "Oorhandig" });
    expect(alert.compareDocumentPosition(collect) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(second!).queryByRole("alert")).toBeNull();
  });

  it("says 'not checked' apart from 'contains': an unchecked dish is never free of anything", async () => {
    const severeUnchecked: CounterOrder = {
      ...order,
      allergyAlert: { codes: [], unchecked: ["peanuts"], severeCodes: ["peanuts"], severe: true },
    };
    const mixed: CounterOrder = {
      ...order,
      id: "0f3c2a10-0000-4000-8000-00000000abce",
      pickupNumber: 18,
      allergyAlert: { codes: ["milk"], unchecked: ["eggs"], severeCodes: [], severe: false },
    };
    mockFetch({
      "GET /api/kitchen/counter?q=anna": {
        body: { success: true, data: { orders: [severeUnchecked, mixed] } },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.type(await screen.findByRole("textbox", { name: "Skandeer of soek" }), "anna{Enter}");
    const [first, second] = await screen.findAllByRole("listitem");
    expect(within(first!).getByRole("alert")).toHaveTextContent(
      "Ernstige allergie, allergene nie nagegaan nie: grondboontjies",
    );
    expect(within(second!).getByRole("alert")).toHaveTextContent(
      "Allergie: melk · Allergene nie nagegaan nie: eiers",
    );
  });
});

describe("the counter's camera", () => {
  let undoVideo = () => {};
  beforeEach(() => {
    undoVideo = fakeVideoPlayback();
    mockFetch({
      "GET /api/kitchen/orders": kitchenDay([]),
      [`GET /api/kitchen/counter?${new URLSearchParams({ q: `kantien:order:${order.id}` })}`]: {
        body: { success: true, data: { orders: [order] } },
      },
    });
  });
  afterEach(() => undoVideo());

  const openCamera = async () => {
    const { user } = renderWithApp(<AppRoutes />, {
      route: "/kitchen/counter",
      user: testUser(ROLE.kitchenStaff),
    });
    await user.click(await screen.findByRole("button", { name: "Skandeer met kamera" }));
    return user;
  };

  it("reads an order's code in React's StrictMode, which starts the camera twice, and closes it", async () => {
    const streams = fakeCameras(60, 10);
    fakeBarcodeDetector(`kantien:order:${order.id}`);
    await openCamera();
    const found = await screen.findByRole("list", { name: "Bestellings gevind" });
    expect(within(found).getByRole("listitem")).toHaveTextContent("Anna Botha");
    // The code read is no text for the cook: the field stays empty, focused for the next scan.
    const field = screen.getByRole("textbox", { name: "Skandeer of soek" });
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    expect(screen.queryByText(/Die kamera kon nie begin nie/)).toBeNull();
    // The camera closed on the code it read, and no camera is left on.
    expect(screen.queryByRole("button", { name: "Maak kamera toe" })).toBeNull();
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((stream) => stream.stopped)).toBe(true);
  });

  it("says so when the camera ends while it looks for a code, and stops looking", async () => {
    const streams = fakeCameras();
    const detector = fakeBarcodeDetector(null);
    const user = await openCamera();
    // Progress while the camera starts, gone once it shows its picture.
    expect(screen.getByRole("status")).toHaveTextContent("Die kamera word aangeskakel…");
    await vi.waitFor(() => expect(detector.reads).toBeGreaterThan(0));
    expect(screen.queryByText("Die kamera word aangeskakel…")).toBeNull();
    const camera = streams.at(-1);
    camera?.end();
    expect(
      await screen.findByText(
        "Die kamera het opgehou werk. Maak dit toe en weer oop, of tik die naam of nommer.",
      ),
    ).toBeVisible();
    expect(camera?.stopped).toBe(true);
    await user.click(screen.getByRole("button", { name: "Maak kamera toe" }));
    expect(screen.getByRole("button", { name: "Skandeer met kamera" })).toBeEnabled();
  });

  it("says so when the browser has no reader and the counter's own cannot load, and starts no camera", async () => {
    // No BarcodeDetector here, and the reader's WebAssembly is refused (the fake API answers a
    // 404); a reader an earlier test loaded is forgotten.
    purgeZXingModule();
    const streams = fakeCameras();
    await openCamera();
    expect(
      await screen.findByText(
        "Die kodeleser kon nie laai nie. Kyk of die toestel aanlyn is, maak die kamera toe en weer oop, of tik die naam of nommer.",
      ),
    ).toBeVisible();
    expect(streams).toEqual([]);
  });
});
