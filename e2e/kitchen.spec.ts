import { DEMO } from "./support/env";
import { expect, type Locator, newContext, type Page, signIn, test } from "./support/fixtures";

const column = (page: Page, name: string) => page.getByRole("region", { name });

async function openKitchen(page: Page) {
  await signIn(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: "Kombuis", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Kantien: daaglikse bestellingsoorsig" })).toBeVisible();
}

test("Begin, Sit gereed and Oorhandig move an order across the columns, live in a second browser", async ({
  browser,
}) => {
  const cook = await newContext(browser);
  const other = await newContext(browser);
  const page = await cook.newPage();
  const watcher = await other.newPage();
  await openKitchen(page);
  await openKitchen(watcher);

  const pending = column(page, "Om te doen");
  const card = pending.getByRole("listitem").last();
  const label = (await card.getByText(/^#\d+$/).textContent())?.trim() ?? "";
  const cardIn = (p: Page, name: string) =>
    column(p, name)
      .getByRole("listitem")
      .filter({ has: p.getByText(label, { exact: true }) });

  await card.getByRole("button", { name: "Begin" }).click();
  await expect(cardIn(page, "Besig")).toBeVisible();
  await expect(cardIn(page, "Om te doen")).toHaveCount(0);
  await expect(cardIn(watcher, "Besig")).toBeVisible();
  await expect(cardIn(watcher, "Om te doen")).toHaveCount(0);
  await expect(cardIn(page, "Besig")).toContainText("min in voorbereiding");

  await cardIn(page, "Besig").getByRole("button", { name: "Sit gereed" }).click();
  await expect(cardIn(page, "Gereed")).toBeVisible();
  await expect(cardIn(watcher, "Gereed")).toBeVisible();

  await cardIn(page, "Gereed").getByRole("button", { name: "Oorhandig" }).click();
  await expect(
    page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) }),
  ).toHaveCount(0);
  await expect(
    watcher.getByRole("listitem").filter({ has: watcher.getByText(label, { exact: true }) }),
  ).toHaveCount(0);

  await cook.close();
  await other.close();
});

test("the banner names the orders waiting past the canteen's red line (20 minutes), marked red with text and icon", async ({
  page,
}) => {
  await openKitchen(page);
  await expect(page.getByText(/bestellings? wag al langer as 20 minute/)).toBeVisible();
  await expect(column(page, "Om te doen").getByText("Te lank").first()).toBeVisible();
});

/** Every button and clickable chip in `region` is at least 48 px high: a finger's target. */
async function expectTouchTargets(region: Locator) {
  const targets = region.locator("button, [role=button]");
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    expect(box?.height ?? 0, (await target.textContent()) ?? "").toBeGreaterThanOrEqual(48);
  }
}

test("cancelling from the detail dialog asks why and says what happens to the money, then removes the order", async ({
  page,
}) => {
  await openKitchen(page);
  const card = column(page, "Besig").getByRole("listitem").first();
  const label = (await card.getByText(/^#\d+$/).textContent())?.trim() ?? "";
  await card.getByText(label).click();
  const dialog = page.getByRole("dialog", { name: `Bestelling ${label}`, exact: true });
  await expect(dialog).toBeVisible();
  // Targets for a finger, and the cancel apart from the safe actions, on the other side.
  await expectTouchTargets(dialog);
  const cancelBox = await dialog.getByRole("button", { name: "Kanselleer bestelling" }).boundingBox();
  const closeBox = await dialog.getByRole("button", { name: "Sluit" }).boundingBox();
  expect((closeBox?.x ?? 0) - ((cancelBox?.x ?? 0) + (cancelBox?.width ?? 0))).toBeGreaterThan(24);

  await dialog.getByRole("button", { name: "Kanselleer bestelling" }).click();
  const confirm = page.getByRole("dialog", { name: `Kanselleer bestelling ${label}` });
  await expect(confirm).toContainText(/gaan terug na .+ se beursie\.|geen geld terugbetaal nie\./);
  await expectTouchTargets(confirm);
  await confirm.getByRole("button", { name: "Hou die bestelling" }).click();
  // Keeping it returns to the order, unchanged.
  await expect(confirm).toBeHidden();
  await expect(dialog).toContainText("Besig");

  await dialog.getByRole("button", { name: "Kanselleer bestelling" }).click();
  await confirm.getByRole("textbox", { name: "Rede" }).fill("Die stoof is stukkend");
  await confirm.getByRole("button", { name: "Kanselleer bestelling" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Bestelling gekanselleer; /)).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) }),
  ).toHaveCount(0);
});
