import { expect, test } from "@playwright/test";
import { DEMO } from "./support/env";
import { expectNoSeriousA11yViolations, saveSettings, signIn } from "./support/fixtures";

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
    await signIn(page, DEMO.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signed in, the saved theme is shown (decision 0012), so the theme is saved first.
    await saveSettings(page, { theme });
    await page.goto("/kitchen");
    await expect(
      page.getByRole("region", { name: "Om te doen" }).getByRole("listitem").first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveSettings(page);
  });
}
