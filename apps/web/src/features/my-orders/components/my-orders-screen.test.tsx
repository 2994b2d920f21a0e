import { formatRand } from "@kantien/domain/money";
import type { MyOrder } from "@kantien/domain/my";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../app/router";
import { actForLearner } from "../../../test/learners";
import { mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

// Tuesday 24 November 2026, 07:00 in Johannesburg: Wednesday's orders may still be cancelled.
const NOW = new Date("2026-11-24T05:00:00Z");
/** Text as Testing Library reads it: the rand's no-break space is a space. */
const rand = (amount: string) => formatRand(amount).replace(/\s/g, " ");

const order = (id: string, name: string, extra: Partial<MyOrder> = {}): MyOrder => ({
  id,
  pickupNumber: Number(id[0]),
  deliveryDate: "2026-11-25",
  createdAt: "2026-11-23T08:00:00.000Z",
  status: "paid",
  quantity: 1,
  unitPrice: "45.00",
  total: "45.00",
  item: { id: `${id.slice(0, -1)}f`, name, imageUrl: null },
  cutoffAt: "2026-11-25T07:00:00.000Z",
  cancellable: true,
  paidFromWallet: true,
  cancellation: null,
  allergensChanged: null,
  ...extra,
});

const PAID = order("11111111-1111-4111-8111-111111111111", "Bobotie");
const UNPAID = order("22222222-2222-4222-8222-222222222222", "Pap en wors", { paidFromWallet: false });
const BY_CANTEEN = order("33333333-3333-4333-8333-333333333333", "Vis en skyfies", {
  status: "cancelled",
  cancellable: false,
  paidFromWallet: false,
  cancellation: { by: "canteen", reason: "Die kos is op", refunded: "45.00" },
});
const BY_ME = order("44444444-4444-4444-8444-444444444444", "Hoender-pastei", {
  status: "cancelled",
  cancellable: false,
  paidFromWallet: false,
  cancellation: { by: "customer", reason: null, refunded: null },
});

/** Cancelled by the learner's guardian (`by: "guardian"`), as the learner and the guardian see it. */
const BY_GUARDIAN = order("55555555-5555-4555-8555-555555555555", "Pap en vleis", {
  status: "cancelled",
  cancellable: false,
  paidFromWallet: true,
  cancellation: { by: "guardian", reason: null, refunded: "45.00" },
});
/** The learner's own cancel, as the guardian acting for them sees it. */
const BY_LEARNER = { ...BY_ME, id: "66666666-6666-4666-8666-666666666666" };

function renderOrders(orders: MyOrder[], cancel?: Route) {
  const calls = mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    "GET /api/my/orders?scope=upcoming&limit=20&offset=0": {
      body: { success: true, data: orders, total: orders.length },
    },
    "GET /api/my/wallet?limit=20&offset=0": {
      body: {
        success: true,
        data: {
          balance: "100.00",
          lowBalanceThreshold: "50.00",
          paymentReference: "KAN000000",
          eft: null,
          online: null,
          transactions: [],
          total: 0,
        },
      },
    },
    ...(cancel ? { [`POST /api/my/orders/${PAID.id}/cancel`]: cancel } : {}),
  });
  return { ...renderWithApp(<AppRoutes />, { route: "/my/orders", user: testUser(ROLE.student) }), calls };
}

const card = (name: string) => screen.findByRole("article", { name: new RegExp(`^${name}`) });

