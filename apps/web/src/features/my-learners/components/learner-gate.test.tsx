import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { linkedLearner } from "../../../test/learners";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor } from "../../../test/test-utils";

const config = { body: { success: true, data: { canteenName: "Kantien", timeZone: "Africa/Johannesburg" } } };
const profile = {
  body: {
    success: true,
    data: {
      firstName: "Thandi",
      lastName: "Botha",
      email: "user5@kantien.example",
      phoneNumber: null,
      language: "af",
      theme: "light",
      allergies: [],
      diet: [],
      allergyConsent: null,
      managedByGuardian: false,
      guardianConsent: "none",
      version: 1,
    },
  },
};
describe("the ordering app for a guardian", () => {
  it("asks a guardian without a learner to link their child first, and never asks for their own menu", async () => {
    const calls = mockFetch({
      "GET /api/config": config,
      "GET /api/my/profile": profile,
      "GET /api/my/learners": { body: { success: true, data: [] } },
    });
    renderWithApp(<AppRoutes />, { route: "/my", user: testUser(ROLE.guardian) });
    expect(
      await screen.findByRole("heading", { name: "Koppel jou kind" }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole("textbox", { name: /Koppelkode/ })).toBeVisible();
    expect(
      calls.some((call) => call.url.includes("/api/my/menu") || call.url.includes("/api/my/wallet")),
    ).toBe(false);
  });

  it("shows the first learner's menu and balance, through the learner's own path", async () => {
    const calls = mockFetch({
      "GET /api/config": config,
      "GET /api/my/profile": profile,
      "GET /api/my/learners": { body: { success: true, data: [linkedLearner("l-1", "Anna", "80.00")] } },
    });
    renderWithApp(<AppRoutes />, { route: "/my", user: testUser(ROLE.guardian) });
    expect(
      await screen.findByRole("combobox", { name: "Bestel vir" }, { timeout: 10_000 }),
    ).toHaveTextContent("Anna Botha");
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes("/api/my/learners/l-1/menu"))).toBe(true),
    );
    expect(calls.some((call) => call.url.includes("/api/my/menu"))).toBe(false);
  });

  it("drops a guardian's choice left on a shared device when a learner signs in", async () => {
    window.localStorage.setItem("acting-for", "l-1");
    const calls = mockFetch({
      "GET /api/config": config,
      "GET /api/my/profile": profile,
      "GET /api/my/menu": { status: 503, body: { success: false, message: "Later.", code: "unavailable" } },
      "GET /api/my/wallet": { status: 503, body: { success: false, message: "Later.", code: "unavailable" } },
    });
    renderWithApp(<AppRoutes />, { route: "/my", user: testUser(ROLE.student) });
    await waitFor(() => expect(calls.some((call) => call.url.includes("/api/my/menu"))).toBe(true));
    expect(calls.some((call) => call.url.includes("/api/my/learners"))).toBe(false);
    expect(window.localStorage.getItem("acting-for")).toBeNull();
  });
});
