import path from "node:path";
import { DEMO } from "./support/env";
import {
  dateField,
  dateFieldValue,
  expect,
  expectNoSeriousA11yViolations,
  fillDate,
  type Locator,
  type Page,
  saveSettings,
  signIn,
  type ThemeName,
  test,
} from "./support/fixtures";

const DISH_JPEG = path.join(import.meta.dirname, "fixtures/dish.jpg");

/** `YYYY-MM-DD` plus `days`, on the calendar (no time zone involved). */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dayCard = (page: Page, day: string) => page.getByRole("region", { name: day });

async function openMenu(page: Page, theme?: ThemeName) {
  await signIn(page, DEMO.admin, "/dashboard", { theme });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: "Weeklikse spyskaart" }).click();
  await expect(page.getByRole("heading", { name: "Weeklikse spyskaart", level: 1 })).toBeVisible();
}

const UNCHECKED = "Allergene nie nagegaan nie";

/** One allergen's choice in the food-item dialog: its row is a group named by the allergen. */
const allergenChoice = (dialog: Locator, allergen: string, choice: "Bevat" | "Kan bevat" | "Geen") =>
  dialog
    .getByRole("group", { name: allergen, exact: true })
    .getByRole("button", { name: choice, exact: true });

/** Fills the add/edit dialog's text fields. */
async function fillItem(dialog: Locator, item: { name: string; description: string; price: string }) {
  await dialog.getByLabel("Naam").fill(item.name);
  await dialog.getByLabel("Beskrywing").fill(item.description);
  await dialog.getByLabel("Prys").fill(item.price);
}

