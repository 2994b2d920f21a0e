import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { LoginScreen } from "./login-screen";

const preloadNothing = () => Promise.resolve();

async function signIn(email: string, password: string, preloadPage = preloadNothing) {
  const view = renderWithApp(<LoginScreen preloadPage={preloadPage} />, { route: "/login", user: null });
  await view.user.type(screen.getByLabelText(/E-pos/), email);
  await view.user.type(screen.getByLabelText(/Wagwoord/), password);
  await view.user.click(screen.getByRole("button", { name: "Teken in" }));
  return view;
}

describe("LoginScreen", () => {
  it("asks for both fields before calling the server", async () => {
    const calls = mockFetch({});
    const { user } = renderWithApp(<LoginScreen preloadPage={preloadNothing} />, {
      route: "/login",
      user: null,
    });

    await user.click(screen.getByRole("button", { name: "Teken in" }));

    expect(await screen.findAllByText("Hierdie veld is verpligtend")).toHaveLength(2);
    expect(calls.filter((call) => call.url === "/api/auth/login")).toHaveLength(0);
  });

  it("shows the access-denied dialog for a customer and keeps no session", async () => {
    const calls = mockFetch({
      "POST /api/auth/login": {
        body: {
          success: true,
          error: "unauthorized_role",
          message: "Hierdie aantekenblad is net vir die kantien se personeel.",
          user: {
            id: "user-sipho",
            first_name: "Sipho",
            last_name: "Dlamini",
            email: "sipho@skool.example",
            role: "user",
            role_id: 1,
          },
        },
      },
    });
    const { user, queryClient } = await signIn("Sipho@Skool.example ", "geheim123");

    const dialog = await screen.findByRole("alertdialog", { name: "Toegang geweier" });
    expect(within(dialog).getByText("Sipho Dlamini")).toBeInTheDocument();
    expect(within(dialog).getByText("sipho@skool.example")).toBeInTheDocument();
    expect(within(dialog).getByText("Student")).toBeInTheDocument();
    // A student is told in words, never by a role number.
    expect(dialog).not.toHaveTextContent(/rol(-ID)? ?\d/i);
    expect(
      within(dialog).getByText("Studente en akademiepersoneel teken in en bestel in die bestel-app."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Hierdie aantekenblad is net vir die kantien se personeel."),
    ).toBeInTheDocument();

    const login = calls.find((call) => call.url === "/api/auth/login");
    expect(login?.body).toEqual({ email: "sipho@skool.example", password: "geheim123" });
    expect(login?.headers["Content-Type"]).toBe("application/json");
    expect(queryClient.getQueryData(["session"])).toBeNull();
    expect(window.localStorage.getItem("admin_user")).toBeNull();

    expect(within(dialog).getByRole("link", { name: "Gaan na die bestel-app" })).toHaveAttribute(
      "href",
      "/my/login",
    );
    await user.click(within(dialog).getByRole("button", { name: "Sluit" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("links to a forgotten password with the address typed so far", async () => {
    mockFetch({});
    const { user } = renderWithApp(<LoginScreen preloadPage={preloadNothing} />, {
      route: "/login",
      user: null,
    });
    const forgot = screen.getByRole("link", { name: "Wagwoord vergeet?" });
    expect(forgot).toHaveAttribute("href", "/forgot-password");

    await user.type(screen.getByLabelText(/E-pos/), " kok+1@kantien.example");
    expect(forgot).toHaveAttribute("href", "/forgot-password?email=kok%2B1%40kantien.example");
  });

  it("keeps its busy button until the next page's code is loaded, then signs in", async () => {
    const cook = testUser(3);
    mockFetch({ "POST /api/auth/login": { body: { success: true, message: "Welkom", user: cook } } });
    let pageLoaded = () => {};
    const preloadPage = vi.fn(() => new Promise<void>((resolve) => (pageLoaded = resolve)));
    const { queryClient } = await signIn("kok@kantien.example", "demo1234", preloadPage);

    await waitFor(() => expect(preloadPage).toHaveBeenCalledWith("/dashboard"));
    expect(screen.getByRole("button", { name: "Besig om aan te teken…" })).toBeDisabled();
    expect(queryClient.getQueryData(["session"])).toBeNull();

    pageLoaded();
    await waitFor(() => expect(queryClient.getQueryData(["session"])).toEqual(cook));
  });

  it("shows the server's message when the password is wrong", async () => {
    mockFetch({
      "POST /api/auth/login": {
        status: 401,
        body: { success: false, message: "E-pos of wagwoord is verkeerd.", code: "login_failed" },
      },
    });
    await signIn("admin@kantien.example", "verkeerd");
    expect(await screen.findByText("E-pos of wagwoord is verkeerd.")).toBeInTheDocument();
  });
});
