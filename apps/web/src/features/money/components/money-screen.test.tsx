import type { BankCredit, StatementImported } from "@kantien/domain/bank-statements";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";
import { MoneyScreen } from "./money-screen";

const credit = (id: string, overrides: Partial<BankCredit>): BankCredit => ({
  id,
  statementId: "statement-1",
  bank: "fnb",
  date: "2031-06-10",
  amount: "150.00",
  description: "FNB APP PAYMENT",
  status: "review",
  customer: null,
  hint: null,
  dismissReason: null,
  resolvedBy: null,
  resolvedAt: null,
  importedAt: "2031-06-11T08:00:00Z",
  reversal: null,
  ...overrides,
});

const ANNELIE = { id: "annelie", name: "Annelie Nkosi", paymentReference: "KAN7XK2P9" };
const COUNTS = { matched: 4, review: 2, unallocated: 1, dismissed: 0, reversed: 0 };

function renderMoney(review: BankCredit[]) {
  const calls = mockFetch({
    "GET /api/admin/bank-credits/counts": { body: { success: true, data: COUNTS } },
    "GET /api/admin/bank-credits?status=review&limit=50&offset=0": {
      body: { success: true, data: review, total: review.length, totalAmount: "210.00" },
    },
    "POST /api/admin/bank-statements": {
      status: 201,
      body: {
        success: true,
        message: "Die bankstaat is ingelees.",
        data: {
          statementId: "statement-2",
          bank: "fnb",
          rows: 10,
          debits: 3,
          credits: { matched: 4, review: 2, unallocated: 1, duplicates: 0 },
        } satisfies StatementImported,
      },
    },
  });
  return { calls, ...renderWithApp(<MoneyScreen />, { route: "/money", user: testUser(ROLE.kitchenAdmin) }) };
}

describe("/money", () => {
  it("warns when a suggestion's name is not the bank line's, and not when the line names the customer", async () => {
    const { user } = renderMoney([
      credit("1", {
        description: "FNB APP PAYMENT FROM T BOTHA KAN7XK2P8",
        customer: ANNELIE,
        hint: "wrong_check",
      }),
      credit("2", {
        amount: "60.00",
        description: "FNB APP PAYMENT FROM A NKOSI KAN7XK2P8",
        customer: ANNELIE,
        hint: "wrong_check",
      }),
    ]);
    const table = await screen.findByRole("table", { name: "Vir hersiening" });
    const [, botha, nkosi] = within(table).getAllByRole("row");
    expect(within(botha!).getByText("Dalk: Annelie Nkosi")).toBeVisible();
    expect(within(botha!).getByRole("note")).toHaveTextContent(
      "Die name verskil: die bankinskrywing noem nie Annelie Nkosi nie.",
    );
    expect(within(nkosi!).getByText("Dalk: Annelie Nkosi")).toBeVisible();
    expect(within(nkosi!).queryByRole("note")).toBeNull();
    // The allocate dialog says it too, for the customer it offers.
    await user.click(within(botha!).getByRole("button", { name: "Ken toe" }));
    const dialog = await screen.findByRole("dialog", { name: /^Ken R\s150,00 toe$/ });
    expect(within(dialog).getByRole("note")).toHaveTextContent("Die name verskil");
    await user.click(within(dialog).getByRole("button", { name: "Kanselleer" }));
    // What the tab's credits come to.
    expect(screen.getByRole("status")).toHaveTextContent(/^2 inbetalings, altesaam R\s210,00$/);
  });

  it("says how many lines were payments and how many debits it skipped, so every line read is accounted for", async () => {
    const { container, user } = renderMoney([]);
    await screen.findByText("Niks wag op hersiening nie.");
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(["..."], "fnb.csv", { type: "text/csv" }));
    expect(
      await screen.findByText(
        "FNB: 10 inskrywings ingelees, 7 inbetalings en 3 debiete (geld uit, oorgeslaan).",
      ),
    ).toBeVisible();
    expect(screen.getByText("Debiete oorgeslaan: 3")).toBeVisible();
    expect(screen.getByText("Gekrediteer: 4")).toBeVisible();
  });
});
