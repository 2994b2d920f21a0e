import type { StaffDetail, StaffRow } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { StaffScreen } from "./staff-screen";

const admin = testUser(ROLE.kitchenAdmin, { id: "a0000000-0000-4000-8000-000000000001" });
const cook = testUser(ROLE.kitchenStaff, { id: "a0000000-0000-4000-8000-000000000009" });

const adminRow: StaffRow = {
  id: admin.id,
  firstName: "Thandi",
  lastName: "Botha",
  email: "admin@kantien.example",
  phoneNumber: null,
  roleId: 4,
  employeeNumber: "KANTIEN001",
  balance: "0.00",
  invitationPending: false,
  createdAt: "2026-01-05T08:00:00.000Z",
  version: 1,
};
const sipho: StaffRow = {
  ...adminRow,
  id: "a0000000-0000-4000-8000-000000000002",
  firstName: "Sipho",
  lastName: "Dlamini",
  email: "sipho@kantien.example",
  phoneNumber: "082 111 2222",
  roleId: 3,
  employeeNumber: "KANTIEN002",
  balance: "35.00",
};
const nomsa: StaffRow = {
  ...sipho,
  id: "a0000000-0000-4000-8000-000000000003",
  firstName: "Nomsa",
  lastName: "Nuwe",
  email: "nomsa@kantien.example",
  employeeNumber: null,
  invitationPending: true,
};

const LIST = "GET /api/staff-members?limit=25&offset=0";
const list = (rows: StaffRow[], total = rows.length) => ({ body: { success: true, data: rows, total } });
const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === "POST");

function renderStaff(user = admin, routes: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ [LIST]: list([adminRow, sipho, nomsa]), ...routes });
  return { ...renderWithApp(<StaffScreen />, { route: "/staff", user }), calls };
}

