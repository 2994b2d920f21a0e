import type { LearnerGuardian, MyLearner } from "@kantien/domain/guardians";
import { ROLE } from "@kantien/domain/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts } from "../../../lib/i18n";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { LearnerGuardians } from "./learner-guardians";

const sanet: MyLearner = {
  id: "c0000000-0000-4000-8000-000000000003",
  firstName: "Sanet",
  lastName: "Steyn",
  akdNumber: "AKD001",
  status: "active",
  primary: true,
  balance: "120.00",
  paymentReference: "KAN7K3Q9Z",
  limits: { dailyLimit: null, weeklyLimit: null, blockedFoodItemIds: [], blockedAllergens: [] },
  allergyConsent: "given",
};
const me: LearnerGuardian = {
  id: "user-5",
  firstName: "Thandi",
  lastName: "Botha",
  email: "user5@kantien.example",
  status: "active",
  primary: true,
  linkedAt: "2026-11-01T08:00:00.000Z",
};
const waiting: LearnerGuardian = {
  ...me,
  id: "c0000000-0000-4000-8000-000000000007",
  firstName: "Koos",
  lastName: "Steyn",
  email: "koos@steyn.example",
  status: "pending",
  primary: false,
};
const GUARDIANS = `/api/my/learners/${sanet.id}/guardians`;

function renderGuardians(
  learner: MyLearner,
  inviteAnswer: (call: FetchCall) => { status: number; body: object },
) {
  const calls = mockFetch({
    [`GET ${GUARDIANS}`]: { body: { success: true, data: [me, waiting] } },
    [`POST ${GUARDIANS}`]: inviteAnswer,
    [`POST ${GUARDIANS}/${waiting.id}/approve`]: { body: { success: true, message: "Goedgekeur." } },
  });
  return {
    ...renderWithApp(<LearnerGuardians learner={learner} />, {
      route: "/my/learners",
      user: testUser(ROLE.guardian),
    }),
    calls,
  };
}

beforeAll(() => loadTexts("myLearners"));

describe("a learner's guardians on the family page", () => {
  it("let the primary guardian approve one waiting and invite another by email, keeping a refused address", async () => {
    let answer: { status: number; body: object } = {
      status: 409,
      body: {
        success: false,
        code: "guardian_email_not_a_guardian",
        message: "Hierdie e-posadres behoort aan 'n leerder.",
      },
    };
    const { user, calls } = renderGuardians(sanet, () => answer);
    const list = await screen.findByRole("list");
    expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent(/^JyEerste ouer of voog/);
    expect(within(list).getAllByRole("listitem")[1]).toHaveTextContent("Koos SteynWag vir goedkeuring");
    await user.click(within(list).getByRole("button", { name: "Keur goed" }));
    expect(await screen.findByText("Goedgekeur.")).toBeVisible();

    const field = screen.getByRole("textbox", { name: "Nog 'n ouer of voog se e-pos" });
    await user.type(field, "nie-'n-adres");
    await user.click(screen.getByRole("button", { name: "Nooi" }));
    expect(screen.getByText("Voer 'n geldige e-posadres in.")).toBeVisible();
    expect(calls.filter((call) => call.method === "POST" && call.url === GUARDIANS)).toEqual([]);

    await user.clear(field);
    await user.type(field, "Leerder@Skool.example");
    await user.click(screen.getByRole("button", { name: "Nooi" }));
    expect(await screen.findByText("Hierdie e-posadres behoort aan 'n leerder.")).toBeVisible();
    expect(field).toHaveValue("Leerder@Skool.example");

    answer = { status: 201, body: { success: true, message: "ouma@steyn.example is genooi." } };
    await user.clear(field);
    await user.type(field, "ouma@steyn.example");
    await user.click(screen.getByRole("button", { name: "Nooi" }));
    expect(await screen.findByText("ouma@steyn.example is genooi.")).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(""));
    expect(
      calls.filter((call) => call.method === "POST" && call.url === GUARDIANS).map((call) => call.body),
    ).toEqual([{ email: "leerder@skool.example" }, { email: "ouma@steyn.example" }]);
  });

  it("give a guardian who is not primary only the way to unlink themselves", async () => {
    renderGuardians({ ...sanet, primary: false }, () => ({ status: 500, body: {} }));
    const list = await screen.findByRole("list");
    expect(within(list).getByRole("button", { name: "Ontkoppel my" })).toBeVisible();
    expect(within(list).queryByRole("button", { name: "Keur goed" })).not.toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Verwyder" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Nog 'n ouer of voog se e-pos" })).not.toBeInTheDocument();
  });
});
