import type { CustomerDetail, CustomerRow } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { CustomersScreen } from "./customers-screen";

// The customers screen loads its dialogs' texts with it (app/screens.tsx).
beforeAll(() => loadTexts("customers"));

const anna: CustomerRow = {
  id: "c0000000-0000-4000-8000-000000000001",
  firstName: "Anna",
  lastName: "Botha",
  email: "anna@skool.example",
  phoneNumber: "082 555 0101",
  roleId: 1,
  akdNumber: "AKD2026001",
  balance: "120.50",
  createdAt: "2026-01-10T08:00:00.000Z",
  version: 1,
};
const piet: CustomerRow = {
  ...anna,
  id: "c0000000-0000-4000-8000-000000000002",
  firstName: "Piet",
  lastName: "Venter",
  email: "piet@skool.example",
  phoneNumber: null,
  roleId: 2,
  akdNumber: null,
  balance: "0.00",
};

const LIST = "GET /api/customers?limit=25&offset=0";
const list = (rows: CustomerRow[], total = rows.length) => ({ body: { success: true, data: rows, total } });

function renderUsers(roleId: number = ROLE.kitchenAdmin, routes: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({ [LIST]: list([anna, piet]), ...routes });
  return { ...renderWithApp(<CustomersScreen />, { route: "/users", user: testUser(roleId) }), calls };
}

const gets = (calls: FetchCall[]) => calls.filter((c) => c.method === "GET").map((c) => c.url);

describe("CustomersScreen list", () => {
  it("shows each balance, sorts by it lowest first, then highest, and lists those running low", async () => {
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      "GET /api/customers?sort=balance&limit=25&offset=0": list([piet, anna]),
      "GET /api/customers?sort=-balance&limit=25&offset=0": list([anna, piet]),
      "GET /api/customers?tab=low&sort=-balance&limit=25&offset=0": list([]),
    });
    const table = await screen.findByRole("table", { name: "Gebruikers" });
    expect(within(table).getByText("Anna Botha").closest("tr")).toHaveTextContent(/R\s?120,50/);
    await user.click(within(table).getByRole("button", { name: "Sorteer volgens saldo" }));
    await waitFor(() => expect(gets(calls)).toContain("/api/customers?sort=balance&limit=25&offset=0"));
    await user.click(within(table).getByRole("button", { name: "Sorteer volgens saldo" }));
    await waitFor(() => expect(gets(calls)).toContain("/api/customers?sort=-balance&limit=25&offset=0"));
    await user.click(screen.getByRole("tab", { name: "Lae saldo" }));
    await waitFor(() =>
      expect(gets(calls)).toContain("/api/customers?tab=low&sort=-balance&limit=25&offset=0"),
    );
  });

  it("shows customers with avatar initials, academy number, phone or 'Nie gespesifiseer', and a role chip", async () => {
    renderUsers();
    expect(screen.getByRole("heading", { level: 1, name: "Bestuur gebruikers" })).toBeVisible();
    const table = await screen.findByRole("table", { name: "Gebruikers" });
    const annaRow = within(table).getByText("Anna Botha").closest("tr")!;
    expect(annaRow).toHaveTextContent("AB");
    expect(annaRow).toHaveTextContent("Akademienommer AKD2026001");
    expect(annaRow).toHaveTextContent("anna@skool.example");
    expect(annaRow).toHaveTextContent("082 555 0101");
    expect(annaRow).toHaveTextContent("Student");
    const pietRow = within(table).getByText("Piet Venter").closest("tr")!;
    expect(pietRow).toHaveTextContent("Nie gespesifiseer nie");
    expect(pietRow).toHaveTextContent("Akademiepersoneel");
    expect(within(pietRow).getByRole("button", { name: "Skrap Piet Venter" })).toBeVisible();
  });

  it("hides delete from staff members", async () => {
    renderUsers(ROLE.kitchenStaff);
    await screen.findByText("Anna Botha");
    expect(screen.getByRole("button", { name: "Bekyk Anna Botha" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Wysig Anna Botha" })).toBeVisible();
    expect(screen.queryByRole("button", { name: /^Skrap/ })).not.toBeInTheDocument();
  });

  it("searches on the server once typing pauses, and filters by role and tab", async () => {
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      "GET /api/customers?q=anna&limit=25&offset=0": list([anna]),
      "GET /api/customers?q=anna&role=1&limit=25&offset=0": list([anna]),
      "GET /api/customers?q=anna&role=1&tab=active&limit=25&offset=0": list([]),
    });
    await screen.findByText("Piet Venter");

    await user.type(screen.getByRole("searchbox", { name: "Soek naam, e-pos of akademienommer" }), "anna");
    await waitFor(() => expect(screen.queryByText("Piet Venter")).not.toBeInTheDocument());
    // One request for the whole word, not one per key.
    expect(gets(calls).filter((url) => url.includes("q="))).toEqual([
      "/api/customers?q=anna&limit=25&offset=0",
    ]);

    await user.click(screen.getByRole("combobox", { name: "Rol" }));
    await user.click(screen.getByRole("option", { name: "Student" }));
    await waitFor(() => expect(gets(calls)).toContain("/api/customers?q=anna&role=1&limit=25&offset=0"));

    await user.click(screen.getByRole("tab", { name: "Met krediet" }));
    expect(await screen.findByText("Geen gebruikers pas by jou soektog nie")).toBeVisible();
    expect(gets(calls)).toContain("/api/customers?q=anna&role=1&tab=active&limit=25&offset=0");
  });

  it("pages on the server", async () => {
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [LIST]: list([anna, piet], 60),
      "GET /api/customers?limit=25&offset=25": list([piet], 60),
    });
    await screen.findByText("Anna Botha");
    expect(screen.getByText("1–25 van 60")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Volgende bladsy" }));
    expect(await screen.findByText("26–50 van 60")).toBeVisible();
    await waitFor(() => expect(gets(calls)).toContain("/api/customers?limit=25&offset=25"));
    await waitFor(() => expect(screen.queryByText("Anna Botha")).not.toBeInTheDocument());
  });

  it("says so when there are no customers at all", async () => {
    renderUsers(ROLE.kitchenAdmin, { [LIST]: list([]) });
    expect(await screen.findByText("Nog geen gebruikers nie")).toBeVisible();
  });
});

