import type { Settings } from "@kantien/domain/auth";
import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../app/router";
import { useThemeMode } from "../../../app/theme-mode";
import { currentLanguage } from "../../../lib/i18n";
import { userSettingsQueryOptions } from "../../../lib/user-settings";
import { type FetchCall, mockFetch, savedSettingsReply } from "../../../test/mock-fetch";
import { stubSystemScheme } from "../../../test/system-scheme";
import { act, renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

const admin = testUser(ROLE.kitchenAdmin);
const stored: Settings = { theme: "dark", language: "af", refresh_interval: 45 };
const savedReply = savedSettingsReply("Persoonlike instellings is gestoor.");

/** Shows the palette the provider chose, so a test can read it. */
function PaletteProbe() {
  const { mode, preference } = useThemeMode();
  return <output aria-label="palette">{`${preference}:${mode}`}</output>;
}

function renderSettings(
  getReply: Parameters<typeof mockFetch>[0][string] = { body: { success: true, settings: stored } },
  putReply: Parameters<typeof mockFetch>[0][string] = savedReply,
  lastBackupAt: string | null = null,
) {
  const calls = mockFetch({
    "GET /api/settings": getReply,
    "PUT /api/settings": putReply,
    "GET /api/settings/backup": { body: { success: true, data: { lastBackupAt } } },
    // The admin's canteen section below (canteen-rules-section.test.tsx tests it).
    "GET /api/canteen-settings": { body: { success: true, data: { ...CANTEEN_RULES_DEFAULTS, version: 1 } } },
    "GET /api/canteen-settings/bank-details": {
      body: { success: true, data: { details: null, version: 1 } },
    },
  });
  const view = renderWithApp(
    <>
      <AppRoutes />
      <PaletteProbe />
    </>,
    { route: "/settings", user: admin },
  );
  return { ...view, calls };
}

const puts = (calls: FetchCall[]) => calls.filter((c) => c.method === "PUT" && c.url === "/api/settings");
const palette = () => screen.getByRole("status", { name: "palette" });

describe("SettingsScreen", () => {
  it("shows the saved settings and saves changes, switching theme and language at once", async () => {
    const { user, calls, queryClient } = renderSettings();
    expect(await screen.findByRole("heading", { level: 1, name: "Persoonlike instellings" })).toBeVisible();
    expect(await screen.findByRole("radio", { name: "Donker" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Afrikaans" })).toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Verfrisinterval (sekondes)" })).toHaveValue(45);
    await waitFor(() => expect(palette()).toHaveTextContent("dark:dark"));

    await user.click(screen.getByRole("radio", { name: "Lig" }));
    await user.click(screen.getByRole("radio", { name: "English" }));
    const interval = screen.getByRole("spinbutton", { name: "Verfrisinterval (sekondes)" });
    await user.clear(interval);
    await user.type(interval, "2");
    await user.click(screen.getByRole("button", { name: "Stoor" }));

    // The whole interface speaks English without a reload, and the toast with it.
    expect(await screen.findByRole("heading", { level: 1, name: "Personal settings" })).toBeVisible();
    expect(await screen.findByText("Personal settings saved.")).toBeVisible();
    expect(puts(calls).map((c) => c.body)).toEqual([
      { settings: { theme: "light", language: "en", refresh_interval: 5 } },
    ]);
    expect(currentLanguage()).toBe("en");
    await waitFor(() => expect(palette()).toHaveTextContent("light:light"));
    expect(screen.getByRole("spinbutton", { name: "Refresh interval (seconds)" })).toHaveValue(5);
    // Every screen reading the settings sees the new ones, and the device caches them.
    expect(queryClient.getQueryData(userSettingsQueryOptions.queryKey)).toEqual({
      theme: "light",
      language: "en",
      refresh_interval: 5,
    });
    expect(JSON.parse(window.localStorage.getItem("user_settings") ?? "null")).toEqual({
      theme: "light",
      language: "en",
      refresh_interval: 5,
      user_id: admin.id,
    });
  });

  it("turns a refresh interval that is not a number into 30 and caps it at 3600", async () => {
    const { user, calls } = renderSettings();
    const interval = await screen.findByRole("spinbutton", { name: "Verfrisinterval (sekondes)" });

    await user.clear(interval);
    await user.click(screen.getByRole("button", { name: "Stoor" }));
    await screen.findByText("Persoonlike instellings is gestoor.");
    expect(interval).toHaveValue(30);

    await user.clear(interval);
    await user.type(interval, "99999");
    await user.click(screen.getByRole("button", { name: "Stoor" }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls).map((c) => (c.body as { settings: Settings }).settings.refresh_interval)).toEqual([
      30, 3600,
    ]);
  });

  it("shows the toast at the bottom right for 6 seconds", async () => {
    // The toast's timer starts when it opens, so the clock is faked before; it still runs on.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderSettings();
      await screen.findByRole("radio", { name: "Donker" });
      await user.click(screen.getByRole("button", { name: "Stoor" }));
      const toast = await screen.findByText("Persoonlike instellings is gestoor.");
      expect(toast.closest(".MuiSnackbar-root")).toHaveClass("MuiSnackbar-anchorOriginBottomRight");

      act(() => {
        vi.advanceTimersByTime(5_500);
      });
      expect(screen.getByText("Persoonlike instellings is gestoor.")).toBeVisible();
      act(() => {
        vi.advanceTimersByTime(1_500);
      });
      await waitFor(() => expect(screen.queryByText("Persoonlike instellings is gestoor.")).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it("Stel terug saves the defaults and says so", async () => {
    const { user, calls } = renderSettings();
    await screen.findByRole("radio", { name: "Donker" });

    await user.click(screen.getByRole("button", { name: "Stel terug" }));

    expect(
      await screen.findByText("Persoonlike instellings is teruggestel na die verstekwaardes."),
    ).toBeVisible();
    expect(puts(calls).map((c) => c.body)).toEqual([
      { settings: { theme: "light", language: "af", refresh_interval: 30 } },
    ]);
    expect(screen.getByRole("radio", { name: "Lig" })).toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Verfrisinterval (sekondes)" })).toHaveValue(30);
  });

  it("shows the server's message when saving fails and keeps what is shown", async () => {
    const { user } = renderSettings(undefined, {
      status: 500,
      body: { success: false, message: "Die databasis is nie beskikbaar nie.", code: "database_unavailable" },
    });
    await user.click(await screen.findByRole("radio", { name: "English" }));
    await user.click(screen.getByRole("button", { name: "Stoor" }));

    const alert = await screen.findByText(
      "Kon nie die instellings stoor nie: Die databasis is nie beskikbaar nie.",
    );
    expect(alert).toBeVisible();
    expect(currentLanguage()).toBe("af");
    expect(palette()).toHaveTextContent("dark:dark");
    // The form keeps the unsaved choice so the user can try again.
    expect(screen.getByRole("radio", { name: "English" })).toBeChecked();
  });

  it("uses this user's cached settings when loading fails", async () => {
    window.localStorage.setItem(
      "user_settings",
      JSON.stringify({ theme: "light", language: "af", refresh_interval: 90, user_id: admin.id }),
    );
    renderSettings({ status: 500, body: { success: false, message: "Bediener af", code: "internal_error" } });

    expect(await screen.findByRole("radio", { name: "Lig" })).toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Verfrisinterval (sekondes)" })).toHaveValue(90);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the defaults and why when loading fails without a cache of this user", async () => {
    window.localStorage.setItem(
      "user_settings",
      JSON.stringify({ theme: "dark", language: "en", refresh_interval: 90, user_id: "someone-else" }),
    );
    renderSettings({ status: 500, body: { success: false, message: "Bediener af", code: "internal_error" } });

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Kon nie jou instellings laai nie (Bediener af)",
    );
    expect(screen.getByRole("radio", { name: "Lig" })).toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Verfrisinterval (sekondes)" })).toHaveValue(30);
  });

  it("auto follows the system's colour scheme and changes with it", async () => {
    const setSystemDark = stubSystemScheme(false);
    const { user } = renderSettings();
    await user.click(await screen.findByRole("radio", { name: "Outomaties (volg die stelsel)" }));
    await user.click(screen.getByRole("button", { name: "Stoor" }));

    await waitFor(() => expect(palette()).toHaveTextContent("auto:light"));
    expect(screen.getByText("Volg jou toestel se kleurskema; nou: Lig.")).toBeVisible();
    act(() => setSystemDark(true));
    expect(palette()).toHaveTextContent("auto:dark");
    expect(screen.getByText("Volg jou toestel se kleurskema; nou: Donker.")).toBeVisible();
    expect(window.localStorage.getItem("themeMode")).toBe("auto");
  });

  it("shows an admin when the canteen's last backup was made", async () => {
    renderSettings(undefined, undefined, "2026-11-24T08:15:00.000Z");
    const section = await screen.findByRole("region", { name: "Rugsteun" });
    await waitFor(() => expect(section).toHaveTextContent("Laaste rugsteun: 24 November 2026 om 10:15"));
  });

  it("tells an admin when no backup was made yet", async () => {
    renderSettings();
    const section = await screen.findByRole("region", { name: "Rugsteun" });
    expect(await within(section).findByText("Nog geen rugsteun nie")).toBeVisible();
  });
});
