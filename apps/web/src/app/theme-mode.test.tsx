import type { Settings } from "@kantien/domain/auth";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { userSettingsQueryOptions } from "../lib/user-settings";
import { mockFetch, type Reply, type Route, savedSettingsReply } from "../test/mock-fetch";
import { stubSystemScheme } from "../test/system-scheme";
import { renderWithApp, screen, testUser, waitFor } from "../test/test-utils";
import { AppRoutes } from "./router";

const saved: Settings = { theme: "light", language: "af", refresh_interval: 45 };

function renderSignedIn(put: Route, get: Route = { body: { success: true, settings: saved } }) {
  const calls = mockFetch({
    "GET /api/settings": get,
    "PUT /api/settings": put,
    "GET /api/customers?limit=25&offset=0": { body: { success: true, data: [], total: 0 } },
  });
  const view = renderWithApp(<AppRoutes />, { route: "/users", user: testUser(ROLE.kitchenStaff) });
  return { ...view, calls };
}

const background = () => getComputedStyle(document.body).backgroundColor;

describe("ThemeModeProvider", () => {
  it.each([
    [false, "#f8f9ff"],
    [true, "#121212"],
  ])(
    "shows the sign-in in the device's own scheme until a choice is made (device dark: %s)",
    async (dark, colour) => {
      stubSystemScheme(dark);
      renderWithApp(<AppRoutes />, { route: "/login", user: null });
      expect(await screen.findByRole("button", { name: "Teken in" })).toBeVisible();
      expect(background()).toBe(colour);
      expect(window.localStorage.getItem("themeMode")).toBeNull();
    },
  );

  it("shows the signed-in user's saved theme over the device's own scheme", async () => {
    stubSystemScheme(true);
    renderSignedIn(savedSettingsReply());
    expect(await screen.findByRole("button", { name: "Skakel na donker modus" })).toBeVisible();
    expect(background()).toBe("#f8f9ff");
  });

  it("saves the top bar's switch in the user's settings, keeping the rest", async () => {
    const { user, calls, queryClient } = renderSignedIn(savedSettingsReply());
    await user.click(await screen.findByRole("button", { name: "Skakel na donker modus" }));

    expect(await screen.findByRole("button", { name: "Skakel na ligte modus" })).toBeVisible();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
        { settings: { ...saved, theme: "dark" } },
      ]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(userSettingsQueryOptions.queryKey)).toEqual({
        ...saved,
        theme: "dark",
      }),
    );
    expect(window.localStorage.getItem("themeMode")).toBe("dark");
    expect(background()).toBe("#121212");
  });

  it("keeps the switch while it is saved, though the settings read before it say otherwise", async () => {
    // The save answers when the test says so; the settings read until then are the old ones.
    let answerSave = () => {};
    const { user, calls, queryClient } = renderSignedIn(
      (call) => new Promise<Reply>((answer) => (answerSave = () => answer(savedSettingsReply()(call)))),
    );
    await user.click(await screen.findByRole("button", { name: "Skakel na donker modus" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));

    expect(screen.getByRole("button", { name: "Skakel na ligte modus" })).toBeVisible();
    expect(window.localStorage.getItem("themeMode")).toBe("dark");
    expect(background()).toBe("#121212");
    answerSave();
    await waitFor(() =>
      expect(queryClient.getQueryData(userSettingsQueryOptions.queryKey)).toEqual({
        ...saved,
        theme: "dark",
      }),
    );
    expect(screen.getByRole("button", { name: "Skakel na ligte modus" })).toBeVisible();
    expect(background()).toBe("#121212");
  });

  it("undoes the switch when the server does not take it", async () => {
    const { user, calls } = renderSignedIn({
      status: 500,
      body: { success: false, message: "Bediener af", code: "internal_error" },
    });
    // The switch is made once the saved settings are in: the undo goes back to them.
    await waitFor(() => expect(window.localStorage.getItem("themeMode")).toBe("light"));
    await user.click(await screen.findByRole("button", { name: "Skakel na donker modus" }));

    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Skakel na donker modus" })).toBeVisible();
    await waitFor(() => expect(background()).toBe("#f8f9ff"));
    expect(window.localStorage.getItem("themeMode")).toBe("light");
  });
});
