import fs from "node:fs";
import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  type Page,
  saveSettings,
  signIn,
  test,
} from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mailbox";

/* A customer's allergies with consent (docs/decisions/0041-allergens-from-dish-to-counter.md), at phone size. */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, bypassCSP: true });

/**
 * A student of their own, signed up and verified through the API: no guardian keeps their
 * allergies (the demo student's parents do, docs/decisions/0068-who-eats-and-who-pays.md).
 */
async function ownStudent(page: Page) {
  const email = `leerder.${Date.now().toString(36)}@kantien.example`;
  const password = "allergie-toets-1";
  const signup = await page.request.post("/api/auth/signup", {
    data: { first_name: "Lerato", last_name: "Toets", email, role_id: 1, password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = new URL(linkIn(await waitForMail(email), "/verify-email")).searchParams.get("token");
  const verified = await page.request.post("/api/auth/verify-email", { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { email, password };
}

const allergySection = (page: Page) => page.getByRole("region", { name: "Allergieë en dieet" });
const peanutSeverity = (page: Page) =>
  allergySection(page).getByRole("combobox", { name: "Grondboontjies: hoe reageer jy?" });

test("a student gives consent, declares a severe peanut allergy, downloads their data and withdraws", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const student = await ownStudent(page);
  await signIn(page, student, "/my/profile", { customer: true });
  const section = allergySection(page);
  await expect(section).toContainText("Ek gee toestemming dat die kantien my allergieë stoor");
  await expect(peanutSeverity(page)).toBeDisabled();

  await section.getByRole("checkbox", { name: "Ek gee toestemming" }).check();
  await peanutSeverity(page).selectOption({ label: "Ernstig (anafilakse)" });
  await section.getByRole("button", { name: "Stoor" }).click();
  await expect(page.getByText("Jou profiel is gestoor.")).toBeVisible();

  // Stored on the server: a reload shows it, with the consent's date and version.
  await page.reload();
  await expect(peanutSeverity(page)).toHaveValue("severe");
  await expect(section).toContainText(/Toestemming gegee op .* \(weergawe \d{4}-\d{2}-\d{2}\)\./);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Laai my data af" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kantien-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(data).toMatchObject({
    profile: { email: student.email },
    allergies: [{ code: "peanuts", severity: "severe" }],
    allergyConsent: { recordedBy: null },
  });

  await section.getByRole("button", { name: "Trek toestemming terug" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Trek toestemming terug?" });
  await expect(dialog).toContainText("Jou allergieë word dadelik uitgevee");
  await dialog.getByRole("button", { name: "Trek terug en vee uit" }).click();
  await expect(page.getByText("Jou toestemming is teruggetrek en jou allergieë is uitgevee.")).toBeVisible();
  await page.reload();
  await expect(peanutSeverity(page)).toHaveValue("");
  await expect(peanutSeverity(page)).toBeDisabled();
  await expect(section.getByRole("checkbox", { name: "Ek gee toestemming" })).not.toBeChecked();
});

for (const theme of ["light", "dark"] as const) {
  test(`the allergies pass axe in the ${theme} theme, on the profile and on the customer's detail`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, DEMO.allergic, "/my/profile", { customer: true, theme });
    await expect(peanutSeverity(page)).toHaveValue("severe");
    await expectNoSeriousA11yViolations(page);

    const admin = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      baseURL,
      colorScheme: theme,
    });
    const adminPage = await admin.newPage();
    try {
      await signIn(adminPage, DEMO.admin, "/users", { theme });
      await adminPage.getByRole("searchbox").fill("Pienaar");
      await adminPage.getByRole("button", { name: "Bekyk Pieter Pienaar" }).click();
      const detail = adminPage.getByRole("dialog", { name: "Pieter Pienaar" });
      await detail.getByRole("button", { name: "Wys allergieë en dieet" }).click();
      await expect(detail.getByText("Grondboontjies: Ernstig (anafilakse)")).toBeVisible();
      await expectNoSeriousA11yViolations(adminPage);
      await saveSettings(adminPage);
    } finally {
      await admin.close();
    }
  });
}
