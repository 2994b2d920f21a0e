import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../test/mock-fetch";
import { renderWithApp, screen, testUser, within } from "../test/test-utils";
import { AppRoutes } from "./router";

describe("AppRoutes", () => {
  it("sends a signed-out visitor from a staff page to the login screen", async () => {
    mockFetch({});
    renderWithApp(<AppRoutes />, { route: "/dashboard", user: null });
    expect(await screen.findByRole("heading", { name: "Teken in" })).toBeInTheDocument();
  });

  it("shows a loading placeholder while the session is looked up", async () => {
    mockFetch({
      "GET /api/auth/me": {
        status: 401,
        body: { success: false, message: "Teken asseblief eers in.", code: "unauthenticated" },
      },
    });
    renderWithApp(<AppRoutes />, { route: "/kitchen" });
    expect(screen.getByRole("status")).toHaveTextContent("Sessie word gelaai…");
    expect(await screen.findByRole("heading", { name: "Teken in" })).toBeInTheDocument();
  });

  it("sends a signed-in customer from /kitchen to the ordering app, never the board", async () => {
    // The ordering app's own reads answer 404 here: only where the customer lands matters.
    const calls = mockFetch({});
    renderWithApp(<AppRoutes />, { route: "/kitchen", user: testUser(ROLE.academyStaff) });

    expect(await screen.findByRole("navigation", { name: "Bestel-app" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Om te doen" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith("/api/kitchen"))).toBe(false);
  });

  it("lets an admin open an admin page inside the layout", async () => {
    mockFetch({});
    renderWithApp(<AppRoutes />, { route: "/settings", user: testUser(ROLE.kitchenAdmin) });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Persoonlike instellings" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Instellings" })).toHaveAttribute("aria-current", "page");
  });

  it("sends staff away from an admin-only page to the kitchen", async () => {
    mockFetch({
      "GET /api/kitchen/orders": { body: { success: true, data: { date: "2025-03-03", orders: [] } } },
    });
    renderWithApp(<AppRoutes />, { route: "/menu", user: testUser(ROLE.kitchenStaff) });
    expect(await screen.findByRole("region", { name: "Om te doen" })).toBeInTheDocument();
    expect(
      await within(screen.getByRole("region", { name: "Om te doen" })).findByText("Geen bestellings nie"),
    ).toBeInTheDocument();
  });
});
