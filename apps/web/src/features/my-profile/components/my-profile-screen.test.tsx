import { ALLERGY_CONSENT_TEXT } from "@kantien/domain/allergen-texts";
import type { MyProfile } from "@kantien/domain/my";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { type FetchCall, mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

const withoutAllergies: MyProfile = {
  firstName: "Sanet",
  lastName: "Student",
  email: "student@kantien.example",
  phoneNumber: null,
  language: "af",
  theme: "light",
  allergies: [],
  diet: [],
  allergyConsent: null,
};
const peanuts: MyProfile = {
  ...withoutAllergies,
  allergies: [{ code: "peanuts", severity: "severe" }],
  diet: ["halaal"],
  allergyConsent: { version: "2026-11-26", at: "2026-11-26T08:00:00.000Z" },
};

function renderProfile(profile: MyProfile, saved: (call: FetchCall) => MyProfile) {
  const calls = mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    "GET /api/my/profile": { body: { success: true, data: profile } },
    "PUT /api/my/profile": (call) => ({
      body: { success: true, message: "Jou profiel is gestoor.", data: saved(call) },
    }),
  });
  return { ...renderWithApp(<AppRoutes />, { route: "/my/profile", user: testUser(ROLE.student) }), calls };
}

// The section and its words load after the screen (lazily), which takes a while on a busy machine.
const section = () => screen.findByRole("region", { name: "Allergieë en dieet" }, { timeout: 10_000 });
const puts = (calls: FetchCall[]) => calls.filter((c) => c.method === "PUT").map((c) => c.body);

describe("allergies and diet on /my/profile", () => {
  it("asks for consent before any allergy can be chosen, then saves it with the allergies", async () => {
    const { user, calls } = renderProfile(withoutAllergies, (call) => ({
      ...withoutAllergies,
      ...(call.body as object),
      allergyConsent: { version: "2026-11-26", at: "2026-11-26T08:00:00.000Z" },
    }));
    const region = await section();
    expect(within(region).getByText(ALLERGY_CONSENT_TEXT.af)).toBeVisible();
    // The allergens' rows come with their words, which may arrive after the section.
    const peanutSeverity = await within(region).findByRole(
      "combobox",
      { name: "Grondboontjies: hoe reageer jy?" },
      { timeout: 10_000 },
    );
    expect(peanutSeverity).toBeDisabled();
    expect(within(region).getByText("Gee eers toestemming om jou allergieë te kies.")).toBeVisible();
    // The diet is a preference: it needs no consent.
    expect(within(region).getByRole("checkbox", { name: "Halaal" })).toBeEnabled();

    await user.click(within(region).getByRole("checkbox", { name: "Ek gee toestemming" }));
    expect(peanutSeverity).toBeEnabled();
    await user.selectOptions(peanutSeverity, "Ernstig (anafilakse)");
    await user.selectOptions(
      within(region).getByRole("combobox", { name: "Melk: hoe reageer jy?" }),
      "Intoleransie",
    );
    await user.click(within(region).getByRole("checkbox", { name: "Halaal" }));
    await user.click(within(region).getByRole("button", { name: "Stoor" }));

    await waitFor(() =>
      expect(puts(calls)).toEqual([
        {
          firstName: "Sanet",
          lastName: "Student",
          phoneNumber: null,
          language: "af",
          theme: "light",
          allergies: [
            { code: "peanuts", severity: "severe" },
            { code: "milk", severity: "intolerance" },
          ],
          diet: ["halaal"],
          allergyConsent: true,
        },
      ]),
    );
    expect(
      await within(region).findByText(/Toestemming gegee op .* \(weergawe 2026-11-26\)\./),
    ).toBeVisible();
    expect(within(region).getByRole("button", { name: "Trek toestemming terug" })).toBeVisible();
  }, 40_000);

  it("withdraws consent only after a warning that the allergies will be deleted", async () => {
    const { user, calls } = renderProfile(peanuts, () => ({
      ...peanuts,
      allergies: [],
      allergyConsent: null,
    }));
    const region = await section();
    expect(
      await within(region).findByRole(
        "combobox",
        { name: "Grondboontjies: hoe reageer jy?" },
        { timeout: 10_000 },
      ),
    ).toHaveValue("severe");
    await user.click(within(region).getByRole("button", { name: "Trek toestemming terug" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Trek toestemming terug?" });
    expect(dialog).toHaveTextContent("Jou allergieë word dadelik uitgevee");
    await user.click(within(dialog).getByRole("button", { name: "Kanselleer" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(puts(calls)).toEqual([]);

    await user.click(within(region).getByRole("button", { name: "Trek toestemming terug" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Trek terug en vee uit" }),
    );
    await waitFor(() =>
      expect(puts(calls)).toEqual([expect.objectContaining({ allergyConsent: false, diet: ["halaal"] })]),
    );
    expect(
      await screen.findByText("Jou toestemming is teruggetrek en jou allergieë is uitgevee."),
    ).toBeVisible();
    // The form takes the server's answer anew: its rows come back with their words.
    expect(
      await within(region).findByRole("combobox", { name: "Grondboontjies: hoe reageer jy?" }),
    ).toHaveValue("");
    expect(within(region).getByRole("checkbox", { name: "Ek gee toestemming" })).not.toBeChecked();
  }, 40_000);

  it("downloads everything held about me", async () => {
    renderProfile(withoutAllergies, () => withoutAllergies);
    const region = await screen.findByRole("region", { name: "Jou data" });
    const link = within(region).getByRole("link", { name: "Laai my data af" });
    expect(link).toHaveAttribute("href", "/api/my/data");
    expect(link).toHaveAttribute("download");
  });
});
