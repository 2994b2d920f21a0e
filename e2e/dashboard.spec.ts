import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  type Page,
  saveSettings,
  signIn,
  test,
} from "./support/fixtures";

type Counts = {
  totalOrders: number;
  pendingOrders: number;
  activeUsers: number;
  staff: number;
  menuItems: number;
  weeklyMenus: number;
};
type Summary = { counts: Counts; activity: { id: string; type: string; title: string }[] };

const CARDS: [keyof Counts, string][] = [
  ["totalOrders", "Totale bestellings"],
  ["pendingOrders", "Bestellings om te doen"],
  ["activeUsers", "Aktiewe gebruikers"],
  ["staff", "Personeel"],
  ["menuItems", "Spyskaartitems"],
  ["weeklyMenus", "Weeklikse spyskaarte"],
];

const count = (n: number) => new Intl.NumberFormat("en-ZA").format(n).replace(/\s/g, " ");

async function summary(page: Page): Promise<Summary> {
  const response = await page.request.get("/api/dashboard");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Summary }).data;
}

/** How many rows a list endpoint says match, read from its `total`. */
async function total(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

async function expectCards(page: Page, counts: Counts) {
  for (const [key, name] of CARDS) {
    await expect(page.getByRole("article", { name })).toContainText(count(counts[key]));
  }
}

test("the dashboard's counts match the data, and a new customer shows in them and in the activity", async ({
  page,
  newCustomer,
}) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Paneelbord", level: 1 })).toBeVisible();
  const before = await summary(page);
  await expectCards(page, before.counts);

  // The same numbers as the lists the other screens show.
  expect(before.counts.totalOrders).toBe(await total(page, "/api/admin/data/order?limit=1"));
  // Waiting for the kitchen: pending, and paid but not begun (decision 0022).
  expect(before.counts.pendingOrders).toBe(
    (await total(page, "/api/admin/data/order?status=pending&limit=1")) +
      (await total(page, "/api/admin/data/order?status=paid&limit=1")),
  );
  expect(before.counts.activeUsers).toBe(await total(page, "/api/customers?limit=1"));
  expect(before.counts.staff).toBe(await total(page, "/api/staff-members?limit=1"));
  expect(before.counts.menuItems).toBe(await total(page, "/api/admin/data/food_item?limit=1"));
  expect(before.counts.weeklyMenus).toBe(await total(page, "/api/admin/data/weekly_menu?limit=1"));

  // At most five entries, each with its chip and time.
  const activity = page.getByRole("list", { name: "Onlangse aktiwiteit" }).getByRole("listitem");
  await expect(activity).toHaveCount(Math.min(before.activity.length, 5));

  const customer = await newCustomer({ firstName: "Nomsa", lastName: "Khumalo", balance: 0 });

  await page.getByRole("button", { name: "Verfris paneelbord" }).click();
  await expect(page.getByRole("article", { name: "Aktiewe gebruikers" })).toContainText(
    count(before.counts.activeUsers + 1),
  );
  const after = await summary(page);
  await expectCards(page, after.counts);
  const newest = activity.filter({ hasText: `Nomsa ${customer.lastName}` });
  await expect(newest).toContainText("Nuut");
  await expect(newest).toContainText("Net nou");
});

test("an admin's quick actions lead to their screens", async ({ page }) => {
  await signIn(page, DEMO.admin);
  const actions = page.getByRole("region", { name: "Vinnige aksies" });
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

test("staff see only the quick actions they may use", async ({ page }) => {
  await signIn(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard$/);
  const actions = page.getByRole("region", { name: "Vinnige aksies" });
  await expect(actions.getByRole("link")).toHaveText(["Kombuisskerm", "Bestuur personeel"]);
  // The counts come to staff too.
  await expectCards(page, (await summary(page)).counts);
  await actions.getByRole("link", { name: "Kombuisskerm" }).click();
  await expect(page).toHaveURL(/\/kitchen$/);
});

/** The page background of each theme (#121212 dark, #f8f9ff light), to be sure the theme under test is shown. */

test.describe("accessibility", () => {
  // axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });
  for (const theme of ["dark", "light"] as const) {
    test(`the dashboard has no serious accessibility violations (${theme})`, async ({ page }) => {
      await signIn(page, DEMO.admin, "/dashboard", { theme });
      await expect(page.getByRole("list", { name: "Onlangse aktiwiteit" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveSettings(page);
    });
  }
});
