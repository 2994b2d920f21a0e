import type { CustomerAllergiesRecord } from "@kantien/domain/dietary-profile";
import type { CustomerDetail } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { CustomerDetailDialog } from "./customer-detail-dialog";

// The customers screen loads its dialogs' texts with it (app/screens.tsx).
beforeAll(() => loadTexts("customers"));

const pieter: CustomerDetail = {
  id: "c0000000-0000-4000-8000-000000000009",
  firstName: "Pieter",
  lastName: "Pienaar",
  email: "allergie@kantien.example",
  phoneNumber: null,
  roleId: 1,
  akdNumber: null,
  balance: "200.00",
  createdAt: "2026-01-10T08:00:00.000Z",
  version: 1,
  paymentReference: "KAN7K3Q9Z",
  cardIssuedAt: null,
  recentOrders: [],
  ledger: [],
};
const ALLERGIES = `GET /api/customers/${pieter.id}/allergies`;
const declared: CustomerAllergiesRecord = {
  allergies: [
    { code: "peanuts", severity: "severe" },
    { code: "milk", severity: "intolerance" },
  ],
  diet: [],
  allergyConsent: { version: "2026-11-26", at: "2026-11-26T08:00:00.000Z", recordedBy: null },
  version: 3,
};

function renderDetail(
  roleId: number,
  allergies: CustomerAllergiesRecord,
  save?: (call: FetchCall) => CustomerAllergiesRecord,
) {
  const calls = mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    [`GET /api/customers/${pieter.id}`]: { body: { success: true, data: pieter } },
    [ALLERGIES]: { body: { success: true, data: allergies } },
    [`PUT /api/customers/${pieter.id}/allergies`]: (call) => ({
      body: { success: true, message: "Die klant se allergieë en dieet is gestoor.", data: save!(call) },
    }),
  });
  const view = renderWithApp(
    <CustomerDetailDialog customerId={pieter.id} isAdmin={roleId === ROLE.kitchenAdmin} onClose={() => {}} />,
    { route: "/users", user: testUser(roleId) },
  );
  return { ...view, calls };
}

const allergyReads = (calls: FetchCall[]) => calls.filter((c) => `${c.method} ${c.url}` === ALLERGIES);

describe("a customer's allergies on their detail", () => {
  it("stay closed until an admin opens them on purpose", async () => {
    const { user, calls } = renderDetail(ROLE.kitchenAdmin, declared);
    const dialog = await screen.findByRole("dialog", { name: "Pieter Pienaar" });
    const region = within(dialog).getByRole("region", { name: "Allergieë en dieet" });
    expect(region).toHaveTextContent("elke keer dat jy dit oopmaak of verander, word dit aangeteken");
    expect(region).not.toHaveTextContent("Grondboontjies");
    expect(allergyReads(calls)).toEqual([]);

    await user.click(within(region).getByRole("button", { name: "Wys allergieë en dieet" }));
    expect(await within(region).findByText("Grondboontjies: Ernstig (anafilakse)")).toBeVisible();
    expect(within(region).getByText("Melk: Intoleransie")).toBeVisible();
    expect(region).toHaveTextContent(/Toestemming deur die klant gegee op .* \(weergawe 2026-11-26\)\./);
    expect(allergyReads(calls)).toHaveLength(1);
  });

  it("are never shown to a cook", async () => {
    const { calls } = renderDetail(ROLE.kitchenStaff, declared);
    const dialog = await screen.findByRole("dialog", { name: "Pieter Pienaar" });
    await within(dialog).findByText("allergie@kantien.example");
    expect(within(dialog).queryByRole("region", { name: "Allergieë en dieet" })).not.toBeInTheDocument();
    expect(allergyReads(calls)).toEqual([]);
  });

  it("are entered for a customer who phoned in, with their consent recorded first", async () => {
    const none: CustomerAllergiesRecord = { allergies: [], diet: [], allergyConsent: null, version: 1 };
    const { user, calls } = renderDetail(ROLE.kitchenAdmin, none, (call) => ({
      ...(call.body as CustomerAllergiesRecord),
      version: 2,
      allergyConsent: { version: "2026-11-26", at: "2026-11-26T09:00:00.000Z", recordedBy: "Anna Admin" },
    }));
    const dialog = await screen.findByRole("dialog");
    const region = await within(dialog).findByRole("region", { name: "Allergieë en dieet" });
    await user.click(within(region).getByRole("button", { name: "Wys allergieë en dieet" }));
    expect(await within(region).findByText("Die klant het nog nie toestemming gegee nie.")).toBeVisible();
    await user.click(within(region).getByRole("button", { name: "Wysig" }));
    const peanut = within(region).getByRole("combobox", { name: "Grondboontjies: hoe reageer die klant?" });
    expect(peanut).toBeDisabled();
    await user.click(within(region).getByRole("checkbox", { name: /het aan my toestemming gegee/ }));
    await user.selectOptions(peanut, "severe");
    await user.click(within(region).getByRole("button", { name: "Stoor" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
        { allergies: [{ code: "peanuts", severity: "severe" }], diet: [], allergyConsent: true },
      ]),
    );
    expect(await within(region).findByText("Grondboontjies: Ernstig (anafilakse)")).toBeVisible();
    expect(region).toHaveTextContent(/Toestemming op .* deur Anna Admin aangeteken/);
    // Saving answered the allergies: no second read, no second line in the customer's log.
    expect(allergyReads(calls)).toHaveLength(1);
  }, 40_000);
});
