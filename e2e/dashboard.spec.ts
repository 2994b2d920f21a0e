import type { DashboardSummary } from "@kantien/domain/dashboard";
import { formatRand } from "@kantien/domain/money";
import { canteenToday } from "./support/clock";
import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  type Page,
  saveSettings,
  signIn,
  test,
} from "./support/fixtures";

/** The kitchen's stages as both screens name them. */
const STAGES = ["Om te doen", "Besig", "Gereed", "Afgehaal"] as const;

async function summary(page: Page): Promise<DashboardSummary> {
  const response = await page.request.get("/api/dashboard");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: DashboardSummary }).data;
}

/** "Om te doen8" → 8: a stage's number on the dashboard's list of today's orders. */
async function stageCount(page: Page, stage: string): Promise<number> {
  const row = page
    .getByRole("list", { name: "Bestellings per stap" })
    .getByRole("listitem")
    .filter({ hasText: stage });
  return Number((await row.textContent())?.replace(stage, "").replace(/\s/g, ""));
}

test("today's numbers on the dashboard are the kitchen board's", async ({ page, placeOrderForToday }) => {
  await placeOrderForToday();
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Paneelbord", level: 1 })).toBeVisible();
  const { today } = await summary(page);
  expect(today.date).toBe(canteenToday());
  const toMake = page.getByRole("region", { name: "Nog te maak" });
  const portions = today.toMake.reduce((sum, dish) => sum + dish.portions, 0);
  await expect(toMake).toContainText(`${portions} porsies`);
  for (const dish of today.toMake) {
    await expect(toMake.getByRole("listitem").filter({ hasText: dish.itemName })).toContainText(
      `× ${dish.portions}`,
    );
  }
  const dashboard = Object.fromEntries(
    await Promise.all(STAGES.map(async (stage) => [stage, await stageCount(page, stage)] as const)),
  );
  expect(Object.values(dashboard).reduce((a, b) => a + b, 0)).toBe(today.orders.total);

  // The card leads to the board, which counts the same orders.
  await toMake.getByRole("link", { name: "Na die kombuisbord" }).click();
  await expect(page).toHaveURL(/\/kitchen$/);
  const board = page.getByRole("region", { name: "Opsomming" });
  for (const stage of STAGES) {
    await expect(board.getByRole("group", { name: stage })).toContainText(String(dashboard[stage]));
  }
  for (const dish of today.toMake) {
    await expect(
      page.getByRole("region", { name: "Porsies vandag" }).getByRole("group", { name: dish.itemName }),
    ).toBeVisible();
  }
});

test("an admin sees today's money and low balances, and each card leads to where one acts", async ({
  page,
  newCustomer,
}) => {
  await newCustomer({ firstName: "Nomsa", lastName: "Khumalo", balance: 10 });
  await signIn(page, DEMO.admin);
  const { money, lowBalances } = await summary(page);
  expect(money).not.toBeNull();
  const moneyCard = page.getByRole("region", { name: "Vandag ingebetaal" });
  await expect(moneyCard).toContainText(formatRand(money?.totalIn ?? "0").replace(/\s/g, " "));

  const low = page.getByRole("region", { name: "Lae saldo's" });
  expect(lowBalances.count).toBeGreaterThan(0);
  await expect(low).toContainText(String(lowBalances.count));
  await low.getByRole("link", { name: "Wys hulle" }).click();
  await expect(page).toHaveURL(/\/users\?tab=low$/);
  await expect(page.getByRole("tab", { name: "Lae saldo", selected: true })).toBeVisible();

  await page.goBack();
  await page
    .getByRole("region", { name: "Vandag ingebetaal" })
    .getByRole("link", { name: "Na Geld" })
    .click();
  await expect(page).toHaveURL(/\/money$/);
});

test("a new customer shows in the recent activity", async ({ page, newCustomer }) => {
  await signIn(page, DEMO.admin);
  const activity = page.getByRole("list", { name: "Onlangse aktiwiteit" }).getByRole("listitem");
  await expect(activity).toHaveCount(Math.min((await summary(page)).activity.length, 5));
  const customer = await newCustomer({ firstName: "Nomsa", lastName: "Khumalo", balance: 0 });
  await page.getByRole("button", { name: "Verfris paneelbord" }).click();
  const newest = activity.filter({ hasText: `Nomsa ${customer.lastName}` });
  await expect(newest).toContainText("Nuut");
  await expect(newest).toContainText("Net nou");
});

test("an admin's quick actions lead to their screens", async ({ page }) => {
  await signIn(page, DEMO.admin);
  const actions = page.getByRole("region", { name: "Kortpaaie" });
  await expect(actions.getByRole("link")).toHaveText([
    "Voeg personeel by",
    "Voeg 'n spyskaartitem by",
    "Bekyk bestellings",
    "Kombuisskerm",
    "Bestuur personeel",
    "Instellings",
  ]);
  await actions.getByRole("link", { name: "Bekyk bestellings" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { name: "Bestellingsopsomming", level: 1 })).toBeVisible();
});

test("staff see today's kitchen but no money, and only the quick actions they may use", async ({ page }) => {
  await signIn(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("region", { name: "Nog te maak" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Lae saldo's" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Vandag ingebetaal" })).toHaveCount(0);
  expect((await summary(page)).money).toBeNull();
  const actions = page.getByRole("region", { name: "Kortpaaie" });
  await expect(actions.getByRole("link")).toHaveText(["Kombuisskerm", "Bestuur personeel"]);
  await actions.getByRole("link", { name: "Kombuisskerm" }).click();
  await expect(page).toHaveURL(/\/kitchen$/);
});

test.describe("accessibility", () => {
  // axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });
  for (const theme of ["dark", "light"] as const) {
    test(`the dashboard has no serious accessibility violations (${theme})`, async ({ page }) => {
      await signIn(page, DEMO.admin, "/dashboard", { theme });
      await expect(page.getByRole("region", { name: "Nog te maak" })).toHaveAttribute("aria-busy", "false");
      await expect(page.getByRole("list", { name: "Onlangse aktiwiteit" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveSettings(page);
    });
  }
});
