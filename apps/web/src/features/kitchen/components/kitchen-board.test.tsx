import type { KitchenDay, KitchenOrder } from "@kantien/domain/kitchen";
import { formatRand, lineTotal } from "@kantien/domain/money";
import { ROLE } from "@kantien/domain/roles";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, testUser } from "../../../test/render";
import { KitchenBoard } from "./kitchen-board";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function order(id: string, status: KitchenOrder["status"], createdMinutesAgo: number): KitchenOrder {
  return {
    id,
    status,
    quantity: 2,
    price: "35.50",
    createdAt: minutesAgo(createdMinutesAgo),
    statusChangedAt: minutesAgo(Math.min(createdMinutesAgo, 12)),
    deliveryDate: null,
    customerName: `Kliënt ${id.slice(-3)}`,
    itemName: "Hoender en pap",
    preparationTime: 15,
  };
}

const day: KitchenDay = {
  date: "2025-03-03",
  orders: [
    order("order-0000-aaa111", "pending", 45),
    order("order-0000-bbb222", "pending", 5),
    order("order-0000-ccc333", "processing", 20),
    order("order-0000-ddd444", "ready", 25),
    order("order-0000-eee555", "delivered", 90),
    order("order-0000-fff666", "cancelled", 60),
  ],
};

function renderBoard(putReply: { status?: number; body: unknown } = { body: { success: true, data: {} } }) {
  const calls = mockFetch({
    "GET /api/kitchen/orders": { body: { success: true, data: day } },
    "GET /api/settings": {
      body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
    },
    "PUT /api/admin/data/order/order-0000-aaa111": putReply,
  });
  const view = renderWithApp(<KitchenBoard />, { route: "/kitchen", user: testUser(ROLE.kitchenStaff) });
  return { ...view, calls };
}

const column = (name: string) => screen.getByRole("region", { name });
const count = (name: string) => within(screen.getByRole("group", { name })).getByText(/^\d+$/).textContent;

describe("KitchenBoard", () => {
  it("shows the day's columns, counts and the urgent banner", async () => {
    renderBoard();

    expect(await within(column("Nuwe Bestellings")).findAllByRole("listitem")).toHaveLength(2);
    expect(within(column("In Voorbereiding")).getAllByRole("listitem")).toHaveLength(1);
    expect(within(column("Gereed vir Aflewering")).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "KANTIEN DAAGLIKSE BESTELLING OORSIG",
    );

    expect(count("Totaal")).toBe("5"); // the cancelled order is not counted
    expect(count("Nuut")).toBe("2");
    expect(count("In voorbereiding")).toBe("1");
    expect(count("Gereed")).toBe("1");

    expect(screen.getByRole("alert")).toHaveTextContent("1 bestelling wag al langer as 30 minute");
    const urgentCard = within(column("Nuwe Bestellings")).getAllByRole("listitem")[0]!;
    expect(urgentCard).toHaveTextContent("#AAA111");
    expect(urgentCard).toHaveTextContent("Dringend");
    expect(within(column("In Voorbereiding")).getByText("12 min in voorbereiding")).toBeInTheDocument();
  });

  it("starts an order with Begin: PUT status processing, and the card moves column", async () => {
    const { user, calls } = renderBoard();
    const card = (await within(column("Nuwe Bestellings")).findByText("#AAA111")).closest("li")!;

    await user.click(within(card).getByRole("button", { name: "Begin" }));

    const put = calls.find((call) => call.method === "PUT");
    expect(put).toMatchObject({
      url: "/api/admin/data/order/order-0000-aaa111",
      body: { status: "processing" },
      headers: { "Content-Type": "application/json" },
    });
    expect(within(column("In Voorbereiding")).getByText("#AAA111")).toBeInTheDocument();
    expect(within(column("Nuwe Bestellings")).queryByText("#AAA111")).not.toBeInTheDocument();
  });

  it("shows the server's refusal and puts the card back", async () => {
    const { user } = renderBoard({
      status: 403,
      body: { success: false, message: "Jy het nie toegang tot hierdie aksie nie.", code: "forbidden" },
    });
    const card = (await within(column("Nuwe Bestellings")).findByText("#AAA111")).closest("li")!;

    await user.click(within(card).getByRole("button", { name: "Begin" }));

    expect(await screen.findByText("Jy het nie toegang tot hierdie aksie nie.")).toBeInTheDocument();
    await waitFor(() => expect(within(column("Nuwe Bestellings")).getByText("#AAA111")).toBeInTheDocument());
  });

  it("asks for confirmation before cancelling from the detail dialog", async () => {
    const { user, calls } = renderBoard();
    await user.click(await within(column("Nuwe Bestellings")).findByRole("button", { name: /#AAA111/ }));

    const details = screen.getByRole("dialog", { name: "Bestelling #AAA111" });
    const totalRow = within(details).getByRole("rowheader", { name: "Totale prys" }).closest("tr");
    expect(totalRow?.querySelector("td")?.textContent).toBe(formatRand(lineTotal("35.50", 2)));
    await user.click(within(details).getByRole("button", { name: "Kanselleer bestelling" }));

    const confirm = screen.getByRole("alertdialog", { name: "Kanselleer bestelling #AAA111?" });
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Ja, kanselleer" }));

    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ status: "cancelled" });
  });
});