describe("CustomersScreen add and edit", () => {
  it("checks the fields before sending, then adds the customer", async () => {
    const created = {
      ...anna,
      id: "c-new",
      firstName: "Lerato",
      lastName: "Mokoena",
      email: "lerato@skool.example",
    };
    const { user, calls } = renderUsers(ROLE.kitchenStaff, {
      "POST /api/customers": { status: 201, body: { success: true, data: created } },
    });
    await screen.findByText("Anna Botha");
    await user.click(screen.getByRole("button", { name: "Voeg gebruiker by" }));
    const dialog = await screen.findByRole("dialog", { name: "Voeg gebruiker by" });
    // The dialog opens in its first field, so the first keys typed are not lost.
    expect(within(dialog).getByRole("textbox", { name: /^Voornaam/ })).toHaveFocus();

    await user.type(within(dialog).getByRole("textbox", { name: "E-pos" }), "nie-'n-adres");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(await within(dialog).findAllByText("Hierdie veld is verpligtend")).toHaveLength(2);
    expect(within(dialog).getByText("Voer 'n geldige e-posadres in")).toBeVisible();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(dialog).getByRole("textbox", { name: "Voornaam" }), "Lerato");
    await user.type(within(dialog).getByRole("textbox", { name: "Van" }), "Mokoena");
    await user.clear(within(dialog).getByRole("textbox", { name: "E-pos" }));
    await user.type(within(dialog).getByRole("textbox", { name: "E-pos" }), "Lerato@Skool.example");
    await user.click(within(dialog).getByRole("combobox", { name: "Rol" }));
    await user.click(screen.getByRole("option", { name: "Akademiepersoneel" }));
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));

    expect(await screen.findByText("Lerato Mokoena is bygevoeg.")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Voeg gebruiker by" })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      firstName: "Lerato",
      lastName: "Mokoena",
      email: "lerato@skool.example",
      phoneNumber: null,
      roleId: 2,
      akdNumber: null,
    });
  });

  it("shows a taken email at the field and keeps what was typed", async () => {
    const { user } = renderUsers(ROLE.kitchenAdmin, {
      "POST /api/customers": {
        status: 409,
        body: {
          success: false,
          code: "email_taken",
          message: "'n Rekening met hierdie e-posadres bestaan reeds.",
        },
      },
    });
    await screen.findByText("Anna Botha");
    await user.click(screen.getByRole("button", { name: "Voeg gebruiker by" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Voornaam" }), "Tweede");
    await user.type(within(dialog).getByRole("textbox", { name: "Van" }), "Anna");
    await user.type(within(dialog).getByRole("textbox", { name: "E-pos" }), "anna@skool.example");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));

    const email = within(dialog).getByRole("textbox", { name: "E-pos" });
    expect(
      await within(dialog).findByText("'n Rekening met hierdie e-posadres bestaan reeds."),
    ).toBeVisible();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveValue("anna@skool.example");
    expect(within(dialog).getByRole("textbox", { name: "Voornaam" })).toHaveValue("Tweede");
  });

  it("edits a customer with the wallet balance read-only", async () => {
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`PUT /api/customers/${anna.id}`]: {
        body: { success: true, data: { ...anna, phoneNumber: "083 000 0000" } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Wysig Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Wysig gebruiker" });
    const balance = within(dialog).getByRole("textbox", { name: "Beursiesaldo" });
    expect(balance).toHaveAttribute("readonly");
    expect((balance as HTMLInputElement).value.replace(/\s/g, " ")).toMatch(/R\s?120[.,]50/);
    expect(within(dialog).getByRole("textbox", { name: "Akademienommer (opsioneel)" })).toHaveValue(
      "AKD2026001",
    );

    const phone = within(dialog).getByRole("textbox", { name: "Telefoonnommer" });
    await user.clear(phone);
    await user.type(phone, "083 000 0000");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));

    expect(await screen.findByText("Anna Botha is bygewerk.")).toBeVisible();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      firstName: "Anna",
      lastName: "Botha",
      email: "anna@skool.example",
      phoneNumber: "083 000 0000",
      roleId: 1,
      akdNumber: "AKD2026001",
    });
  });
});

