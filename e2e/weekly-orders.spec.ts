import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  type Page,
  saveSettings,
  signIn,
  type ThemeName,
  test,
} from "./support/fixtures";

type WeekAnswer = {
  weekStart: string;
  days: {
    date: string;
    orders: { id: string; status: string }[];
    prep: { itemName: string; quantity: number }[];
  }[];
};

/** Opens the screen from the menu; answers the week it showed first, as the server sent it. */
async function openWeeklyOrders(page: Page, theme?: ThemeName): Promise<WeekAnswer> {
  await signIn(page, DEMO.admin, "/dashboard", { theme });
  await expect(page).toHaveURL(/\/dashboard$/);
  const firstWeek = page.waitForResponse((r) => r.url().includes("/api/weekly-orders?weekStart="));
  await page.getByRole("link", { name: "Weeklikse bestellings" }).click();
  await expect(page.getByRole("heading", { name: "Weeklikse bestellings", level: 1 })).toBeVisible();
  return ((await (await firstWeek).json()) as { data: WeekAnswer }).data;
}

/** The server's week, to compare the screen with. */
async function weekFromApi(page: Page, weekStart: string): Promise<WeekAnswer> {
  const response = await page.request.get(`/api/weekly-orders?weekStart=${weekStart}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: WeekAnswer }).data;
}

/** Each day card shows as many orders as the server has, and the day's prep sheet. */
async function expectWeekShown(page: Page, week: WeekAnswer) {
  const cards = page.getByRole("region");
  await expect(cards).toHaveCount(5);
  for (const [i, day] of week.days.entries()) {
    const card = cards.nth(i);
    const count = day.orders.length;
    // The day's count leaves out cancelled and failed orders, as the board counts; the list shows them all.
    const made = day.orders.filter(
      (order) => order.status !== "cancelled" && order.status !== "failed",
    ).length;
    await expect(card).toContainText(made === 1 ? "1 bestelling" : `${made} bestellings`);
    if (count === 0) {
      await expect(card).toContainText("Geen bestellings vir hierdie dag nie");
      continue;
    }
    await expect(card.getByRole("list").first().getByRole("listitem")).toHaveCount(count);
    for (const line of day.prep) {
      await expect(card).toContainText(`${line.itemName} — ${line.quantity}`);
    }
  }
}

test("staff move between weeks and see each day's orders and what to prepare", async ({ page }) => {
  const thisWeek = await openWeeklyOrders(page);
  // The demo fills this week and next with orders on every school day.
  expect(thisWeek.days.some((d) => d.orders.length > 0)).toBe(true);
  await expectWeekShown(page, thisWeek);

  await page.getByRole("button", { name: "Volgende week" }).click();
  await expect(page).toHaveURL(/\?week=\d{4}-\d{2}-\d{2}$/);
  const nextStart = new URL(page.url()).searchParams.get("week")!;
  expect(nextStart > thisWeek.weekStart).toBe(true);
  const nextWeek = await weekFromApi(page, nextStart);
  expect(nextWeek.days.every((d) => d.orders.length > 0)).toBe(true);
  await expectWeekShown(page, nextWeek);

  // A week without orders says so on every day.
  await page.getByRole("button", { name: "Volgende week" }).click();
  await expect(page.getByRole("region").first()).toContainText("Geen bestellings vir hierdie dag nie");
  await expect(page.getByRole("region").getByText("Geen bestellings vir hierdie dag nie")).toHaveCount(5);

  await page.getByRole("button", { name: "Vorige week" }).click();
  await page.getByRole("button", { name: "Vorige week" }).click();
  await expectWeekShown(page, thisWeek);

  // The refresh button fetches the week again.
  const refetch = page.waitForResponse((r) => r.url().includes("/api/weekly-orders?weekStart="));
  await page.getByRole("button", { name: "Verfris bestellings" }).click();
  expect((await refetch).ok()).toBe(true);
});

for (const size of [
  { width: 1400, height: 900 },
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("each day's order count stays in its card and its date on one line", async ({ page }) => {
      // The side menu is a drawer on the smaller screens: go by the address.
      await signIn(page, DEMO.admin, "/weekly-orders");
      const days = page.getByRole("region");
      await expect(days).toHaveCount(5);
      await expect(days.first().getByText(/\d+ bestellings?$/)).toBeVisible();
      for (const day of await days.all()) {
        const card = await day.boundingBox();
        const chip = await day.locator(".MuiChip-root").first().boundingBox();
        expect(card && chip).toBeTruthy();
        if (!card || !chip) continue;
        expect(chip.x).toBeGreaterThanOrEqual(card.x);
        expect(chip.x + chip.width).toBeLessThanOrEqual(card.x + card.width);
        // The heading's date ("23 November") is a single line of its small text.
        const date = day.getByRole("heading", { level: 2 }).locator("span");
        const lineHeight = await date.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
        expect((await date.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
      }
    });
  });
}

test.describe("accessibility", () => {
  // axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });
  for (const theme of ["dark", "light"] as const) {
    test(`the weekly orders screen has no serious accessibility violations (${theme})`, async ({ page }) => {
      await openWeeklyOrders(page, theme);
      await page.getByRole("button", { name: "Volgende week" }).click();
      await expect(page.getByRole("region").first().getByRole("listitem").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveSettings(page);
    });
  }
});
