import type { LearnerLeaveOptions } from "@kantien/domain/guardians";
import type { CustomerDetail } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { CustomerDetailDialog } from "./customer-detail-dialog";

// The customers screen loads its dialogs' texts with it (app/screens.tsx).
beforeAll(() => loadTexts("customers"));

const sanet: CustomerDetail = {
  id: "c0000000-0000-4000-8000-000000000003",
  firstName: "Sanet",
  lastName: "Steyn",
  email: "student@kantien.example",
  phoneNumber: null,
  roleId: ROLE.student,
  akdNumber: "AKD001",
  balance: "120.00",
  createdAt: "2026-01-10T08:00:00.000Z",
  version: 1,
  paymentReference: "KAN7K3Q9Z",
  cardIssuedAt: null,
  recentOrders: [],
  ledger: [],
};
const pieter = { id: "c0000000-0000-4000-8000-000000000004", firstName: "Pieter", lastName: "Steyn" };
const mother = {
  id: "c0000000-0000-4000-8000-000000000005",
  firstName: "Ouma",
  lastName: "Steyn",
  guardian: true,
  lastPaidAt: "2026-11-30T07:15:00.000Z",
};
const LEAVE = `POST /api/customers/${sanet.id}/leave`;

function renderLeave(
  options: LearnerLeaveOptions,
  answer: (call: FetchCall) => { status: number; body: object },
) {
  const onClose = vi.fn();
  const calls: FetchCall[] = mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    // Once the learner has left, their detail is not found: the dialog must still finish.
    [`GET /api/customers/${sanet.id}`]: (call) =>
      leaves(calls).length > 0 && call.method === "GET"
        ? { status: 404, body: { success: false, code: "not_found", message: "Nie gevind nie." } }
        : { body: { success: true, data: sanet } },
    [`GET /api/customers/${sanet.id}/link-code`]: {
      body: { success: true, data: { linkCode: "SANE-T234" } },
    },
    [`GET /api/customers/${sanet.id}/guardians`]: { body: { success: true, data: [] } },
    [`GET /api/customers/${sanet.id}/leave`]: { body: { success: true, data: options } },
    [`GET /api/customers/${sanet.id}/link-letter`]: {
      body: {
        success: true,
        data: {
          firstName: "Sanet",
          lastName: "Steyn",
          grade: "8B",
          linkCode: "SANE-T234",
          paymentReference: "KAN7K3Q9Z",
          bank: { bank: "FNB", accountHolder: "Kantien", accountNumber: "62123456789", branchCode: "250655" },
        },
      },
    },
    [LEAVE]: answer,
  });
  const view = renderWithApp(<CustomerDetailDialog customerId={sanet.id} isAdmin onClose={onClose} />, {
    route: "/users",
    user: testUser(ROLE.kitchenAdmin),
  });
  return { ...view, calls, onClose };
}

const leaves = (calls: FetchCall[]) => calls.filter((call) => `${call.method} ${call.url}` === LEAVE);

describe("a learner leaving the school", () => {
  it("moves the balance to a sibling by default, after asking, and closes the detail", async () => {
    const { user, calls, onClose } = renderLeave(
      { balance: "120.00", siblings: [pieter], payees: [mother] },
      () => ({
        status: 200,
        body: {
          success: true,
          data: { moved: "120.00", to: "sibling" },
          message: "Sanet Steyn het die skool verlaat. R 120,00 is na Pieter geskuif.",
        },
      }),
    );
    const detail = await screen.findByRole("dialog", { name: "Sanet Steyn" });
    await user.click(within(detail).getByRole("button", { name: "Verlaat die skool…" }));
    const ask = await screen.findByRole("alertdialog", { name: "Sanet Steyn verlaat die skool" });
    expect(await within(ask).findByText(/Daar is nog R\s120,00 in die beursie/)).toBeVisible();
    expect(within(ask).getByRole("radio", { name: "Skuif dit na 'n broer of suster" })).toBeChecked();
    expect(leaves(calls)).toEqual([]);
    await user.click(within(ask).getByRole("button", { name: "Merk as vertrek" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(leaves(calls).map((call) => call.body)).toEqual([{ toLearnerId: pieter.id }]);
    expect(await screen.findByText(/R\s120,00 is na Pieter geskuif/)).toBeVisible();
  });

  it("pays back with the bank reference it asks for, and keeps the choices when the server refuses", async () => {
    const { user, calls, onClose } = renderLeave(
      { balance: "120.00", siblings: [], payees: [mother] },
      () => ({
        status: 409,
        body: {
          success: false,
          code: "leave_not_a_payee",
          message:
            "Die geld kan net teruggaan na een van die leerder se ouers of voogde. Niks is verander nie.",
        },
      }),
    );
    const detail = await screen.findByRole("dialog", { name: "Sanet Steyn" });
    await user.click(within(detail).getByRole("button", { name: "Verlaat die skool…" }));
    const ask = await screen.findByRole("alertdialog", { name: "Sanet Steyn verlaat die skool" });
    const sibling = await within(ask).findByRole("radio", {
      name: /geen ander leerder onder dieselfde ouer/,
    });
    expect(sibling).toBeDisabled();
    expect(within(ask).getByRole("radio", { name: "Betaal dit terug" })).toBeChecked();
    expect(within(ask).getByRole("combobox", { name: "Betaal terug aan" })).toHaveTextContent(
      /Ouma Steyn · laaste betaal/,
    );
    await user.click(within(ask).getByRole("button", { name: "Merk as vertrek" }));
    expect(within(ask).getByText("Voer die verwysing van die bankoorbetaling in.")).toBeVisible();
    expect(leaves(calls)).toEqual([]);

    await user.type(
      within(ask).getByRole("textbox", { name: /Verwysing van die bankoorbetaling/ }),
      "FNB 12345",
    );
    await user.click(within(ask).getByRole("button", { name: "Merk as vertrek" }));
    expect(await within(ask).findByText(/Niks is verander nie/)).toBeVisible();
    expect(leaves(calls).map((call) => call.body)).toEqual([
      { refundToGuardianId: mother.id, bankReference: "FNB 12345" },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(ask).getByRole("textbox", { name: /Verwysing van die bankoorbetaling/ })).toHaveValue(
      "FNB 12345",
    );
  });

  it("prints the letter for the guardians: the code, the canteen's account and the learner's reference", async () => {
    const { user } = renderLeave({ balance: "0.00", siblings: [], payees: [] }, () => ({
      status: 500,
      body: {},
    }));
    const detail = await screen.findByRole("dialog", { name: "Sanet Steyn" });
    await user.click(await within(detail).findByRole("button", { name: "Brief vir die ouers" }));
    const letter = await screen.findByRole("article", { name: "Brief vir die ouers" });
    expect(await within(letter).findByText("SANE-T234")).toBeVisible();
    expect(letter).toHaveTextContent("Beste ouer of voog van Sanet Steyn (8B),");
    expect(letter).toHaveTextContent("Rekeningnommer62123456789");
    expect(letter).toHaveTextContent("VerwysingKAN7K3Q9Z");
    // jsdom has no printing: the browser's dialog is not ours to test.
    const print = vi.fn();
    vi.stubGlobal("print", print);
    await user.click(screen.getByRole("button", { name: "Druk" }));
    expect(print).toHaveBeenCalledOnce();
  });
});