test("an admin creates next week's menu, fills its five days with one uploaded image, declares and confirms a dish's allergens, replaces one and deletes one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openMenu(page);

  // The dialog proposes the Monday after the latest menu and checks the rules before sending.
  await page.getByRole("button", { name: "Skep 'n weeklikse spyskaart" }).click();
  const create = page.getByRole("dialog", { name: "Skep 'n weeklikse spyskaart" });
  await expect(create).toContainText("Let wel: 'n weeklikse spyskaart dek presies 5 dae");
  const proposedFrom = await dateFieldValue(create, "Begindatum");
  expect(await dateFieldValue(create, "Einddatum")).toBe(plusDays(proposedFrom, 4));
  expect(new Date(`${proposedFrom}T00:00:00Z`).getUTCDay()).toBe(1);

  await fillDate(create, "Begindatum", plusDays(proposedFrom, 1));
  await fillDate(create, "Einddatum", plusDays(proposedFrom, 5));
  await create.getByRole("button", { name: "Skep spyskaart" }).click();
  await expect(dateField(create, "Begindatum")).toHaveAccessibleDescription(
    "'n Weeklikse spyskaart moet op 'n Maandag begin",
  );

  await fillDate(create, "Begindatum", proposedFrom);
  await fillDate(create, "Einddatum", plusDays(proposedFrom, -3));
  await create.getByRole("button", { name: "Skep spyskaart" }).click();
  await expect(create.getByText("Die einddatum moet ná die begindatum wees")).toBeVisible();

  await fillDate(create, "Einddatum", plusDays(proposedFrom, 4));
  await create.getByRole("button", { name: "Skep spyskaart" }).click();
  await expect(create).toBeHidden();
  await expect(
    page.getByRole("alert").filter({ hasText: /^Weeklikse spyskaart .* geskep\.$/ }),
  ).toBeVisible();

  // The new week is shown, labelled future, and its five days wait for items.
  await expect(page.getByRole("heading", { level: 2, name: /^Week \d+ · / })).toBeVisible();
  await expect(page.getByText("Toekoms", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu\\?week=${proposedFrom}$`));
  for (const day of ["Maandag", "Dinsdag", "Woensdag", "Donderdag", "Vrydag"]) {
    await expect(dayCard(page, day)).toContainText("Nog niks op die spyskaart vir hierdie dag nie");
  }

  // Monday: the required-fields message, a file that is no image, then an uploaded photo.
  await dayCard(page, "Maandag").getByRole("button", { name: "Voeg 'n item vir Maandag by" }).click();
  let dialog = page.getByRole("dialog", { name: "Voeg 'n item by" });
  await dialog.getByRole("button", { name: "Stoor" }).click();
  await expect(dialog).toContainText(
    "Vul asseblief al die verpligte velde in: naam, beskrywing, prys en weekdag",
  );
  // One photo control: a chosen file goes up at once.
  const photo = dialog.getByRole("group", { name: "Foto" });
  await photo.locator('input[type="file"]').setInputFiles({
    name: "spyskaart.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Hierdie is teks, nie 'n beeld nie."),
  });
  await expect(photo).toContainText("Oplaai het misluk");

  await photo.locator('input[type="file"]').setInputFiles(DISH_JPEG);
  const preview = photo.getByRole("img", { name: "Voorskou van die foto" });
  await expect(preview).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.webp$/);
  await expect(photo.getByRole("button", { name: "Verwyder foto" })).toBeVisible();
  const imageUrl = (await preview.getAttribute("src")) ?? "";
  // The price as people type it, with a decimal comma.
  await fillItem(dialog, { name: "Bobotie", description: "Met geelrys en blatjang", price: "42,50" });
  // Its allergens, one choice per allergen, a diet tag, and the admin confirms the declaration.
  await allergenChoice(dialog, "Gluten", "Bevat").click();
  await allergenChoice(dialog, "Eiers", "Bevat").click();
  await allergenChoice(dialog, "Melk", "Kan bevat").click();
  await expect(allergenChoice(dialog, "Melk", "Kan bevat")).toHaveAttribute("aria-pressed", "true");
  await dialog.getByRole("checkbox", { name: "Halaal" }).check();
  const allergensChecked = dialog.getByRole("checkbox", { name: "Allergene nagegaan" });
  await expect(allergensChecked).not.toBeChecked();
  await expect(dialog).toContainText("Nog nie nagegaan nie.");
  await allergensChecked.check();
  await dialog.getByRole("button", { name: "Stoor" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("alert").filter({ hasText: "Bobotie is bygevoeg." })).toBeVisible();

  const monday = dayCard(page, "Maandag");
  await expect(monday).toContainText("Bevat: gluten, eiers; kan bevat: melk");
  await expect(monday).not.toContainText(UNCHECKED);
  await expect(monday).toContainText("Bobotie");
  await expect(monday).toContainText("R 42,50");
  const image = monday.getByRole("img", { name: "Bobotie" });
  // The card loads the 400 px thumbnail the server made beside the image.
  await expect(image).toHaveAttribute("src", imageUrl.replace(/\.webp$/, "-thumb.webp"));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(400);

  // The other four days; a day that has an item is marked and cannot be chosen again.
  const dishes = [
    { day: "Dinsdag", name: "Hoender-pasta", description: "Romerige pasta met hoender", price: "39.00" },
    { day: "Woensdag", name: "Groente-kerrie", description: "Met rys en sambals", price: "36.00" },
    { day: "Donderdag", name: "Vis en skyfies", description: "Gebakte hake met skyfies", price: "45.00" },
    { day: "Vrydag", name: "Pizza", description: "Tamatie, kaas en basiliekruid", price: "47.50" },
  ];
  for (const dish of dishes) {
    await dayCard(page, dish.day)
      .getByRole("button", { name: `Voeg 'n item vir ${dish.day} by` })
      .click();
    dialog = page.getByRole("dialog", { name: "Voeg 'n item by" });
    await fillItem(dialog, dish);
    if (dish.day === "Dinsdag") {
      await dialog.getByRole("combobox", { name: "Weekdag" }).click();
      await expect(page.getByRole("option", { name: "Maandag — Het reeds 'n item" })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await page.getByRole("option", { name: "Dinsdag" }).click();
      await dialog.locator('input[type="file"]').setInputFiles(DISH_JPEG);
      await expect(dialog.getByRole("img", { name: "Voorskou van die foto" })).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Stoor" }).click();
    await expect(dialog).toBeHidden();
    await expect(dayCard(page, dish.day)).toContainText(dish.name);
    await expect(page.getByRole("alert").filter({ hasText: `${dish.name} is bygevoeg.` })).toBeVisible();
  }
  // At a glance: the days whose declaration nobody checked.
  await expect(dayCard(page, "Dinsdag")).toContainText(UNCHECKED);
  await expect(dayCard(page, "Dinsdag").getByRole("img", { name: "Hoender-pasta" })).toHaveAttribute(
    "src",
    /^\/uploads\/[0-9a-f]{32}-thumb\.webp$/,
  );

  // Replace Wednesday's item: the dialog asks first, then the new item takes its place.
  await dayCard(page, "Woensdag").getByRole("button", { name: "Meer aksies vir Groente-kerrie" }).click();
  await page.getByRole("menuitem", { name: "Vervang met 'n ander gereg" }).click();
  dialog = page.getByRole("dialog", { name: "Vervang item" });
  await fillItem(dialog, { name: "Lensie-bredie", description: "Met roosterbrood", price: "34.00" });
  await dialog.getByRole("button", { name: "Stoor" }).click();
  const confirmReplace = page.getByRole("alertdialog");
  await expect(confirmReplace).toContainText('Woensdag het reeds "Groente-kerrie". Wil jy dit vervang?');
  await confirmReplace.getByRole("button", { name: "Vervang" }).click();
  await expect(dayCard(page, "Woensdag")).toContainText("Lensie-bredie");
  await expect(dayCard(page, "Woensdag")).not.toContainText("Groente-kerrie");

  // Delete Friday's item after confirming.
  await dayCard(page, "Vrydag").getByRole("button", { name: "Meer aksies vir Pizza" }).click();
  await page.getByRole("menuitem", { name: "Skrap" }).click();
  const confirmDelete = page.getByRole("alertdialog");
  await expect(confirmDelete).toContainText("Is jy seker jy wil hierdie item skrap?");
  await confirmDelete.getByRole("button", { name: "Skrap" }).click();
  await expect(dayCard(page, "Vrydag")).toContainText("Nog niks op die spyskaart vir hierdie dag nie");
  await expect(page.getByRole("alert").filter({ hasText: "Pizza is geskrap." })).toBeVisible();

  // Everything came from the server: a reload shows the same week.
  await page.reload();
  await expect(dayCard(page, "Maandag")).toContainText("Bobotie");
  await expect(dayCard(page, "Woensdag")).toContainText("Lensie-bredie");
  await expect(dayCard(page, "Vrydag")).toContainText("Nog niks op die spyskaart vir hierdie dag nie");

  // The week after: no menu yet; "Kopieer verlede week" names both weeks and the four dishes.
  const filledWeek = (await page.getByRole("heading", { level: 2, name: /^Week / }).textContent()) ?? "";
  await page.getByRole("button", { name: "Volgende week" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu\\?week=${plusDays(proposedFrom, 7)}$`));
  await expect(page.getByText("Geen spyskaart vir hierdie week nie")).toBeVisible();
  const nextWeek = (await page.getByRole("heading", { level: 2, name: /^Week / }).textContent()) ?? "";
  await page.getByRole("button", { name: "Kopieer verlede week" }).click();
  const confirmCopy = page.getByRole("alertdialog", { name: "Kopieer verlede week?" });
  await expect(confirmCopy).toContainText(`Kopieer 4 geregte van ${filledWeek} na ${nextWeek}?`);
  await confirmCopy.getByRole("button", { name: "Kopieer" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `4 geregte na ${nextWeek} gekopieer.` }),
  ).toBeVisible();
  await expect(dayCard(page, "Maandag")).toContainText("Bobotie");
  await expect(dayCard(page, "Maandag")).toContainText("R 42,50");
  await expect(dayCard(page, "Maandag").getByRole("img", { name: "Bobotie" })).toBeVisible();
  // The copy keeps the declaration and its check.
  await expect(dayCard(page, "Maandag")).toContainText("Bevat: gluten, eiers; kan bevat: melk");
  await expect(dayCard(page, "Maandag")).not.toContainText(UNCHECKED);
  await expect(dayCard(page, "Woensdag")).toContainText("Lensie-bredie");
  await expect(dayCard(page, "Vrydag")).toContainText("Nog niks op die spyskaart vir hierdie dag nie");
  // A second copy is refused: the week has dishes now.
  await page.getByRole("button", { name: "Kopieer verlede week" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Hierdie week het reeds geregte." })).toBeVisible();

  // Editing shows the price as the app writes it.
  await dayCard(page, "Maandag").getByRole("button", { name: "Wysig Bobotie" }).click();
  dialog = page.getByRole("dialog", { name: "Wysig Item" });
  await expect(dialog.getByLabel("Prys")).toHaveValue("42,50");
  // Who checked the declaration and when; a new name clears the check until an admin confirms again.
  const check = dialog.getByRole("checkbox", { name: "Allergene nagegaan" });
  await expect(check).toBeChecked();
  await expect(dialog).toContainText(/Nagegaan deur Anna Admin op \d{1,2} \S+ \d{4}\./);
  await expect(allergenChoice(dialog, "Melk", "Kan bevat")).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("checkbox", { name: "Halaal" })).toBeChecked();
  await dialog.getByLabel("Naam").fill("Bobotie met rys");
  await expect(check).not.toBeChecked();
  await expect(dialog).toContainText(
    "Die naam, beskrywing of allergene het verander: gaan die allergene weer na.",
  );
  await dialog.getByRole("button", { name: "Stoor" }).click();
  await expect(dialog).toBeHidden();
  await expect(dayCard(page, "Maandag")).toContainText(UNCHECKED);
  await dayCard(page, "Maandag").getByRole("button", { name: "Wysig Bobotie met rys" }).click();
  dialog = page.getByRole("dialog", { name: "Wysig Item" });
  await expect(dialog).toContainText("Nog nie nagegaan nie.");
  await dialog.getByRole("checkbox", { name: "Allergene nagegaan" }).check();
  await dialog.getByRole("button", { name: "Stoor" }).click();
  await expect(dialog).toBeHidden();
  await expect(dayCard(page, "Maandag")).not.toContainText(UNCHECKED);

  // This week is one click away.
  await page.getByRole("button", { name: "Hierdie week" }).click();
  await expect(page.getByRole("button", { name: "Hierdie week" })).toBeDisabled();
});

test("creating a week that already exists is refused with its own message", async ({ page }) => {
  await openMenu(page);
  const weeks = (await (await page.request.get("/api/admin/data/weekly_menu?limit=500")).json()) as {
    data: { date_from: string; date_to: string }[];
  };
  // The latest week starts in the future, so only the duplicate rule can refuse it.
  const existing = weeks.data.reduce((a, b) => (a.date_from > b.date_from ? a : b));
  await page.getByRole("button", { name: "Skep 'n weeklikse spyskaart" }).click();
  const create = page.getByRole("dialog", { name: "Skep 'n weeklikse spyskaart" });
  await fillDate(create, "Begindatum", existing.date_from);
  await fillDate(create, "Einddatum", existing.date_to);
  await create.getByRole("button", { name: "Skep spyskaart" }).click();
  await expect(
    create.getByText(
      "'n Weeklikse spyskaart met hierdie presiese datums bestaan reeds. Kies asseblief ander datums.",
    ),
  ).toBeVisible();
  await create.getByRole("button", { name: "Kanselleer" }).click();
  await expect(create).toBeHidden();
});

test.describe("accessibility", () => {
  // axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });
  for (const theme of ["dark", "light"] as const) {
    test(`the menu screen has no serious accessibility violations (${theme})`, async ({ page }) => {
      await openMenu(page, theme);
      await expect(dayCard(page, "Maandag")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The food-item dialog with its allergen choices.
      await dayCard(page, "Maandag")
        .getByRole("button", { name: /^Wysig / })
        .click();
      const dialog = page.getByRole("dialog", { name: "Wysig item" });
      await expect(dialog.getByRole("checkbox", { name: "Allergene nagegaan" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole("button", { name: "Kanselleer" }).click();
      await saveSettings(page);
    });
  }
});
