import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../test/test-utils";
import { AppRoutes } from "../router";

/** A screen of this width, as the browser's media queries would see it. */
function stubScreenWidth(width: number) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return {
        matches: query.includes("prefers-color-scheme") ? false : matches,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      };
    }),
  );
}

function renderSettingsPage() {
  mockFetch({
    "GET /api/settings": {
      body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
    },
  });
  return renderWithApp(<AppRoutes />, { route: "/settings", user: testUser(ROLE.kitchenAdmin) });
}

const title = () => screen.findByRole("heading", { level: 1, name: "Persoonlike instellings" });

describe("AppLayout", () => {
  it("starts the keyboard at a skip link that moves the focus to the page", async () => {
    const { user } = renderSettingsPage();
    await title();

    await user.tab();
    const skip = screen.getByRole("link", { name: "Gaan na die hoofinhoud" });
    expect(skip).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("keeps the fixed 240 px side menu on a wide screen", async () => {
    stubScreenWidth(1400);
    renderSettingsPage();
    await title();

    expect(screen.getByRole("navigation", { name: "Hoofkieslys" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Maak die kieslys oop" })).not.toBeInTheDocument();
  });

  it("puts the menu in a drawer below 1024 px that closes after navigating", async () => {
    stubScreenWidth(820);
    mockFetch({
      "GET /api/settings": {
        body: { success: true, settings: { theme: "dark", language: "af", refresh_interval: 30 } },
      },
    });
    const { user } = renderWithApp(<AppRoutes />, { route: "/settings", user: testUser(ROLE.kitchenAdmin) });
    await title();
    expect(screen.queryByRole("navigation", { name: "Hoofkieslys" })).not.toBeInTheDocument();

    const open = screen.getByRole("button", { name: "Maak die kieslys oop" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await user.click(open);
    const nav = await screen.findByRole("navigation", { name: "Hoofkieslys" });
    expect(open).toHaveAttribute("aria-expanded", "true");

    await user.click(within(nav).getByRole("link", { name: "Instellings" }));
    await waitFor(() =>
      expect(screen.queryByRole("navigation", { name: "Hoofkieslys" })).not.toBeInTheDocument(),
    );
    expect(open).toHaveAttribute("aria-expanded", "false");
  });
});
