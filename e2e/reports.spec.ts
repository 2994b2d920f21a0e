import fs from "node:fs";
import { canteenToday } from "./support/clock";
import { DEMO } from "./support/env";
import { expect, expectNoSeriousA11yViolations, saveSettings, signIn, test } from "./support/fixtures";
import { PT_PER_MM, readPdf } from "./support/pdf";

// axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

/** The day before `date` (`YYYY-MM-DD`). */
function dayBefore(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

test("an admin closes yesterday at /reports after a confirmation, and prints it on A4 with its hash", async ({
  page,
  api,
}) => {
  await signIn(page, DEMO.admin, "/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Verslae" }).click();
  await expect(page.getByRole("heading", { name: "Verslae", level: 1 })).toBeVisible();
  // Yesterday by the tests' clock: Monday 23 November 2026.
  await expect(page.getByRole("heading", { name: "Dagverslag vir Maandag 23 November 2026" })).toBeVisible();
  const proof = page.getByRole("table", { name: "Beursiebewys" });
  await expect(proof.getByRole("row", { name: /= Sluitsaldo/ })).toBeVisible();
  await expect(page.getByText(/^Klop ✓/)).toBeVisible();

  await page.getByRole("button", { name: "Sluit dag af" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Sluit Maandag 23 November 2026 af?" });
  await expect(dialog).toContainText("Die syfers van 'n afgeslote dag verander nooit weer nie");
  await dialog.getByRole("button", { name: "Sluit dag af" }).click();
  await expect(page.getByText(/^Afgesluit deur Anna Admin op/)).toBeVisible();
  const hash = (await page.locator("dd").first().textContent()) ?? "";
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const closes = page.getByRole("table", { name: "Afgeslote dae" });
  await expect(closes.getByRole("row", { name: /23 Nov\.? 2026/ })).toContainText("Klop");
  await expect(page.getByText("Die afsluitings se ketting is gebreek")).toBeHidden();

  // A closed day shows its frozen report after a reload, and a second close is refused by the server.
  await page.reload();
  await expect(page.getByText(/^Afgesluit deur Anna Admin op/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sluit dag af" })).toBeHidden();
  await api("POST", "/api/reports/day/2026-11-23/close", { data: {}, status: 409 });

  // On paper: the day alone, on A4, with its close and hash; no menu, no buttons.
  const pages = await readPdf(await page.pdf({ preferCSSPageSize: true }));
  expect(Math.round(pages[0]!.width / PT_PER_MM)).toBe(210);
  expect(Math.round(pages[0]!.height / PT_PER_MM)).toBe(297);
  const text = pages.map((pdfPage) => pdfPage.text).join(" ");
  expect(text).toContain("Dagverslag vir Maandag 23 November 2026");
  expect(text).toContain(hash);
  expect(text).toContain("Beursiebewys");
  expect(text).not.toContain("Weeklikse spyskaart");
  expect(text).not.toContain("Sluit dag af");
  expect(text).not.toContain("Laai CSV af");
});

test("today cannot be closed: the button says only a day that is over closes", async ({ page }) => {
  await signIn(page, DEMO.admin, `/reports?date=${canteenToday()}`);
  await expect(page.getByRole("button", { name: "Sluit dag af" })).toBeDisabled();
  await expect(page.getByText("Net 'n dag wat verby is, kan afgesluit word.")).toBeVisible();
});

test("the sales view keeps its place on a reload, draws its charts with tables behind them, and exports CSV in Afrikaans", async ({
  page,
}) => {
  await signIn(page, DEMO.admin, `/reports?date=${dayBefore(canteenToday())}`);
  await page.getByRole("tab", { name: "Verkope" }).click();
  await expect(page).toHaveURL(/view=sales/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Verkope" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("img", { name: "Staafgrafiek: verkope in rand per week" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Lyngrafiek: die geld in al die beursies/ })).toBeVisible();

  const show = page.getByRole("button", { name: "Wys tabel" }).first();
  await show.focus();
  await page.keyboard.press("Enter");
  const table = page.getByRole("table", { name: "Verkope per tydperk" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: /^Totaal/ })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Laai CSV af" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^verkope-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await file.path())!, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv).toContain('"Verkope per tydperk"\r\n"Week","Bestellings","Porsies","Bedrag"\r\n');
  // Amounts with a decimal comma, as an Afrikaans spreadsheet reads them.
  expect(csv).toMatch(/"Totaal","\d+","\d+","\d+,\d{2}"/);

  await page.getByRole("button", { name: "Maand" }).click();
  await expect(page).toHaveURL(/groupBy=month/);
  await expect(page.getByRole("img", { name: "Staafgrafiek: verkope in rand per maand" })).toBeVisible();
});

test("the money held view names what the wallets hold, by age", async ({ page }) => {
  await signIn(page, DEMO.admin, "/reports?view=held");
  await expect(page.getByText(/^R\s[\d\s]+,\d{2} in die beursies van \d+ klante?\.$/)).toBeVisible();
  const byAge = page.getByRole("table", { name: "Volgens laaste beweging" });
  for (const age of ["0–30 dae", "31–90 dae", "91–365 dae", "Meer as 365 dae"]) {
    await expect(byAge.getByRole("row", { name: new RegExp(age) })).toBeVisible();
  }
});

test("a cook is sent away from /reports", async ({ page }) => {
  await signIn(page, DEMO.staff, "/reports");
  await expect(page).toHaveURL(/\/kitchen$/);
});

test.describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [390, 1400]) {
      test(`every report view has no serious accessibility violations (${theme}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await signIn(page, DEMO.admin, "/reports", { theme });
        try {
          await expect(page.getByRole("table", { name: "Beursiebewys" })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.getByRole("tab", { name: "Verkope" }).click();
          await expect(page.getByRole("img", { name: /verkope in rand per week/ })).toBeVisible();
          await page.getByRole("button", { name: "Wys tabel" }).first().click();
          await expectNoSeriousA11yViolations(page);
          await page.getByRole("tab", { name: "Geld in beursies" }).click();
          await expect(page.getByRole("table", { name: "Volgens laaste beweging" })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          // Nothing on a phone is wider than the screen but a table's own scrolling.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
        } finally {
          await saveSettings(page);
        }
      });
    }
  }
});