describe("MyOrdersScreen", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("names each order's status as the kitchen and the back office do: one state, one word", async () => {
    renderOrders([
      PAID,
      order("66666666-6666-4666-8666-666666666666", "Frikkadelle", { status: "processing" }),
    ]);
    expect(within(await card("Bobotie")).getByText("Betaal, om te doen", { exact: true })).toBeVisible();
    expect(within(await card("Frikkadelle")).getByText("Besig", { exact: true })).toBeVisible();
  });

  it("shows an order's QR code with its number, dish and day, for the counter", async () => {
    const { user } = renderOrders([PAID]);
    await user.click(within(await card("Bobotie")).getByRole("button", { name: "Wys QR-kode" }));
    const dialog = await screen.findByRole("dialog", { name: "Bestelling #1" });
    expect(dialog).toHaveTextContent("Woensdag 25 November");
    expect(dialog).toHaveTextContent("Bobotie × 1");
    expect(await within(dialog).findByRole("img", { name: "QR-kode van bestelling #1" })).toBeVisible();
  });

  it("says when a dish's allergens changed after it was ordered, what it now holds, and that it may still be cancelled", async () => {
    // Its cut-off passed, yet the server still lets it be cancelled: the change concerns my allergies.
    const CHANGED = order("55555555-5555-4555-8555-555555555555", "Melktert", {
      cutoffAt: "2026-11-24T04:00:00.000Z",
      allergensChanged: {
        at: "2026-11-24T04:30:00.000Z",
        allergens: [
          { code: "gluten", level: "contains" },
          { code: "milk", level: "contains" },
          { code: "eggs", level: "may_contain" },
        ],
        checked: false,
      },
    });
    renderOrders([PAID, CHANGED]);
    const changed = await card("Melktert");
    const note = await within(changed).findByRole("alert");
    expect(note).toHaveTextContent("Die gereg se allergene het verander");
    expect(note).toHaveTextContent("Nou: Bevat: gluten, melk; kan bevat: eiers.");
    expect(note).toHaveTextContent("Sy allergene is nog nie nagegaan nie.");
    expect(changed).toHaveTextContent(
      "Jy kan dit kanselleer totdat die kombuis daarmee begin, ook ná die sluitingstyd.",
    );
    expect(within(changed).getByRole("button", { name: "Kanselleer" })).toBeVisible();
    // An order whose dish did not change says none of it.
    expect(await card("Bobotie")).not.toHaveTextContent("allergene");
  });

  it("shows who cancelled an order, why, and what happened to the money", async () => {
    renderOrders([BY_CANTEEN, BY_ME, BY_GUARDIAN]);
    const canteen = await card("Vis en skyfies");
    expect(canteen).toHaveTextContent("Die kantien het dié bestelling gekanselleer.");
    expect(canteen).toHaveTextContent("Rede: Die kos is op");
    expect(canteen).toHaveTextContent(`${rand("45.00")} is terug in jou beursie.`);
    const mine = await card("Hoender-pastei");
    expect(mine).toHaveTextContent("Jy het dié bestelling gekanselleer.");
    expect(mine).toHaveTextContent("Dit was nie betaal nie, dus is geen geld terugbetaal nie.");
    expect(mine).not.toHaveTextContent("Rede:");
    const guardians = await card("Pap en vleis");
    expect(guardians).toHaveTextContent("Jou ouer of voog het dié bestelling gekanselleer.");
    expect(guardians).toHaveTextContent(`${rand("45.00")} is terug in jou beursie.`);
  });

  it("tells a guardian that the money goes back to the learner's wallet, not theirs", async () => {
    const { learnerApi, learnersRoute } = actForLearner("100.00");
    mockFetch({
      "GET /api/config": {
        body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
      },
      ...learnersRoute,
      [`GET ${learnerApi}/orders?scope=upcoming&limit=20&offset=0`]: {
        body: {
          success: true,
          data: [
            PAID,
            BY_CANTEEN,
            BY_LEARNER,
            BY_GUARDIAN,
            order("77777777-7777-4777-8777-777777777777", "Melktert", {
              allergensChanged: {
                at: "2026-11-24T04:30:00.000Z",
                allergens: [{ code: "milk", level: "contains" }],
                checked: true,
              },
            }),
          ],
          total: 5,
        },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, { route: "/my/orders", user: testUser(ROLE.guardian) });
    expect(await card("Vis en skyfies")).toHaveTextContent(
      `${rand("45.00")} is terug in die leerder se beursie.`,
    );
    expect(await card("Hoender-pastei")).toHaveTextContent("Die leerder het dié bestelling gekanselleer.");
    expect(await card("Pap en vleis")).toHaveTextContent("'n Ouer of voog het dié bestelling gekanselleer.");
    expect(await card("Melktert")).toHaveTextContent(
      "Die kantien het die allergene verander nadat die bestelling geplaas is, en dit raak die leerder se allergieë.",
    );
    await user.click(within(await card("Bobotie")).getByRole("button", { name: "Kanselleer" }));
    expect(await screen.findByRole("alertdialog", { name: "Kanselleer Bobotie?" })).toHaveTextContent(
      `${rand("45.00")} word in die leerder se beursie terugbetaal.`,
    );
  });

  it("says before a cancel whether money goes back, then sends it and says what happened", async () => {
    const { user, calls } = renderOrders([PAID, UNPAID], {
      body: {
        success: true,
        message: "Jou bestelling is gekanselleer en die geld is terug in jou beursie.",
        data: { order: { ...PAID, status: "cancelled", cancellable: false }, balance: "145.00" },
      },
    });
    // The cut-off names its day, not only its time (Wednesday 25 November, 09:00 in the canteen).
    expect(await card("Pap en wors")).toHaveTextContent("Kanselleer tot Wo 25 Nov, 09:00");
    await user.click(within(await card("Pap en wors")).getByRole("button", { name: "Kanselleer" }));
    const unpaid = await screen.findByRole("alertdialog", { name: "Kanselleer Pap en wors?" });
    expect(unpaid).toHaveTextContent(
      "Hierdie bestelling is nie betaal nie, dus word geen geld terugbetaal nie.",
    );
    await user.click(within(unpaid).getByRole("button", { name: "Hou die bestelling" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    await user.click(within(await card("Bobotie")).getByRole("button", { name: "Kanselleer" }));
    const paid = await screen.findByRole("alertdialog", { name: "Kanselleer Bobotie?" });
    expect(paid).toHaveTextContent(`${rand("45.00")} word in jou beursie terugbetaal.`);
    await user.click(within(paid).getByRole("button", { name: "Ja, kanselleer" }));
    expect(
      await screen.findByText("Jou bestelling is gekanselleer en die geld is terug in jou beursie."),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({});
  });
});
