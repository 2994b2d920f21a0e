import type { AdminPayment } from "@kantien/domain/online-payments";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";
import { OnlinePayments } from "./online-payments";

const payment = (id: string, overrides: Partial<AdminPayment>): AdminPayment => ({
  id,
  provider: "payfast",
  status: "pending",
  amount: "100.00",
  fee: "2.00",
  customerId: "pieter",
  customerName: "Pieter Steyn",
  paidByName: "Elna Steyn",
  providerPaymentId: null,
  paidAmount: null,
  refundedAmount: null,
  overdue: false,
  createdAt: "2031-06-11T08:00:00Z",
  settledAt: null,
  ...overrides,
});

function renderPayments(byStatus: Partial<Record<string, AdminPayment[]>>) {
  mockFetch(
    Object.fromEntries(
      ["pending", "flagged", "credited", "refunded", "failed", "cancelled"].map((status) => [
        `GET /api/admin/payments?status=${status}`,
        { body: { success: true, data: byStatus[status] ?? [] } },
      ]),
    ),
  );
  return renderWithApp(<OnlinePayments />, { route: "/money", user: testUser(ROLE.kitchenAdmin) });
}

describe("online payments on /money", () => {
  it("lists the waiting ones first, saying which has waited over an hour, and who paid", async () => {
    renderPayments({
      pending: [
        payment("p1", { overdue: true }),
        payment("p2", { customerName: "Sanet Student", paidByName: null }),
      ],
    });
    const section = await screen.findByRole("region", { name: "Aanlynbetalings" });
    const rows = await within(section).findAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("Pieter Steyn");
    expect(rows[1]).toHaveTextContent("Betaal deur Elna Steyn");
    expect(rows[1]).toHaveTextContent(/Ná 'n uur nog geen woord van die verskaffer nie/);
    expect(rows[1]).toHaveTextContent(/\+ R.2,00 fooi/);
    expect(rows[2]).not.toHaveTextContent(/Ná 'n uur/);
  });

  it("says what a flagged payment was paid against what was expected, and that nothing was credited", async () => {
    const { user } = renderPayments({
      flagged: [payment("p3", { status: "flagged", paidAmount: "99.99", providerPaymentId: "1089250" })],
    });
    const section = await screen.findByRole("region", { name: "Aanlynbetalings" });
    expect(await within(section).findByText("Geen betaling wag op die verskaffer nie.")).toBeVisible();
    await user.click(within(section).getByRole("tab", { name: "Gemerk" }));
    expect(
      await within(section).findByText(
        /Die verskaffer sê R.99,99 is betaal, maar R.102,00 is verwag: niks is gekrediteer nie\./,
      ),
    ).toBeVisible();
    expect(within(section).getByText("1089250")).toBeVisible();
  });
});