describe("CustomersScreen delete", () => {
  it("asks first, then deletes and says what happened", async () => {
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`DELETE /api/customers/${piet.id}`]: {
        body: {
          success: true,
          anonymised: true,
          message: "Die gebruiker is geanonimiseer; sy geskiedenis bly.",
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Skrap Piet Venter" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Skrap Piet Venter?" });
    expect(confirm).toHaveTextContent("Is jy seker jy wil hierdie gebruiker skrap?");
    await user.click(within(confirm).getByRole("button", { name: "Kanselleer" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    // Back to the button that asked.
    expect(screen.getByRole("button", { name: "Skrap Piet Venter" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Skrap Piet Venter" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Skrap" }));
    expect(await screen.findByText("Die gebruiker is geanonimiseer; sy geskiedenis bly.")).toBeVisible();
    // The row's buttons went with it: the focus starts again at the list's heading.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      `/api/customers/${piet.id}`,
    ]);
  });
});

describe("CustomersScreen detail and top-up", () => {
  const detail: CustomerDetail = {
    ...anna,
    paymentReference: "KAN7K3Q9Z",
    cardIssuedAt: null,
    recentOrders: [
      {
        id: "o0000000-0000-4000-8000-00000000abcd",
        pickupNumber: 4,
        itemName: "Bobotie",
        quantity: 2,
        amount: "71.00",
        status: "delivered",
        orderDate: "2026-03-02",
      },
    ],
    ledger: [
      {
        id: "2",
        at: "2026-03-02T07:00:00.000Z",
        kind: "order",
        amount: "-71.00",
        balanceAfter: "120.50",
        reason: null,
        reversesId: null,
        bankLine: null,
      },
      {
        id: "1",
        at: "2026-03-01T07:00:00.000Z",
        kind: "top_up",
        amount: "191.50",
        balanceAfter: "191.50",
        reason: "Kontant",
        reversesId: null,
        bankLine: null,
      },
    ],
  };

  it("shows the data, balance, recent orders and ledger; staff top up with cash or card only, and reverse nothing", async () => {
    const { user } = renderUsers(ROLE.kitchenStaff, {
      [`GET /api/customers/${anna.id}`]: { body: { success: true, data: detail } },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Anna Botha" });
    expect(await within(dialog).findByText("#4")).toBeVisible();
    expect(within(dialog).getByText("Bobotie × 2")).toBeVisible();
    const ledger = within(dialog).getByRole("table", { name: "Beursiegeskiedenis" });
    expect(within(ledger).getAllByRole("row")).toHaveLength(3);
    expect(ledger).toHaveTextContent("Inbetaling");
    expect(ledger).toHaveTextContent("Kontant");
    expect(ledger).toHaveTextContent("Bestelling");
    const channels = within(dialog).getByRole("radiogroup", { name: "Betaalwyse" });
    expect(
      within(channels)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["cash", "card"]);
    expect(within(dialog).queryByRole("button", { name: "Draai terug" })).not.toBeInTheDocument();
    // The orders summary is the admin's: staff get no link to it.
    expect(within(dialog).queryByRole("link", { name: "Alle bestellings" })).not.toBeInTheDocument();
  });

  it("lets an admin top up once per submission and shows the new balance and ledger row", async () => {
    const entry = {
      id: "3",
      at: "2026-03-03T07:00:00.000Z",
      kind: "top_up" as const,
      amount: "50.00",
      balanceAfter: "170.50",
      reason: "EFT",
      reversesId: null,
    };
    // The server's state: after the top-up it answers the new balance and ledger.
    let current = detail;
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`GET /api/customers/${anna.id}`]: () => ({ body: { success: true, data: current } }),
      [`POST /api/customers/${anna.id}/top-ups`]: () => {
        current = { ...detail, balance: "170.50", ledger: [{ ...entry, bankLine: null }, ...detail.ledger] };
        return { status: 201, body: { success: true, data: { balance: "170.50", entry } } };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Anna Botha" });
    const amount = await within(dialog).findByRole("textbox", { name: "Bedrag" });
    // Every order of the customer, of all time, is one click away (decision 0015).
    expect(within(dialog).getByRole("link", { name: "Alle bestellings" })).toHaveAttribute(
      "href",
      `/orders?customer=${anna.id}`,
    );

    await user.type(amount, "0");
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));
    expect(
      await within(dialog).findByText(
        "Voer 'n bedrag groter as R0 en hoogstens R10 000 in, met hoogstens 2 desimale.",
      ),
    ).toBeVisible();

    await user.clear(amount);
    await user.type(amount, "50,00");
    await user.click(within(dialog).getByRole("radio", { name: "EFT" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Nota" }), "EFT");
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));

    const done = await within(dialog).findByRole("status");
    expect(done).toHaveTextContent(/bygevoeg\. Nuwe saldo: R\s?170[.,]50/);
    expect(done).toHaveTextContent("Kwitansie nr. 3");
    expect(within(done).getByRole("button", { name: "Druk strokie" })).toBeVisible();
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ amount: "50.00", method: "eft", reason: "EFT", paidBy: null });
    expect(posts[0]?.headers["Idempotency-Key"]).toMatch(/^[\w-]{8,}$/);
    await waitFor(() =>
      expect(within(dialog).getByRole("table", { name: "Beursiegeskiedenis" })).toHaveTextContent("EFT"),
    );
    expect(amount).toHaveValue("");
  });

  it("reuses the key when the same top-up is sent again after no answer", async () => {
    let attempt = 0;
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`GET /api/customers/${anna.id}`]: { body: { success: true, data: detail } },
      [`POST /api/customers/${anna.id}/top-ups`]: () => {
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { success: false, code: "database_unavailable", message: "Databasis af." } }
          : {
              status: 201,
              body: {
                success: true,
                data: { balance: "130.50", entry: { ...detail.ledger[1]!, id: "9", amount: "10.00" } },
              },
            };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Anna Botha" });
    await user.type(await within(dialog).findByRole("textbox", { name: "Bedrag" }), "10");
    await user.type(within(dialog).getByRole("textbox", { name: "Nota" }), "Kontant");
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));
    expect(await within(dialog).findByText("Databasis af.")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));
    await within(dialog).findByRole("status");

    const keys = calls.filter((c) => c.method === "POST").map((c) => c.headers["Idempotency-Key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("records which guardian paid a learner's top-up when one is chosen", async () => {
    const ouma = { id: "c0000000-0000-4000-8000-000000000077", name: "Ouma Botha" };
    const entry = { ...detail.ledger[1]!, id: "9", kind: "cash" as const, amount: "20.00", reason: null };
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`GET /api/customers/${anna.id}`]: { body: { success: true, data: { ...detail, guardians: [ouma] } } },
      [`POST /api/customers/${anna.id}/top-ups`]: {
        status: 201,
        body: { success: true, data: { balance: "140.50", entry } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Anna Botha" });
    await user.type(await within(dialog).findByRole("textbox", { name: "Bedrag" }), "20");
    await user.click(within(dialog).getByRole("combobox", { name: "Betaal deur" }));
    await user.click(await screen.findByRole("option", { name: "Ouma Botha" }));
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));
    await within(dialog).findByRole("status");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { amount: "20.00", method: "cash", reason: null, paidBy: ouma.id },
    ]);
  });

  it("asks before a top-up above R1 000, with the balance after it, and sends nothing on Kanselleer", async () => {
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`GET /api/customers/${anna.id}`]: { body: { success: true, data: detail } },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Anna Botha" });
    await user.type(await within(dialog).findByRole("textbox", { name: "Bedrag" }), "5000");
    await user.click(within(dialog).getByRole("button", { name: "Laai op" }));
    const ask = await screen.findByRole("alertdialog", { name: /Voeg R\s?5[\s\u00a0]?000,00 by\?/ });
    expect(ask).toHaveTextContent(
      /na Anna Botha se beursie \(Kontant\)\. Saldo daarna: R\s?5[\s\u00a0]?120[.,]50/,
    );
    await user.click(within(ask).getByRole("button", { name: "Kanselleer" }));
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("lets an admin reverse a top-up with a reason", async () => {
    const topUpEntry = detail.ledger[1]!;
    const reversal = {
      ...topUpEntry,
      id: "7",
      kind: "reversal" as const,
      amount: "-191.50",
      reversesId: topUpEntry.id,
    };
    // The server's state: after the reversal it answers the new balance and ledger.
    let current = detail;
    const { user, calls } = renderUsers(ROLE.kitchenAdmin, {
      [`GET /api/customers/${anna.id}`]: () => ({ body: { success: true, data: current } }),
      [`POST /api/wallet-transactions/${topUpEntry.id}/reverse`]: () => {
        current = { ...detail, balance: "0.00", ledger: [reversal, ...detail.ledger] };
        return {
          body: {
            success: true,
            message: "Die inbetaling is teruggedraai.",
            data: { balance: "0.00", entry: reversal },
          },
        };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Bekyk Anna Botha" }));
    const dialog = await screen.findByRole("dialog", { name: "Anna Botha" });
    const ledger = await within(dialog).findByRole("table", { name: "Beursiegeskiedenis" });
    // Only the top-up can be undone, not the order.
    const buttons = within(ledger).getAllByRole("button", { name: "Draai terug" });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const ask = await screen.findByRole("dialog", { name: /Draai R\s?191,50 terug\?/ });
    await user.type(within(ask).getByRole("textbox", { name: "Rede" }), "EFT teruggekeer");
    await user.click(within(ask).getByRole("button", { name: "Draai terug" }));
    expect(await screen.findByText("Die inbetaling is teruggedraai.")).toBeVisible();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { reason: "EFT teruggekeer" },
    ]);
    await waitFor(() => expect(within(ledger).getByText("Teruggedraai", { selector: "p" })).toBeVisible());
  });
});
