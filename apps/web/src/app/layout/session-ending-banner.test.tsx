import { ROLE } from "@kantien/domain/roles";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { mockFetch } from "../../test/mock-fetch";
import { act, cleanup, renderWithApp, screen, testUser, waitFor } from "../../test/test-utils";
import { backOfficeMenu } from "../screens";
import { AppLayout } from "./app-layout";
import { KitchenModeLayout } from "./kitchen-mode-layout";

// 10:00 in Johannesburg (UTC+2), the canteen's time zone.
const NOW = new Date("2025-03-03T08:00:00.000Z");
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

/** The sign-in screen, reduced to what the banner hands it: where to come back to. */
function SignInProbe() {
  const state = useLocation().state as { returnTo?: string } | null;
  return <p>Aanteken, terug na {state?.returnTo ?? "niks"}</p>;
}

function mockApi(sessionEndsAt: string) {
  return mockFetch({
    "GET /api/config": {
      body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } },
    },
    "GET /api/auth/me": { body: { success: true, user: testUser(ROLE.kitchenStaff), sessionEndsAt } },
    "POST /api/auth/logout": { body: { success: true, message: "Jy is uitgeteken." } },
  });
}

function renderBoard(sessionEndsAt: string) {
  const calls = mockApi(sessionEndsAt);
  const rendered = renderWithApp(
    <Routes>
      <Route element={<KitchenModeLayout />}>
        <Route path="/kitchen/board" element={<h1>Kombuis</h1>} />
      </Route>
      <Route path="/login" element={<SignInProbe />} />
    </Routes>,
    { route: "/kitchen/board", user: testUser(ROLE.kitchenStaff) },
  );
  return { ...rendered, calls };
}

describe("SessionEndingBanner", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("warns on the kitchen board half an hour before the session ends, in the canteen's time", async () => {
    renderBoard(inMinutes(30));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Jou sessie eindig om 10:30. Teken nou weer in sodat die skerm nie in die middel van die skof stop nie.",
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Kombuis" })).toBeVisible();

    await act(() => applyLanguage("en"));
    expect(alert).toHaveTextContent("Your session ends at 10:30. Sign in again now");
    expect(screen.getByRole("button", { name: "Sign in again now" })).toBeVisible();
  });

  it("signs out and sends the board to the sign-in, which will bring it back", async () => {
    const { user, calls } = renderBoard(inMinutes(30));
    await user.click(await screen.findByRole("button", { name: "Teken nou weer in" }));

    expect(await screen.findByText("Aanteken, terug na /kitchen/board")).toBeVisible();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual(["/api/auth/logout"]);
  });

  it("says nothing three hours before the end, and warns once the last hour starts", async () => {
    const { queryClient } = renderBoard(inMinutes(3 * 60));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.sessionEnd)).toBe(inMinutes(3 * 60)));
    await screen.findByRole("heading", { name: "Kombuis" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    act(() => {
      // Two hours and a minute: the clock's next tick after the last hour has started.
      vi.advanceTimersByTime(2 * 60 * 60_000 + 60_000);
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Jou sessie eindig om 13:00.");
  });

  it("shows on the kitchen board inside the back office too, and on none of its other pages", async () => {
    const layout = (
      <Routes>
        <Route element={<AppLayout menu={backOfficeMenu} />}>
          <Route path="/kitchen" element={<h1>Kombuis</h1>} />
          <Route path="/dashboard" element={<h1>Paneelbord</h1>} />
        </Route>
      </Routes>
    );
    const calls = mockApi(inMinutes(30));
    renderWithApp(layout, { route: "/kitchen", user: testUser(ROLE.kitchenStaff) });
    expect(await screen.findByRole("alert")).toHaveTextContent("Jou sessie eindig om 10:30.");

    cleanup();
    calls.length = 0;
    renderWithApp(layout, { route: "/dashboard", user: testUser(ROLE.kitchenStaff) });
    await screen.findByRole("heading", { name: "Paneelbord" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/auth/me")).toBe(false);
  });
});
