import { DEMO } from "./support/env";
import { expect, signIn, test } from "./support/fixtures";

test("when a section throws, the fallback shows and 'Probeer weer' recovers it", async ({ page }) => {
  await signIn(page, DEMO.staff);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => sessionStorage.setItem("kantien:throw", "kitchen"));
  await page.getByRole("link", { name: "Kombuis", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Oeps! Iets het verkeerd gegaan" })).toBeVisible();
  await expect(
    page.getByText("Daar was 'n fout met die laai van hierdie data. Probeer asseblief weer."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Herlaai die bladsy" })).toBeVisible();
  // The rest of the layout still works while one section has failed.
  await expect(page.getByRole("navigation", { name: "Hoofkieslys" })).toBeVisible();

  await page.getByRole("button", { name: "Probeer weer" }).click();
  await expect(page.getByRole("heading", { name: "Kantien: daaglikse bestellingsoorsig" })).toBeVisible();
});
