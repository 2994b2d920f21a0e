import { DEMO } from "./support/env";
import { expect, type Page, signInWithForm, THEME_BACKGROUND, test } from "./support/fixtures";

const ADMIN_MENU = [
  "Paneelbord",
  "Weeklikse bestellings",
  "Weeklikse spyskaart",
  "Bestellings",
  "Geld",
  "Verslae",
  "Gebruikers",
  "Personeel",
  "Kantien",
  "Instellings",
];
// The weekly view joins the cook's menu (decision 0025).
const STAFF_MENU = ["Paneelbord", "Kombuis", "Weeklikse bestellings", "Gebruikers", "Personeel"];

async function menuEntries(page: Page) {
  const menu = page.getByRole("navigation", { name: "Hoofkieslys" });
  await expect(menu).toBeVisible();
  return (await menu.getByRole("link").allInnerTexts()).map((s) => s.trim());
}

test("an admin lands on the dashboard with the admin menu", async ({ page }) => {
  await signInWithForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paneelbord" })).toBeVisible();
  expect(await menuEntries(page)).toEqual(ADMIN_MENU);
  await expect(page.getByRole("banner").getByText("Anna Admin")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Kantien-admin")).toBeVisible();
});

test("a cook lands on the dashboard with the staff menu and may not open admin screens", async ({ page }) => {
  await signInWithForm(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await menuEntries(page)).toEqual(STAFF_MENU);
  await page.goto("/menu");
  await expect(page).toHaveURL(/\/kitchen$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/kitchen$/);
});

test("a student gets the access-denied dialog and no session", async ({ page }) => {
  await signInWithForm(page, DEMO.student);
  const dialog = page.getByRole("alertdialog", { name: "Toegang geweier" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Sanet Student");
  await expect(dialog).toContainText("student@kantien.example");
  await expect(dialog).toContainText("Student");
  await expect(dialog).toContainText("Hierdie aantekenblad is net vir die kantien se personeel.");
  await expect(dialog).not.toContainText(/rol(-ID)? ?\d/i);
  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(401);
  await page.goto("/kitchen");
  await expect(page).toHaveURL(/\/login$/);
});

test("the guards send a visitor who is not signed in to the login screen", async ({ page }) => {
  for (const path of ["/", "/dashboard", "/kitchen", "/menu", "/nowhere"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("a wrong password shows the server's message", async ({ page }) => {
  await signInWithForm(page, { email: DEMO.staff.email, password: "verkeerd!" });
  await expect(page.getByText("E-pos of wagwoord is verkeerd.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the theme toggle switches light and dark and remembers it; logout ends the session", async ({
  page,
}) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // Until a choice is known, the device's own scheme (decision 0040): first the shell before the
  // scripts, then the app.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/login");
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  await page.unroute(/\/assets\/.*\.js$/);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Teken in" })).toBeVisible();
  expect(await background()).toBe(THEME_BACKGROUND.dark);
  await page.emulateMedia({ colorScheme: "light" });
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  await page.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Teken in" })).toBeVisible();
  expect(await background()).toBe(THEME_BACKGROUND.light);
  await signInWithForm(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in, the user's saved theme shows: light, the settings' default.
  await expect.poll(background).toBe(THEME_BACKGROUND.light);

  await page.getByRole("button", { name: "Skakel na donker modus" }).click();
  await expect.poll(background).toBe(THEME_BACKGROUND.dark);
  expect(await page.evaluate(() => localStorage.getItem("themeMode"))).toBe("dark");
  // The switch saves the choice in the user's settings, so every device shows it.
  await expect
    .poll(async () => (await (await page.request.get("/api/settings")).json()).settings.theme)
    .toBe("dark");
  await page.reload();
  await expect(page.getByRole("button", { name: "Skakel na ligte modus" })).toBeVisible();
  await page.getByRole("button", { name: "Skakel na ligte modus" }).click();
  await expect.poll(background).toBe(THEME_BACKGROUND.light);

  await page.getByRole("button", { name: "Teken uit" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
