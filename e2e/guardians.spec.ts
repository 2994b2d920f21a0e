import { DEMO_PASSWORD } from "./support/env";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./support/fixtures";

/* A parent in the ordering app (docs/decisions/0068-who-eats-and-who-pays.md), at phone size. */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, bypassCSP: true });

const PARENT = { email: "ouer@kantien.example", password: DEMO_PASSWORD };

test.describe("a guardian", () => {
  test("switches between their learners, each with their own wallet and orders", async ({ page }) => {
    await signIn(page, PARENT, "/my", { customer: true });
    const switcher = page.getByRole("combobox", { name: "Bestel vir" });
    // The first learner in name order is chosen: Pieter, whose balance the top bar shows.
    await expect(switcher).toHaveText(/Pieter Steyn/);
    const pieter = await page.getByRole("link", { name: /^Saldo / }).textContent();
    await switcher.click();
    await page.getByRole("option", { name: "Sanet Student" }).click();
    await expect(switcher).toHaveText(/Sanet Student/);
    await expect(page.getByRole("link", { name: /^Saldo / })).not.toHaveText(pieter ?? "");
    await expect(page.getByRole("heading", { name: "Spyskaart" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("sets a learner's limits and allergies on the family page, moves money between learners, and is told a wrong code", async ({
    page,
  }) => {
    await signIn(page, PARENT, "/my", { customer: true });
    await page.getByRole("link", { name: "Gesin" }).click();
    await expect(page.getByRole("heading", { name: "Gesin" })).toBeVisible();
    const pieter = page.getByRole("region", { name: "Pieter Steyn" });
    // The demo's daily limit, and a weekly one set here (then put back).
    await expect(pieter.getByLabel("Hoogstens per dag")).toHaveValue("60,00");
    await pieter.getByLabel("Hoogstens per week").fill("200");
    await pieter.getByRole("button", { name: "Grondboontjies" }).click();
    await pieter.getByRole("button", { name: "Stoor die perke" }).click();
    await expect(page.getByText("Die perke is gestoor.")).toBeVisible();
    await page.reload();
    const again = page.getByRole("region", { name: "Pieter Steyn" });
    await expect(again.getByLabel("Hoogstens per week")).toHaveValue("200,00");
    await expect(again.getByRole("button", { name: "Grondboontjies" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await again.getByLabel("Hoogstens per week").fill("");
    await again.getByRole("button", { name: "Grondboontjies" }).click();
    await again.getByRole("button", { name: "Stoor die perke" }).click();
    await expect(page.getByText("Die perke is gestoor.")).toBeVisible();

    // Pieter's allergies, with the guardian's consent (then taken away again).
    await again.getByRole("button", { name: "Verander die allergieë en dieet" }).click();
    await again
      .getByRole("combobox", { name: "Grondboontjies: hoe reageer die leerder?" })
      .selectOption({ label: "Ernstig (anafilakse)" });
    await again.getByRole("button", { name: "Stoor die allergieë" }).click();
    await expect(again.getByText("Gee eers jou toestemming om die allergieë te stoor.")).toBeVisible();
    await again.getByRole("checkbox", { name: "Ek gee toestemming as die leerder se ouer of voog" }).check();
    await again.getByRole("button", { name: "Stoor die allergieë" }).click();
    await expect(page.getByText("Die allergieë en dieet is gestoor, met jou toestemming.")).toBeVisible();
    await expect(again.locator("p", { hasText: /^Grondboontjies$/ })).toBeVisible();
    await again.getByRole("button", { name: "Verander die allergieë en dieet" }).click();
    await again
      .getByRole("combobox", { name: "Grondboontjies: hoe reageer die leerder?" })
      .selectOption({ label: "Geen" });
    await again.getByRole("button", { name: "Stoor die allergieë" }).click();
    await expect(again.getByText("Geen allergieë aangeteken nie.")).toBeVisible();

    // Money from Sanet to Pieter, and back again.
    const transfer = page.getByRole("region", { name: "Skuif geld tussen jou leerders" });
    for (const [from, to] of [
      ["Sanet Student", "Pieter Steyn"],
      ["Pieter Steyn", "Sanet Student"],
    ] as const) {
      await transfer.getByRole("combobox", { name: "Van" }).click();
      await page.getByRole("option", { name: from }).click();
      await transfer.getByRole("combobox", { name: "Na" }).click();
      await page.getByRole("option", { name: to }).click();
      await transfer.getByLabel("Bedrag").fill("5");
      await transfer.getByRole("button", { name: "Skuif die geld" }).click();
      await expect(
        page.getByText(`R 5,00 is van ${from.split(" ")[0]} na ${to.split(" ")[0]} geskuif.`),
      ).toBeVisible();
    }

    await page.getByLabel("Koppelkode").fill("ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Koppel", exact: true }).click();
    await expect(
      page.getByText("Ons ken nie hierdie koppelkode nie. Kyk weer na die brief van die skool."),
    ).toBeVisible();
    await expect(page.getByLabel("Koppelkode")).toHaveValue("ZZZZ-ZZZZ");
    await expectNoSeriousA11yViolations(page);
  });
});
