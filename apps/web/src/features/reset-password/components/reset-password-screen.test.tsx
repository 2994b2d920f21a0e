import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen } from "../../../test/test-utils";
import { ResetPasswordScreen } from "./reset-password-screen";

const CHANGED = "Jou wagwoord is verander. Teken nou met jou nuwe wagwoord in.";
const LINK_SPENT = "Hierdie skakel is ongeldig, is reeds gebruik of het verval.";

function renderAt(route: string) {
  return renderWithApp(<ResetPasswordScreen />, { route, user: null });
}

async function choose(user: ReturnType<typeof renderAt>["user"], password: string, repeat: string) {
  await user.type(screen.getByLabelText(/^Nuwe wagwoord/), password);
  await user.type(screen.getByLabelText(/^Herhaal nuwe wagwoord/), repeat);
  await user.click(screen.getByRole("button", { name: "Stoor nuwe wagwoord" }));
}

describe("ResetPasswordScreen", () => {
  it("sets the new password with the link's token and shows where to sign in", async () => {
    const calls = mockFetch({
      "POST /api/auth/reset-password": { body: { success: true, message: CHANGED } },
    });
    const { user } = renderAt("/reset-password?token=abc123");

    await choose(user, "nuwe-wagwoord", "nuwe-wagwoord");

    expect(await screen.findByRole("alert")).toHaveTextContent(CHANGED);
    expect(calls.find((call) => call.url === "/api/auth/reset-password")?.body).toEqual({
      token: "abc123",
      password: "nuwe-wagwoord",
    });
    expect(screen.getByRole("link", { name: "Teken in by die bestel-app" })).toHaveAttribute(
      "href",
      "/my/login",
    );
    expect(screen.getByRole("link", { name: "Teken in by die bestuurspaneel" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(screen.queryByLabelText(/^Nuwe wagwoord/)).not.toBeInTheDocument();
  });

  it("shows the server's message for a used link and offers a new one", async () => {
    mockFetch({
      "POST /api/auth/reset-password": {
        status: 400,
        body: { success: false, message: LINK_SPENT, code: "token_invalid" },
      },
    });
    const { user } = renderAt("/reset-password?token=reeds-gebruik");

    await choose(user, "nuwe-wagwoord", "nuwe-wagwoord");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Hierdie skakel werk nie meer nie");
    expect(alert).toHaveTextContent(LINK_SPENT);
    expect(screen.getByRole("link", { name: "Vra 'n nuwe skakel aan" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.queryByRole("button", { name: "Stoor nuwe wagwoord" })).not.toBeInTheDocument();
  });

  it("without a token says so and links to asking for a new link", () => {
    const calls = mockFetch({});
    renderAt("/reset-password");

    expect(screen.getByRole("alert")).toHaveTextContent(
      "Hierdie bladsy werk net met die skakel uit jou e-pos.",
    );
    expect(screen.getByRole("link", { name: "Vra 'n nuwe skakel aan" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.queryByLabelText(/^Nuwe wagwoord/)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("checks the password rule and the repeat before calling the server", async () => {
    const calls = mockFetch({});
    const { user } = renderAt("/reset-password?token=abc123");

    await choose(user, "kort", "kort");
    expect(await screen.findByText("Wagwoord moet ten minste 6 karakters wees")).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Nuwe wagwoord/));
    await user.type(screen.getByLabelText(/^Nuwe wagwoord/), "nuwe-wagwoord");
    await user.clear(screen.getByLabelText(/^Herhaal nuwe wagwoord/));
    await user.type(screen.getByLabelText(/^Herhaal nuwe wagwoord/), "nuwe-wagwoort");
    await user.click(screen.getByRole("button", { name: "Stoor nuwe wagwoord" }));

    expect(await screen.findByText("Wagwoorde stem nie ooreen nie")).toBeInTheDocument();
    expect(screen.queryByText("Wagwoord moet ten minste 6 karakters wees")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("puts the server's refusal of the password on its field", async () => {
    mockFetch({
      "POST /api/auth/reset-password": {
        status: 400,
        body: {
          success: false,
          message: "Ongeldige invoer.",
          code: "validation_failed",
          details: [{ field: "password", message: "Wagwoord moet ten minste 6 karakters wees" }],
        },
      },
    });
    const { user } = renderAt("/reset-password?token=abc123");

    await choose(user, "nuwe-wagwoord", "nuwe-wagwoord");

    expect(await screen.findByText("Wagwoord moet ten minste 6 karakters wees")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nuwe wagwoord/)).toHaveAttribute("aria-invalid", "true");
  });
});
