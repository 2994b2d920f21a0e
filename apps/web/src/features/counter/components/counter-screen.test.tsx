import type { CounterOrder } from "@kantien/domain/kitchen";
import type { CustomerDetail } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";

const ANNA = "a0000000-0000-4000-8000-000000000001";
const order: CounterOrder = {
  id: "0f3c2a10-0000-4000-8000-00000000abcd",
  status: "ready",
  quantity: 1,
  price: "45.00",
  createdAt: "2026-11-26T05:00:00.000Z",
  statusChangedAt: "2026-11-26T06:00:00.000Z",
  deliveryDate: "2026-11-26",
  customerName: "Anna Botha",
  itemName: "Bobotie",
  preparationTime: 10,
  orderDate: "2026-11-26",
  customerId: ANNA,
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
  recentOrders: [],
  ledger: [],
};

describe("a top-up at the counter", () => {
  it("tops up the wallet of a found order's customer by card, and prints the slip's receipt number", async () => {
    const calls = mockFetch({
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
    const channels = within(dialog).getByRole("radiogroup", { name: "Hoe betaal" });
    expect(within(channels).getAllByRole("radio")).toHaveLength(2);
    await user.type(within(dialog).getByRole("textbox", { name: "Bedrag" }), "50");
    await user.click(within(dialog).getByRole("radio", { name: "Kaart" }));
    await user.click(within(dialog).getByRole("button", { name: "Vul aan" }));
    const done = await within(dialog).findByRole("status");
    expect(done).toHaveTextContent("Kwitansie nr. 41");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { amount: "50.00", method: "card", reason: null },
    ]);
  });
});
