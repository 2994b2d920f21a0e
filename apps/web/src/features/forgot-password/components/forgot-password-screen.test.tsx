import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen } from "../../../test/test-utils";
import { ForgotPasswordScreen } from "./forgot-password-screen";

const REQUESTED =
  "As daar 'n rekening met hierdie e-posadres is, het ons 'n skakel gestuur om die wagwoord terug te stel.";

describe("ForgotPasswordScreen", () => {
  it("sends the typed address and shows the server's answer with the way back to sign in", async () => {
    const calls = mockFetch({
      "POST /api/auth/forgot-password": { body: { success: true, message: REQUESTED } },
    });
    const { user } = renderWithApp(<ForgotPasswordScreen />, { route: "/forgot-password", user: null });

    await user.type(screen.getByLabelText(/E-pos/), " Kok@Kantien.example ");
    await user.click(screen.getByRole("button", { name: "Stuur skakel" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(REQUESTED);
    expect(screen.getByRole("link", { name: "Terug na die aantekenblad" })).toHaveAttribute("href", "/login");
    const request = calls.find((call) => call.url === "/api/auth/forgot-password");
    expect(request?.body).toEqual({ email: "kok@kantien.example" });
  });

  it("starts with the address from the sign-in screen and goes back to the ordering app's sign-in", async () => {
    const calls = mockFetch({
      "POST /api/auth/forgot-password": { body: { success: true, message: REQUESTED } },
    });
    const { user } = renderWithApp(<ForgotPasswordScreen />, {
      route: "/forgot-password?from=my&email=sipho%40skool.example",
      user: null,
    });

    expect(screen.getByLabelText(/E-pos/)).toHaveValue("sipho@skool.example");
    expect(screen.getByRole("link", { name: "Terug na die aantekenblad" })).toHaveAttribute(
      "href",
      "/my/login",
    );
    await user.click(screen.getByRole("button", { name: "Stuur skakel" }));

    expect(await screen.findByText(REQUESTED)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Terug na die aantekenblad" })).toHaveAttribute(
      "href",
      "/my/login",
    );
    expect(calls.find((call) => call.url === "/api/auth/forgot-password")?.body).toEqual({
      email: "sipho@skool.example",
    });
  });

  it("asks for the address before calling the server", async () => {
    const calls = mockFetch({});
    const { user } = renderWithApp(<ForgotPasswordScreen />, { route: "/forgot-password", user: null });

    await user.click(screen.getByRole("button", { name: "Stuur skakel" }));

    expect(await screen.findByText("Hierdie veld is verpligtend")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows a refusal's own message, and the generic text when the server cannot be reached", async () => {
    mockFetch({
      "POST /api/auth/forgot-password": {
        status: 429,
        body: { success: false, message: "Te veel pogings. Probeer later weer.", code: "rate_limited" },
      },
    });
    const { user } = renderWithApp(<ForgotPasswordScreen />, {
      route: "/forgot-password?email=kok%40kantien.example",
      user: null,
    });
    await user.click(screen.getByRole("button", { name: "Stuur skakel" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Te veel pogings. Probeer later weer.");

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await user.click(screen.getByRole("button", { name: "Stuur skakel" }));
    expect(await screen.findByText("'n Onverwagte fout het voorgekom")).toBeInTheDocument();
  });
});
