import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  type Page,
  saveSettings,
  signIn,
  THEME_BACKGROUND,
  type ThemeName,
  test,
} from "./support/fixtures";

// axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

/** The canteen's rules (decision 0021), as the migration creates them and the other specs expect them. */

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function openSettings(page: Page, theme?: ThemeName) {
  await signIn(page, DEMO.admin, "/dashboard", { theme });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation").getByRole("link", { name: "Instellings" }).click();
  await expect(page.getByRole("heading", { name: "Persoonlike instellings", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stoor" })).toBeEnabled();
}

/** The canteen's own page, apart from the personal settings. */
async function openCanteen(page: Page, theme?: ThemeName) {
  await signIn(page, DEMO.admin, "/dashboard", { theme });
  await page.getByRole("navigation").getByRole("link", { name: "Kantien" }).click();
  await expect(page.getByRole("heading", { name: "Kantien", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stoor kantienreëls" })).toBeEnabled();
}

// Every test leaves the admin's settings at the defaults the other specs expect.
test.afterEach(async ({ page }) => {
  await saveSettings(page);
});

test("the language switches the whole interface to English and back, and stays after a reload", async ({
  page,
}) => {
  await openSettings(page);
  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: "Stoor" }).click();

  await expect(page.getByRole("heading", { name: "Personal settings", level: 1 })).toBeVisible();
  await expect(page.getByText("Personal settings saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Users" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Personal settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();

  await page.getByRole("radio", { name: "Afrikaans" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Persoonlike instellings", level: 1 })).toBeVisible();
  await expect(page.getByText("Persoonlike instellings is gestoor.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Gebruikers" })).toBeVisible();
});

test("the theme follows light, dark and auto, and auto changes with the system", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openSettings(page);

  await page.getByRole("radio", { name: "Donker" }).check();
  await page.getByRole("button", { name: "Stoor" }).click();
  await expect(page.getByText("Persoonlike instellings is gestoor.")).toBeVisible();
  await expect.poll(() => background(page)).toBe(THEME_BACKGROUND.dark);

  await page.getByRole("radio", { name: "Lig" }).check();
  await page.getByRole("button", { name: "Stoor" }).click();
  await expect.poll(() => background(page)).toBe(THEME_BACKGROUND.light);

  await page.getByRole("radio", { name: "Outomaties (volg die stelsel)" }).check();
  await page.getByRole("button", { name: "Stoor" }).click();
  await expect(page.getByText("Volg jou toestel se kleurskema; nou: Lig.")).toBeVisible();
  await expect.poll(() => background(page)).toBe(THEME_BACKGROUND.light);
  // The system turns dark while the page is open: the app follows without a reload.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => background(page)).toBe(THEME_BACKGROUND.dark);
  await expect(page.getByText("Volg jou toestel se kleurskema; nou: Donker.")).toBeVisible();

  // The saved choice is the server's: a reload keeps auto.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Outomaties (volg die stelsel)" })).toBeChecked();
  await expect.poll(() => background(page)).toBe(THEME_BACKGROUND.dark);
  const saved = await (await page.request.get("/api/settings")).json();
  expect(saved.settings.theme).toBe("auto");
});

test("the refresh interval is kept between 5 and 3600 seconds, and Stel terug restores the defaults", async ({
  page,
}) => {
  await openSettings(page);
  const interval = page.getByRole("spinbutton", { name: "Verfrisinterval (sekondes)" });
  await interval.fill("2");
  await page.getByRole("button", { name: "Stoor" }).click();
  await expect(page.getByText("Persoonlike instellings is gestoor.")).toBeVisible();
  await expect(interval).toHaveValue("5");
  expect((await (await page.request.get("/api/settings")).json()).settings.refresh_interval).toBe(5);

  await interval.fill("90000");
  await page.getByRole("button", { name: "Stoor" }).click();
  await expect(interval).toHaveValue("3600");

  await page.getByRole("button", { name: "Stel terug" }).click();
  await expect(page.getByText("Persoonlike instellings is teruggestel na die verstekwaardes.")).toBeVisible();
  await expect(interval).toHaveValue("30");
  expect((await (await page.request.get("/api/settings")).json()).settings).toEqual({
    theme: "light",
    language: "af",
    refresh_interval: 30,
  });
});

test("an admin moves the cut-off and the low-balance threshold on /canteen, and they stay after a reload", async ({
  page,
}) => {
  try {
    await openCanteen(page);
    const canteen = page.getByRole("region", { name: "Bestelreëls" });
    const time = canteen.getByRole("textbox", { name: "Sluitingstyd vir bestellings" });
    const threshold = canteen.getByRole("textbox", { name: "Drempel vir 'n lae saldo" });
    const weeks = canteen.getByRole("spinbutton", { name: "Weke vooruit" });
    const save = canteen.getByRole("button", { name: "Stoor kantienreëls" });
    await expect(time).toHaveValue("09:00");
    await expect(canteen.getByRole("combobox", { name: "Sluitingsdag" })).toHaveText("Op die dag self");
    await expect(threshold).toHaveValue("50,00");

    // The domain's rule refuses 9 weeks before anything is sent; the error is on its field.
    await weeks.fill("9");
    await save.click();
    await expect(weeks).toHaveAccessibleDescription("Voer 1 tot 8 weke in.");
    await expectNoSeriousA11yViolations(page);
    await weeks.fill("2");

    await time.fill("10:30");
    await threshold.fill("60");
    await save.click();
    await expect(page.getByText("Die kantien se reëls is gestoor.")).toBeVisible();
    await expect(threshold).toHaveValue("60,00");

    await page.reload();
    await expect(time).toHaveValue("10:30");
    await expect(threshold).toHaveValue("60,00");
    expect((await (await page.request.get("/api/canteen-settings")).json()).data).toEqual({
      ...CANTEEN_RULES_DEFAULTS,
      cutoffTime: "10:30",
      lowBalanceThreshold: "60.00",
      version: expect.any(Number),
    });

    // The defaults back, as an admin would.
    await time.fill("09:00");
    await threshold.fill("50");
    await save.click();
    await expect(page.getByText("Die kantien se reëls is gestoor.")).toBeVisible();
    await expect(threshold).toHaveValue("50,00");
  } finally {
    // The other specs order under the default rules, whatever happened above.
    const answer = await page.request.put("/api/canteen-settings", { data: CANTEEN_RULES_DEFAULTS });
    expect(answer.ok()).toBe(true);
  }
});

for (const theme of ["dark", "light"] as const) {
  test(`/settings has no serious accessibility violations (${theme})`, async ({ page }) => {
    await openSettings(page, theme);
    await expect(page.getByRole("button", { name: "Stoor" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Stoor" }).click();
    await expect(page.getByText("Persoonlike instellings is gestoor.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
