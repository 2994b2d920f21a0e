import { DEMO_PASSWORD } from "./support/env";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./support/fixtures";

/*
 * A parent tops up a learner's wallet online on a phone (docs/decisions/0074-online-payments.md),
 * through the demo's payment simulator: its hosted page, its signed notification, and the wallet
 * that shows the money once the notification has landed.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, bypassCSP: true });

const PARENT = { email: "ouer2@kantien.example", password: DEMO_PASSWORD };

const rand = (text: string | null) => Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));

test.describe("a top-up by card", () => {
  test("pays on the provider's page and sees the wallet's balance rise; a cancel pays nothing", async ({
    page,
  }) => {
    await signIn(page, PARENT, "/my/wallet", { customer: true });
    const section = page.getByRole("region", { name: "Laai op met kaart" });
    await expect(section).toBeVisible();
    const balance = page.getByText("Die leerder se saldo").locator("xpath=following-sibling::*[1]");
    await expect(balance).toHaveText(/R/);
    const before = rand(await balance.textContent());

    await section.getByLabel("Bedrag vir die beursie").fill("5");
    await section.getByRole("button", { name: "Betaal nou" }).click();
    await expect(section.getByText(/Voer 'n bedrag tussen R.20,00 en R.2.000,00 in\./)).toBeVisible();
    await section.getByLabel("Bedrag vir die beursie").fill("75");
    await section.getByRole("button", { name: /Betaal R.75,00/ }).click();

    // The simulator's page, as a provider's would be: the amount, and the payer's choice.
    await expect(page.getByRole("heading", { name: "Payment simulator" })).toBeVisible();
    await expect(page.getByTestId("simulator-total")).toHaveText(/R.75,00/);
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/my\/wallet\?payment=/);
    await expect(page.getByText(/R.75,00 is in die beursie\. Nuwe saldo: R.[\d ,\u00a0]+\./)).toBeVisible();
    await expect.poll(async () => rand(await balance.textContent())).toBeCloseTo(before + 75, 2);
    await expect(page.getByText("Aanlynbetaling (kaart of kitsbetaling)").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Goed" }).click();

    // Cancelled on the provider's page: back on the wallet, told so, nothing paid.
    const after = rand(await balance.textContent());
    await section.getByLabel("Bedrag vir die beursie").fill("30");
    await section.getByRole("button", { name: /Betaal R.30,00/ }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Die betaling is gekanselleer. Niks is betaal nie.")).toBeVisible();
    expect(rand(await balance.textContent())).toBeCloseTo(after, 2);
  });
});
