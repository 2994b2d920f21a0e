import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  openScreen,
  saveSettings,
  signIn,
  test,
} from "./support/fixtures";

// axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

for (const theme of ["dark", "light"] as const) {
  test(`the login screen has no serious accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((mode) => localStorage.setItem("themeMode", mode), theme);
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Teken in" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(`the kitchen board has no serious accessibility violations (${theme})`, async ({ page }) => {
    await signIn(page, DEMO.staff, "/kitchen", { theme });
    await expect(
      page.getByRole("region", { name: "Om te doen" }).getByRole("listitem").first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveSettings(page);
  });

  test(`every admin screen has no serious accessibility violations (${theme})`, async ({ page }) => {
    // Nine screens, reached as an admin reaches them: through the side menu, else by address.
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin, "/dashboard", { theme });
    for (const [path, heading] of [
      ["/dashboard", "Paneelbord"],
      ["/weekly-orders", "Weeklikse bestellings"],
      ["/menu", "Weeklikse spyskaart"],
      ["/orders", "Bestellingsopsomming"],
      ["/money", "Geld"],
      ["/users", "Bestuur gebruikers"],
      ["/staff", "Bestuur personeel"],
      ["/canteen", "Kantien"],
      ["/settings", "Persoonlike instellings"],
    ] as const) {
      await openScreen(page, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // Lists and cards load after the heading.
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
    await saveSettings(page);
  });
}
