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
  managedByGuardian: false,
  guardianConsent: "none",
  version: 1,
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
  it("shows a child's allergies, kept by their guardian, without a way to change them", async () => {
    renderProfile({ ...peanuts, managedByGuardian: true, guardianConsent: "given" }, () => peanuts);
    const region = await section();
    expect(
      await within(region).findByText(
        "Jou ouer of voog hou jou allergieë en dieet in die app by. Vra hulle as iets moet verander.",
      ),
    ).toBeVisible();
    expect(within(region).getByText("Grondboontjies: Ernstig (anafilakse)")).toBeVisible();
    expect(within(region).queryByRole("button")).toBeNull();
    expect(within(region).queryByRole("checkbox")).toBeNull();
  });

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
    // What I declared comes first; the other 13 wait behind one button, not buried among 14 lists.
    expect(within(region).queryByRole("combobox", { name: "Melk: hoe reageer jy?" })).toBeNull();
    const more = within(region).getByRole("button", { name: "Voeg 'n allergie by (13 ander)" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await user.click(more);
    expect(within(region).getByRole("combobox", { name: "Melk: hoe reageer jy?" })).toHaveValue("");
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

describe("a profile saved meanwhile on another device (decision 0057)", () => {
  // On the other device the phone number was added and the allergies given: version 2.
  const elsewhere: MyProfile = { ...peanuts, phoneNumber: "082 555 0101", version: 2 };
  const stale = {
    status: 409,
    body: {
      success: false,
      code: "stale",
      message: "Iemand anders het dit intussen verander. Kyk wat anders is en stoor weer.",
      details: { current: elsewhere },
    },
  };
  function renderStale() {
    const calls = mockFetch({
      "GET /api/config": {
        body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
      },
      "GET /api/my/profile": { body: { success: true, data: withoutAllergies } },
      "PUT /api/my/profile": (call) =>
        call.headers["If-Match"] === '"1"'
          ? stale
          : {
              body: {
                success: true,
                message: "Jou profiel is gestoor.",
                data: { ...elsewhere, ...(call.body as object), version: 3 },
              },
            },
    });
    return { ...renderWithApp(<AppRoutes />, { route: "/my/profile", user: testUser(ROLE.student) }), calls };
  }
  const details = async () => {
    const name = await screen.findByRole("textbox", { name: "Voornaam" }, { timeout: 10_000 });
    return name.closest("form") as HTMLElement;
  };

  it("says what changed, and saves my edit again on top of the new version", async () => {
    const { user, calls } = renderStale();
    const form = await details();
    await user.clear(within(form).getByRole("textbox", { name: "Voornaam" }));
    await user.type(within(form).getByRole("textbox", { name: "Voornaam" }), "Sanette");
    await user.click(within(form).getByRole("button", { name: "Stoor" }));

    const dialog = await screen.findByRole("alertdialog", {
      name: "Iemand anders het dit intussen verander",
    });
    // What differs from the profile as I loaded it, not what I typed.
    expect(within(dialog).getByText("Telefoonnommer")).toBeVisible();
    expect(within(dialog).getByText("082 555 0101")).toBeVisible();
    expect(within(dialog).getByText("My allergieë")).toBeVisible();
    expect(within(dialog).queryByText("Voornaam")).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Stoor my veranderinge daaroor" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === "PUT");
    expect(first!.headers["If-Match"]).toBe('"1"');
    expect(second!.headers["If-Match"]).toBe('"2"');
    // Only the details go again: the allergies given elsewhere stay as they are.
    expect(second!.body).toEqual({
      firstName: "Sanette",
      lastName: "Student",
      phoneNumber: null,
      language: "af",
      theme: "light",
    });
    expect(await screen.findByText("Jou profiel is gestoor.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  }, 40_000);

  it("shows the new version instead, dropping my edit", async () => {
    const { user, calls } = renderStale();
    const form = await details();
    await user.type(within(form).getByRole("textbox", { name: "Van" }), "-Smit");
    await user.click(within(form).getByRole("button", { name: "Stoor" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Iemand anders het dit intussen verander",
    });
    await user.click(within(dialog).getByRole("button", { name: "Wys die nuwe weergawe" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(within(form).getByRole("textbox", { name: "Van" })).toHaveValue("Student");
    expect(within(form).getByRole("textbox", { name: "Telefoonnommer" })).toHaveValue("082 555 0101");
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
  }, 40_000);
});
