import type { Settings } from "@kantien/domain/auth";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { currentLanguage } from "../../lib/i18n";
import { userSettingsQueryOptions } from "../../lib/user-settings";
import { mockFetch, type Route, savedSettingsReply } from "../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor } from "../../test/test-utils";
import { AppRoutes } from "../router";
import { LanguageSwitch } from "./language-switch";

const stored: Settings = { theme: "dark", language: "af", refresh_interval: 45 };

/** An admin on /settings, inside the layout with its top bar. */
function renderSignedIn(settings: Settings, putReply: Route) {
  const calls = mockFetch({
    "GET /api/settings": { body: { success: true, settings } },
    "PUT /api/settings": putReply,
  });
  const view = renderWithApp(<AppRoutes />, { route: "/settings", user: testUser(ROLE.kitchenAdmin) });
  return { ...view, calls };
}

const title = (name: string) => screen.findByRole("heading", { level: 1, name });

describe("LanguageSwitch", () => {
  it("saves a signed-in user's choice in their settings, then speaks it", async () => {
    const { user, calls, queryClient } = renderSignedIn(
      stored,
      savedSettingsReply("Personal settings saved."),
    );
    await title("Persoonlike instellings");

    await user.click(screen.getByRole("button", { name: "EN" }));

    expect(await title("Personal settings")).toBeInTheDocument();
    const put = calls.find((call) => call.method === "PUT");
    expect(put).toMatchObject({
      url: "/api/settings",
      body: { settings: { theme: "dark", language: "en", refresh_interval: 45 } },
    });
    // Theme and refresh interval are sent as the server gave them.
    expect(calls.filter((call) => call.url === "/api/settings").map((call) => call.method)).toEqual([
      "GET",
      "PUT",
    ]);
    expect(queryClient.getQueryData(userSettingsQueryOptions.queryKey)).toEqual({
      ...stored,
      language: "en",
    });
    expect(screen.getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");
    expect(currentLanguage()).toBe("en");
    // The theme stays the saved one.
    expect(window.localStorage.getItem("themeMode")).toBe("dark");
  });

  it("keeps the language and shows the server's refusal when saving fails", async () => {
    const { user, queryClient } = renderSignedIn(stored, {
      status: 500,
      body: { success: false, message: "Die instellings kon nie gestoor word nie.", code: "internal" },
    });
    await title("Persoonlike instellings");

    await user.click(screen.getByRole("button", { name: "EN" }));

    expect(await screen.findByText("Die instellings kon nie gestoor word nie.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Persoonlike instellings");
    expect(screen.getByRole("button", { name: "AF" })).toHaveAttribute("aria-pressed", "true");
    expect(currentLanguage()).toBe("af");
    expect(queryClient.getQueryData(userSettingsQueryOptions.queryKey)).toEqual(stored);
    expect(window.localStorage.getItem("language")).toBeNull();
  });

  it("speaks the signed-in user's stored language, whatever this device remembered", async () => {
    window.localStorage.setItem("language", "af");
    renderSignedIn({ ...stored, language: "en" }, savedSettingsReply());

    expect(await title("Personal settings")).toBeInTheDocument();
    expect(window.localStorage.getItem("language")).toBe("en");
  });

  it("only remembers a signed-out visitor's choice on this device, and sends it", async () => {
    const calls = mockFetch({});
    const { user } = renderWithApp(<LanguageSwitch />, { user: null });

    await user.click(screen.getByRole("button", { name: "EN" }));

    await waitFor(() => expect(currentLanguage()).toBe("en"));
    expect(window.localStorage.getItem("language")).toBe("en");
    expect(calls.some((call) => call.url === "/api/settings")).toBe(false);
  });
});
