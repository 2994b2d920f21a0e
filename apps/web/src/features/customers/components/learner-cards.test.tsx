import type { LearnerCard } from "@kantien/domain/learner-cards";
import type { CustomerDetail } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../../../test/test-utils";
import { CustomerDetailDialog } from "./customer-detail-dialog";

// The customers screen loads its dialogs' texts with it (app/screens.tsx).
beforeAll(() => loadTexts("customers"));

const sipho: CustomerDetail = {
  id: "c0000000-0000-4000-8000-000000000011",
  firstName: "Sipho",
  lastName: "Dube",
  email: "sipho@skool.example",
  phoneNumber: null,
  roleId: 1,
  akdNumber: "AKD2026011",
  balance: "20.00",
  createdAt: "2026-01-10T08:00:00.000Z",
  version: 1,
  paymentReference: "KAN7K3Q9Z",
  cardIssuedAt: null,
  recentOrders: [],
  ledger: [],
};
const card: LearnerCard = {
  learnerId: sipho.id,
  name: "Sipho Dube",
  akdNumber: "AKD2026011",
  grade: "8B",
  code: "kantien:card:0123456789ABCDEF",
  issuedAt: "2026-11-26T08:00:00.000Z",
};
const config = {
  "GET /api/config": {
    body: { success: true, data: { canteenName: "Hoërskool Klipdrif", timeZone: "Africa/Johannesburg" } },
  },
};
const posts = (calls: FetchCall[]) =>
  calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.url}`);

describe("a learner's card", () => {
  it("is issued from the learner's detail and shown ready to print, credit-card size", async () => {
    let issued = false;
    const calls = mockFetch({
      ...config,
      [`GET /api/customers/${sipho.id}`]: () => ({
        body: { success: true, data: { ...sipho, cardIssuedAt: issued ? card.issuedAt : null } },
      }),
      [`POST /api/customers/${sipho.id}/card`]: () => {
        issued = true;
        return {
          status: 201,
          body: { success: true, message: "Sipho Dube se nuwe kaart is uitgereik.", data: card },
        };
      },
      "POST /api/admin/learner-cards": { body: { success: true, data: { cards: [card] } } },
    });
    const { user } = renderWithApp(
      <CustomerDetailDialog customerId={sipho.id} isAdmin onClose={() => {}} />,
      { route: "/users", user: testUser(ROLE.kitchenAdmin) },
    );
    const detail = await screen.findByRole("dialog", { name: "Sipho Dube" });
    const section = within(detail).getByRole("region", { name: "Leerderkaart" });
    expect(section).toHaveTextContent("Geen kaart nie.");
    await user.click(within(section).getByRole("button", { name: "Reik kaart uit" }));
    const sheet = await screen.findByRole("dialog", { name: "Leerderkaarte" });
    const printed = await within(sheet).findByRole("listitem", { name: "Sipho Dube" });
    expect(printed).toHaveTextContent("Hoërskool Klipdrif");
    expect(printed).toHaveTextContent("AKD2026011");
    expect(printed).toHaveTextContent("Klas 8B");
    expect(within(printed).getByRole("img", { name: "Kaartkode van Sipho Dube" })).toBeVisible();
    expect(within(sheet).getByRole("button", { name: "Druk die kaart" })).toBeEnabled();
    expect(posts(calls)).toEqual([`POST /api/customers/${sipho.id}/card`, "POST /api/admin/learner-cards"]);
    expect(calls.find((call) => call.url === "/api/admin/learner-cards")?.body).toEqual({
      learnerIds: [sipho.id],
    });
  });

  it("is blocked after asking, and a new one stops the old", async () => {
    const calls = mockFetch({
      ...config,
      [`GET /api/customers/${sipho.id}`]: {
        body: { success: true, data: { ...sipho, cardIssuedAt: card.issuedAt } },
      },
      [`DELETE /api/customers/${sipho.id}/card`]: {
        body: { success: true, message: "Die kaart is geblokkeer: dit werk nie meer by die toonbank nie." },
      },
    });
    const { user } = renderWithApp(
      <CustomerDetailDialog customerId={sipho.id} isAdmin onClose={() => {}} />,
      { route: "/users", user: testUser(ROLE.kitchenAdmin) },
    );
    const detail = await screen.findByRole("dialog", { name: "Sipho Dube" });
    const section = within(detail).getByRole("region", { name: "Leerderkaart" });
    expect(section).toHaveTextContent("Kaart uitgereik op");
    await user.click(within(section).getByRole("button", { name: "Blokkeer kaart" }));
    const asked = await screen.findByRole("alertdialog", { name: "Die kaart blokkeer?" });
    expect(asked).toHaveTextContent("Sipho Dube se kaart werk dadelik nie meer by die toonbank nie");
    await user.click(within(asked).getByRole("button", { name: "Blokkeer kaart" }));
    expect(
      await screen.findByText("Die kaart is geblokkeer: dit werk nie meer by die toonbank nie."),
    ).toBeVisible();
    expect(posts(calls)).toEqual([`DELETE /api/customers/${sipho.id}/card`]);
  });

  it("is not offered to a customer without an academy number, and says what to do first", async () => {
    mockFetch({
      ...config,
      [`GET /api/customers/${sipho.id}`]: { body: { success: true, data: { ...sipho, akdNumber: null } } },
    });
    renderWithApp(<CustomerDetailDialog customerId={sipho.id} isAdmin onClose={() => {}} />, {
      route: "/users",
      user: testUser(ROLE.kitchenAdmin),
    });
    const section = within(await screen.findByRole("dialog", { name: "Sipho Dube" })).getByRole("region", {
      name: "Leerderkaart",
    });
    expect(section).toHaveTextContent("'n Kaart dra die akademienommer: gee die klant eers een (Wysig).");
    expect(within(section).queryByRole("button", { name: "Reik kaart uit" })).not.toBeInTheDocument();
  });

  it("come as a class's sheet from /users", async () => {
    const calls = mockFetch({
      ...config,
      "GET /api/customers?limit=25&offset=0": { body: { success: true, data: [], total: 0 } },
      "GET /api/customers/counts": {
        body: { success: true, data: { all: 0, student: 0, academyStaff: 0, low: 0 } },
      },
      "POST /api/admin/learner-cards": {
        body: { success: true, data: { cards: [card, { ...card, learnerId: "x", name: "Anna Botha" }] } },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, { route: "/users", user: testUser(ROLE.kitchenAdmin) });
    await user.click(await screen.findByRole("button", { name: "Druk leerderkaarte" }));
    const ask = await screen.findByRole("dialog", { name: "Druk 'n klas se kaarte" });
    await user.type(within(ask).getByRole("textbox"), "8B");
    await user.click(within(ask).getByRole("button", { name: "Wys kaarte" }));
    const sheet = await screen.findByRole("dialog", { name: "Leerderkaarte" });
    expect(await within(sheet).findAllByRole("listitem")).toHaveLength(2);
    expect(calls.find((call) => call.url === "/api/admin/learner-cards")?.body).toEqual({ grade: "8B" });
  });
});
