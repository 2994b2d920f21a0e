import { DEMO } from "./support/env";
import {
  expect,
  type Locator,
  openScreen,
  type Page,
  saveSettings,
  signIn,
  test,
  transitionsSettled,
} from "./support/fixtures";

/** A phone and a portrait tablet (decision 0018): below 1024 px the side menu is a drawer. */
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 820, height: 1180 },
] as const;

/** Each back-office screen, its heading and the action a user comes for. */
const SCREENS: { path: string; heading: RegExp | string; action: (page: Page) => Locator }[] = [
  {
    path: "/dashboard",
    heading: "Paneelbord",
    action: (page) => page.getByRole("button", { name: "Verfris paneelbord" }),
  },
  {
    path: "/kitchen",
    heading: /daaglikse bestellingsoorsig/,
    action: (page) => page.getByRole("button", { name: "Begin" }).first(),
  },
  {
    path: "/weekly-orders",
    heading: "Weeklikse bestellings",
    action: (page) => page.getByRole("button", { name: "Verfris bestellings" }),
  },
  {
    path: "/menu",
    heading: "Weeklikse spyskaart",
    action: (page) => page.getByRole("button", { name: "Skep 'n weeklikse spyskaart" }),
  },
  {
    path: "/orders",
    heading: "Bestellingsopsomming",
    action: (page) => page.getByRole("button", { name: /^Bekyk bestelling #/ }).first(),
  },
  {
    path: "/money",
    heading: "Geld",
    action: (page) => page.getByRole("button", { name: "Kies 'n lêer" }),
  },
  {
    path: "/users",
    heading: "Bestuur gebruikers",
    action: (page) => page.getByRole("button", { name: /^Skrap / }).first(),
  },
  {
    path: "/staff",
    heading: "Bestuur personeel",
    action: (page) => page.getByRole("button", { name: /^Wysig / }).first(),
  },
  {
    path: "/canteen",
    heading: "Kantien",
    action: (page) => page.getByRole("button", { name: "Stoor kantienreëls" }),
  },
  {
    path: "/settings",
    heading: "Persoonlike instellings",
    action: (page) => page.getByRole("button", { name: "Stoor" }),
  },
];

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(clientWidth);
  // Nor does a table inside it: a column that only a sideways swipe shows, or that hides
  // under the sticky actions column, is as good as missing.
  const tooWide = await page.evaluate(() =>
    Array.from(document.querySelectorAll(".MuiTableContainer-root"))
      .filter((table) => table.scrollWidth > table.clientWidth + 1)
      .map((table) => table.querySelector("table")?.getAttribute("aria-label") ?? "a table"),
  );
  expect(tooWide, "tables that scroll sideways").toEqual([]);
}

/** In view, not hidden under the edge of a table that scrolls sideways. */
async function expectReachable(action: Locator) {
  await expect(action).toBeVisible();
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport({ ratio: 1 });
}

for (const size of SIZES) {
  test.describe(`on a ${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("every back-office screen fits the width and keeps its main action in reach", async ({ page }) => {
      // Ten screens, reached through the side menu's drawer.
      test.setTimeout(120_000);
      await signIn(page, DEMO.admin, "/dashboard", { theme: "light" });
      for (const screen of SCREENS) {
        await openScreen(page, screen.path);
        await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
        await expectReachable(screen.action(page));
        await expectNoSidewaysScroll(page);
      }
    });

    test("the side menu is a drawer behind the menu button that closes after navigating", async ({
      page,
    }) => {
      await signIn(page, DEMO.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("navigation", { name: "Hoofkieslys" })).toBeHidden();

      await page.getByRole("button", { name: "Maak die kieslys oop" }).click();
      const menu = page.getByRole("navigation", { name: "Hoofkieslys" });
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Bestellings", exact: true }).click();

      await expect(page).toHaveURL(/\/orders/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Bestellingsopsomming" })).toBeVisible();

      // Its first entry is not under the top bar: a click reaches it.
      await page.getByRole("button", { name: "Maak die kieslys oop" }).click();
      await menu.getByRole("link", { name: "Paneelbord" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("dialogs fit the screen, and a whole row opens its detail", async ({ page }) => {
      await signIn(page, DEMO.admin, "/users");

      await page.getByRole("button", { name: "Voeg gebruiker by" }).click();
      const add = page.getByRole("dialog", { name: "Voeg gebruiker by" });
      await transitionsSettled(page);
      // The form dialog opens in its first field.
      await expect(add.getByRole("textbox", { name: "Voornaam" })).toBeFocused();
      await expectReachable(add.getByRole("button", { name: "Stoor" }));
      const box = await add.boundingBox();
      if (size.width < 600) expect(box?.width).toBe(size.width);
      else expect(box?.width).toBeLessThanOrEqual(size.width);
      await expectNoSidewaysScroll(page);
      await add.getByRole("button", { name: "Kanselleer" }).click();
      await expect(add).toBeHidden();

      await page.goto("/orders");
      const table = page.getByRole("table", { name: "Bestellings in hierdie tydperk" });
      // The loading placeholders are rows too, hidden from assistive technology and opening
      // nothing: wait for the loaded page, and take the first row a person can reach.
      await expect(table).toHaveAttribute("aria-busy", "false");
      const firstRow = table.locator("tbody").getByRole("row").first();
      await expect(firstRow.getByRole("button", { name: /^Bekyk bestelling #/ })).toBeVisible();
      await firstRow.getByRole("cell").first().click();
      const detail = page.getByRole("dialog", { name: /^Bestelling #/ });
      await expect(detail).toBeVisible();
      await transitionsSettled(page);
      await expectNoSidewaysScroll(page);
      await page.keyboard.press("Escape");
      await expect(detail).toBeHidden();
    });
  });
}

test.describe("signed out, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of [
    "/login",
    "/signup",
    "/verify-email",
    "/setup-account",
    "/forgot-password",
    "/reset-password",
  ]) {
    test(`${path} fits the width`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  }
});

test.describe("keyboard", () => {
  test("the first Tab reaches a skip link to the page, and the focus ring shows on the blue top bar", async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, "/dashboard", { theme: "light" });
    await expect(page.getByRole("heading", { level: 1, name: "Paneelbord" })).toBeVisible();

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Gaan na die hoofinhoud" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    // The ring is 3 px and white on the #1976d2 bar (4.6:1).
    await page.getByRole("button", { name: "Skakel na donker modus" }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const toggle = page.getByRole("button", { name: "Skakel na donker modus" });
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveCSS("outline-style", "solid");
    await expect(toggle).toHaveCSS("outline-width", "3px");
    await expect(toggle).toHaveCSS("outline-color", "rgb(255, 255, 255)");
    await saveSettings(page);
  });
});
