import type { LearnerImportReport, LearnerImportResult } from "@kantien/domain/learner-import";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { CustomersScreen } from "./customers-screen";

// The customers screen loads its dialogs' texts with it (app/screens.tsx).
beforeAll(() => loadTexts("customers"));

const PREVIEW = "POST /api/admin/learners/import?dryRun=true";
const IMPORT = "POST /api/admin/learners/import";

const anel: LearnerImportResult = {
  line: 2,
  akdNumber: "AKD2026101",
  firstName: "Anél",
  lastName: "Botha",
  grade: "8B",
  dateOfBirth: "2014-03-20",
  action: "create",
  errors: [],
  guardians: [{ email: "ma@botha.example", action: "invite", error: null }],
};
const wrong: LearnerImportResult = {
  ...anel,
  line: 3,
  akdNumber: "AKD2026102",
  firstName: "",
  dateOfBirth: null,
  action: "error",
  errors: ["Voornaam: die sel is leeg."],
  guardians: [],
};

const report = (lines: LearnerImportResult[], dryRun: boolean): LearnerImportReport => ({
  dryRun,
  counts: {
    create: lines.filter((line) => line.action === "create").length,
    update: 0,
    unchanged: 0,
    error: lines.filter((line) => line.action === "error").length,
    invite: lines.flatMap((line) => line.guardians).length,
    link: 0,
  },
  lines,
});

function renderImport(lines: LearnerImportResult[]) {
  const calls = mockFetch({
    "GET /api/customers?limit=25&offset=0": { body: { success: true, data: [], total: 0 } },
    [PREVIEW]: {
      body: {
        success: true,
        data: report(lines, true),
        message: "Kyk wat sal verander, en lees dan die lys in.",
      },
    },
    [IMPORT]: {
      body: {
        success: true,
        data: report(lines, false),
        message: "Die lys is ingelees: 1 nuut, 0 bygewerk, 1 ouers genooi.",
      },
    },
  });
  return {
    ...renderWithApp(<CustomersScreen />, { route: "/users", user: testUser(ROLE.kitchenAdmin) }),
    calls,
  };
}

const sent = (calls: FetchCall[], route: string) =>
  calls.filter((call) => `${call.method} ${call.url}` === route);
const list = () => new File(["akdNumber,firstName,lastName\n"], "leerders.csv", { type: "text/csv" });

describe("importing the school's list of learners", () => {
  it("previews the list first, and imports nothing while a line is wrong", async () => {
    const { user, calls } = renderImport([anel, wrong]);
    await user.click(await screen.findByRole("button", { name: "Lees leerderlys in" }));
    const dialog = await screen.findByRole("dialog", { name: "Lees die skool se leerderlys in" });
    await user.upload(within(dialog).getByLabelText("Kies die lys (CSV)"), list());
    expect(await within(dialog).findByText(/1 reël het 'n fout/)).toBeVisible();
    const rows = within(within(dialog).getByRole("table", { name: "Die lys se reëls" })).getAllByRole("row");
    // The wrong line first, with what is wrong.
    expect(rows[1]).toHaveTextContent("3Fout");
    expect(rows[1]).toHaveTextContent("Voornaam: die sel is leeg.");
    expect(rows[2]).toHaveTextContent("Anél Botha");
    expect(rows[2]).toHaveTextContent("ma@botha.example · word genooi");
    expect(within(dialog).getByRole("button", { name: "Lees 2 leerders in" })).toBeDisabled();
    expect(sent(calls, PREVIEW)).toHaveLength(1);
    expect(sent(calls, IMPORT)).toEqual([]);
  });

  it("imports a right list after its preview, and says what it did", async () => {
    const { user, calls } = renderImport([anel]);
    await user.click(await screen.findByRole("button", { name: "Lees leerderlys in" }));
    const dialog = await screen.findByRole("dialog", { name: "Lees die skool se leerderlys in" });
    await user.upload(within(dialog).getByLabelText("Kies die lys (CSV)"), list());
    expect(await within(dialog).findByText(/Alles lyk reg/)).toBeVisible();
    expect(within(dialog).getByText("1 nuwe leerder")).toBeVisible();
    expect(within(dialog).getByText("1 ouer genooi")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Lees 1 leerder in" }));
    expect(await screen.findByText("Die lys is ingelees: 1 nuut, 0 bygewerk, 1 ouers genooi.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent(calls, IMPORT)).toHaveLength(1);
  });

  it("is not offered to a cook", async () => {
    mockFetch({ "GET /api/customers?limit=25&offset=0": { body: { success: true, data: [], total: 0 } } });
    renderWithApp(<CustomersScreen />, { route: "/users", user: testUser(ROLE.kitchenStaff) });
    await screen.findByRole("button", { name: /Voeg/ });
    expect(screen.queryByRole("button", { name: "Lees leerderlys in" })).not.toBeInTheDocument();
  });
});

describe("the guardians' tab of /users", () => {
  const ouma = {
    id: "c0000000-0000-4000-8000-000000000011",
    firstName: "Ouma",
    lastName: "Steyn",
    email: "ouma@steyn.example",
    phoneNumber: null,
    signedUp: false,
    learners: [
      {
        id: "c0000000-0000-4000-8000-000000000012",
        firstName: "Sanet",
        lastName: "Steyn",
        status: "active",
        primary: true,
      },
    ],
  };

  it("lists each guardian with their learners, searches by either side, and removes one after asking", async () => {
    const calls = mockFetch({
      "GET /api/customers?limit=25&offset=0": { body: { success: true, data: [], total: 0 } },
      "GET /api/guardians?limit=25&offset=0": { body: { success: true, data: [ouma], total: 1 } },
      "GET /api/guardians?q=SANE&limit=25&offset=0": { body: { success: true, data: [], total: 0 } },
      [`DELETE /api/guardians/${ouma.id}`]: {
        body: { success: true, anonymised: false, message: "Gebruiker geskrap." },
      },
    });
    const { user } = renderWithApp(<CustomersScreen />, {
      route: "/users?tab=guardians",
      user: testUser(ROLE.kitchenAdmin),
    });
    const table = await screen.findByRole("table", { name: "Ouers en voogde" });
    await within(table).findByText("Ouma Steyn");
    const row = within(table).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Ouma Steyn");
    expect(row).toHaveTextContent("ouma@steyn.example");
    expect(within(row).getByText("Genooi")).toBeVisible();
    expect(within(row).getByRole("button", { name: "Sanet Steyn" })).toBeVisible();
    // The customers' list is not asked for on this tab.
    expect(calls.some((call) => call.url.startsWith("/api/customers?"))).toBe(false);

    await user.click(within(row).getByRole("button", { name: "Verwyder Ouma Steyn" }));
    const ask = await screen.findByRole("alertdialog", { name: "Verwyder Ouma Steyn?" });
    await user.click(within(ask).getByRole("button", { name: "Verwyder" }));
    expect(await screen.findByText("Gebruiker geskrap.")).toBeVisible();
    expect(sent(calls, `DELETE /api/guardians/${ouma.id}`)).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await user.type(screen.getByRole("searchbox"), "SANE{Enter}");
    expect(await screen.findByText("Geen ouer of voog pas nie")).toBeVisible();
  });
});