describe("StaffScreen list", () => {
  it("lists staff with the product's role names, employee numbers and pending invitations", async () => {
    const { user, calls } = renderStaff(admin, {
      "GET /api/staff-members?tab=admin&limit=25&offset=0": list([adminRow]),
      "GET /api/staff-members?role=3&tab=admin&limit=25&offset=0": list([]),
    });
    expect(screen.getByRole("heading", { level: 1, name: "Bestuur personeel" })).toBeVisible();
    const table = await screen.findByRole("table", { name: "Personeel" });
    const siphoRow = within(table).getByText("Sipho Dlamini").closest("tr")!;
    expect(siphoRow).toHaveTextContent("Kantien-personeel");
    expect(siphoRow).toHaveTextContent("Werknemernommer KANTIEN002");
    expect(within(table).getByText("Thandi Botha").closest("tr")).toHaveTextContent("Kantien-admin");
    expect(within(table).getByText("Thandi Botha").closest("tr")).toHaveTextContent("Nie gespesifiseer nie");
    const nomsaRow = within(table).getByText("Nomsa Nuwe").closest("tr")!;
    expect(nomsaRow).toHaveTextContent("Uitnodiging nog nie aanvaar nie");
    expect(
      within(nomsaRow).getByRole("button", { name: "Stuur uitnodiging weer aan Nomsa Nuwe" }),
    ).toBeVisible();
    // Nobody removes their own account.
    expect(screen.queryByRole("button", { name: "Skrap Thandi Botha" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Skrap Sipho Dlamini" })).toBeVisible();

    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Almal",
      "Met krediet",
      "Admin",
      "Personeel met werknemernommer",
    ]);
    await user.click(screen.getByRole("tab", { name: "Admin" }));
    await waitFor(() => expect(screen.queryByText("Sipho Dlamini")).not.toBeInTheDocument());

    await user.click(screen.getByRole("combobox", { name: "Rol" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Alle rolle",
      "Kantien-personeel",
      "Kantien-admin",
    ]);
    await user.click(screen.getByRole("option", { name: "Kantien-personeel" }));
    expect(await screen.findByText("Geen personeel pas by jou soektog nie")).toBeVisible();
    expect(calls.map((c) => c.url)).toContain("/api/staff-members?role=3&tab=admin&limit=25&offset=0");
  });

  it("lets a staff member look but change nothing", async () => {
    renderStaff(cook);
    await screen.findByText("Sipho Dlamini");
    expect(screen.getByRole("button", { name: "Bekyk Sipho Dlamini" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Nooi personeel uit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Wysig/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Skrap/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Stuur uitnodiging weer/ })).not.toBeInTheDocument();
  });
});

describe("StaffScreen invitations", () => {
  it("invites with the notice about the mail and says it was sent", async () => {
    const { user, calls } = renderStaff(admin, {
      "POST /api/auth/invite-user": {
        status: 201,
        body: { success: true, message: "Die uitnodiging is gestuur." },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Nooi personeel uit" }));
    const dialog = await screen.findByRole("dialog", { name: "Nooi personeel uit" });
    expect(dialog).toHaveTextContent(
      "Die persoon ontvang 'n e-pos met 'n skakel om die rekening op te stel en 'n wagwoord te kies.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Stuur uitnodiging" }));
    expect(await within(dialog).findAllByText("Hierdie veld is verpligtend")).toHaveLength(2);
    expect(posts(calls)).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: "Voornaam" }), "Lindiwe");
    await user.type(within(dialog).getByRole("textbox", { name: "Van" }), "Kok");
    await user.type(within(dialog).getByRole("textbox", { name: "E-pos" }), "Lindiwe@Kantien.example");
    await user.click(within(dialog).getByRole("combobox", { name: "Rol" }));
    await user.click(screen.getByRole("option", { name: "Kantien-admin" }));
    await user.click(within(dialog).getByRole("button", { name: "Stuur uitnodiging" }));

    expect(await screen.findByText("Die uitnodiging is gestuur.")).toBeVisible();
    expect(posts(calls)[0]).toMatchObject({
      url: "/api/auth/invite-user",
      body: { firstName: "Lindiwe", lastName: "Kok", email: "lindiwe@kantien.example", roleId: 4 },
    });
  });

  it("shows 'Kon nie die uitnodiging stuur nie: ' with the server's message and keeps the input", async () => {
    const { user } = renderStaff(admin, {
      "POST /api/auth/invite-user": {
        status: 409,
        body: {
          success: false,
          code: "email_taken",
          message: "'n Rekening met hierdie e-posadres bestaan reeds.",
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Nooi personeel uit" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Voornaam" }), "Sipho");
    await user.type(within(dialog).getByRole("textbox", { name: "Van" }), "Weer");
    await user.type(within(dialog).getByRole("textbox", { name: "E-pos" }), "sipho@kantien.example");
    await user.click(within(dialog).getByRole("button", { name: "Stuur uitnodiging" }));

    expect(
      await within(dialog).findByText(
        "Kon nie die uitnodiging stuur nie: 'n Rekening met hierdie e-posadres bestaan reeds.",
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "E-pos" })).toHaveValue("sipho@kantien.example");
  });

  it("sends a pending invitation again", async () => {
    const { user, calls } = renderStaff(admin, {
      [`POST /api/staff-members/${nomsa.id}/invitation`]: {
        body: { success: true, message: "Die uitnodiging is gestuur." },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Stuur uitnodiging weer aan Nomsa Nuwe" }));
    expect(await screen.findByText("Die uitnodiging is gestuur.")).toBeVisible();
    expect(posts(calls).map((c) => c.url)).toEqual([`/api/staff-members/${nomsa.id}/invitation`]);
  });
});

describe("StaffScreen edit, detail and delete", () => {
  const detail: StaffDetail = {
    ...sipho,
    totalOrders: 7,
    orders: [
      {
        id: "o0000000-0000-4000-8000-00000000beef",
        pickupNumber: 23,
        itemName: "Bobotie",
        quantity: 1,
        amount: "35.50",
        status: "ready",
        orderDate: "2026-03-02",
      },
    ],
  };

  it("edits with the employee number placeholder, wallet, total orders and order history", async () => {
    const { user, calls } = renderStaff(admin, {
      [`GET /api/staff-members/${sipho.id}`]: { body: { success: true, data: detail } },
      [`PUT /api/staff-members/${sipho.id}`]: { body: { success: true, data: { ...sipho, roleId: 4 } } },
    });
    await user.click(await screen.findByRole("button", { name: "Wysig Sipho Dlamini" }));
    const dialog = await screen.findByRole("dialog", { name: "Wysig personeellid" });
    const number = await within(dialog).findByRole("textbox", { name: "Werknemernommer" });
    expect(number).toHaveAttribute("placeholder", "KANTIEN001");
    expect(number).toHaveValue("KANTIEN002");
    expect(within(dialog).getByRole("textbox", { name: "Aantal bestellings" })).toHaveValue("7");
    expect(within(dialog).getByRole("textbox", { name: "Beursiesaldo" })).toHaveAttribute("readonly");
    const history = within(dialog).getByRole("region", { name: "Bestelgeskiedenis" });
    expect(history).toHaveTextContent("#23");
    expect(history).toHaveTextContent("Gereed");
    expect(history).toHaveStyle({ height: "200px" });

    await user.click(within(dialog).getByRole("combobox", { name: "Rol" }));
    await user.click(screen.getByRole("option", { name: "Kantien-admin" }));
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(await screen.findByText("Sipho Dlamini is bygewerk.")).toBeVisible();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      firstName: "Sipho",
      lastName: "Dlamini",
      email: "sipho@kantien.example",
      phoneNumber: "082 111 2222",
      roleId: 4,
      employeeNumber: "KANTIEN002",
    });
  });

  it("shows 'Fout: ' with the server's message when saving is refused", async () => {
    const { user } = renderStaff(admin, {
      [`GET /api/staff-members/${sipho.id}`]: { body: { success: true, data: detail } },
      [`PUT /api/staff-members/${sipho.id}`]: {
        status: 409,
        body: {
          success: false,
          code: "employee_number_taken",
          message: "Hierdie werknemernommer word reeds gebruik.",
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Wysig Sipho Dlamini" }));
    const dialog = await screen.findByRole("dialog", { name: "Wysig personeellid" });
    const number = await within(dialog).findByRole("textbox", { name: "Werknemernommer" });
    await user.clear(number);
    await user.type(number, "KANTIEN001");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(
      await within(dialog).findByText("Fout: Hierdie werknemernommer word reeds gebruik."),
    ).toBeVisible();
    expect(number).toHaveAttribute("aria-invalid", "true");
    expect(number).toHaveValue("KANTIEN001");
  });

  it("keeps an admin's own role fixed", async () => {
    const { user } = renderStaff(admin, {
      [`GET /api/staff-members/${admin.id}`]: {
        body: { success: true, data: { ...adminRow, totalOrders: 0, orders: [] } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Wysig Thandi Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Wysig personeellid" });
    expect(await within(dialog).findByText("Jy kan nie jou eie rol verander nie.")).toBeVisible();
    expect(within(dialog).getByRole("combobox", { name: "Rol" })).toHaveAttribute("aria-disabled", "true");
    expect(within(dialog).getByText("Nog geen bestellings nie.")).toBeVisible();
  });

  it("shows a staff member's details to a cook", async () => {
    const { user } = renderStaff(cook, {
      [`GET /api/staff-members/${sipho.id}`]: { body: { success: true, data: detail } },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Sipho Dlamini" }));
    const dialog = await screen.findByRole("dialog", { name: "Sipho Dlamini" });
    expect(await within(dialog).findByText("#23")).toBeVisible();
    expect(dialog).toHaveTextContent("Kantien-personeel");
    expect(dialog).toHaveTextContent("Aantal bestellings7");
  });

  it("asks in Afrikaans before deleting, and shows a refusal", async () => {
    const { user, calls } = renderStaff(admin, {
      [`DELETE /api/staff-members/${sipho.id}`]: {
        status: 409,
        body: { success: false, code: "last_admin", message: "Die laaste admin kan nie verwyder word nie." },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Skrap Sipho Dlamini" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Skrap Sipho Dlamini?" });
    expect(confirm).toHaveTextContent("Is jy seker jy wil hierdie personeellid skrap?");
    await user.click(within(confirm).getByRole("button", { name: "Skrap" }));
    expect(await screen.findByText("Fout: Die laaste admin kan nie verwyder word nie.")).toBeVisible();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });
});
