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

// axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

async function openUsers(page: Page, theme?: ThemeName) {
  await signIn(page, DEMO.admin, "/dashboard", { theme });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation").getByRole("link", { name: "Gebruikers" }).click();
  await expect(page.getByRole("heading", { name: "Bestuur gebruikers", level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole("table", { name: "Gebruikers" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");

test("an admin finds a customer, adds one, edits one, and a taken email is refused at the field", async ({
  page,
}) => {
  await openUsers(page);

  // Find: the server searches; only the matching customer stays.
  const search = page.getByRole("searchbox", { name: "Soek naam, e-pos of akademienommer" });
  await search.fill("klant17@");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("klant17@kantien.example");
  await expect(page).toHaveURL(/q=klant17/);

  // Add.
  const stamp = Date.now();
  const email = `lerato.${stamp}@skool.example`;
  const lastName = `Toets${stamp}`;
  await page.getByRole("button", { name: "Voeg gebruiker by" }).click();
  const add = page.getByRole("dialog", { name: "Voeg gebruiker by" });
  await add.getByRole("button", { name: "Stoor" }).click();
  await expect(add.getByText("Hierdie veld is verpligtend")).toHaveCount(2);
  await add.getByRole("textbox", { name: "Voornaam" }).fill("Lerato");
  await add.getByRole("textbox", { name: "Van" }).fill(lastName);
  await add.getByRole("textbox", { name: "E-pos" }).fill(email);
  await add.getByRole("textbox", { name: "Akademienommer (opsioneel)" }).fill(`AKD-E2E-${stamp}`);
  await add.getByRole("button", { name: "Stoor" }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText(`Lerato ${lastName} is bygevoeg.`)).toBeVisible();

  await search.fill(lastName);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText(email);
  await expect(row).toContainText("Nie gespesifiseer nie");
  await expect(row).toContainText(`Akademienommer AKD-E2E-${stamp}`);

  // Edit.
  await row.getByRole("button", { name: `Wysig Lerato ${lastName}` }).click();
  const edit = page.getByRole("dialog", { name: "Wysig gebruiker" });
  await expect(edit.getByRole("textbox", { name: "Beursiesaldo" })).toHaveAttribute("readonly");
  await edit.getByRole("textbox", { name: "Telefoonnommer" }).fill("083 555 0199");
  await edit.getByRole("button", { name: "Stoor" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("083 555 0199");

  // A second customer with the same email (in other letters) is refused at the field, input kept.
  await page.getByRole("button", { name: "Voeg gebruiker by" }).click();
  const duplicate = page.getByRole("dialog", { name: "Voeg gebruiker by" });
  await duplicate.getByRole("textbox", { name: "Voornaam" }).fill("Tweede");
  await duplicate.getByRole("textbox", { name: "Van" }).fill("Lerato");
  await duplicate.getByRole("textbox", { name: "E-pos" }).fill(email.toUpperCase());
  await duplicate.getByRole("button", { name: "Stoor" }).click();
  await expect(duplicate.getByText("'n Rekening met hierdie e-posadres bestaan reeds.")).toBeVisible();
  await expect(duplicate.getByRole("textbox", { name: "E-pos" })).toHaveValue(email.toUpperCase());
  await expect(duplicate.getByRole("textbox", { name: "E-pos" })).toHaveAttribute("aria-invalid", "true");
  await duplicate.getByRole("button", { name: "Kanselleer" }).click();
  await expect(bodyRows(page)).toHaveCount(1);
});

test("an admin tops up a wallet by cash and EFT, reverses the EFT, and sees the balance and the ledger", async ({
  page,
  newCustomer,
}) => {
  await openUsers(page);
  const customer = await newCustomer({ firstName: "Beursie", lastName: "Toets", roleId: 2, balance: 0 });
  const name = `Beursie ${customer.lastName}`;

  await page.goto(`/users?q=${customer.lastName}`);
  await page.getByRole("button", { name: `Bekyk ${name}` }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog.getByText("Nog geen beursiebewegings nie.")).toBeVisible();

  await dialog.getByRole("textbox", { name: "Bedrag" }).fill("25,50");
  await dialog.getByRole("textbox", { name: "Nota" }).fill("Toonbank");
  await dialog.getByRole("button", { name: "Laai op" }).click();
  await expect(dialog.getByRole("status")).toContainText("Nuwe saldo: R 25,50");
  await expect(dialog.getByRole("status")).toContainText("Kwitansie nr.");
  await expect(dialog.getByRole("region", { name: "Beursiesaldo" })).toContainText("R 25,50");
  const ledger = dialog.getByRole("table", { name: "Beursiegeskiedenis" });
  await expect(ledger.locator("tbody tr")).toHaveCount(1);
  await expect(ledger.locator("tbody tr").first()).toContainText("Kontant by die toonbank");
  await expect(ledger.locator("tbody tr").first()).toContainText("Toonbank");

  // A second top-up is a new submission, by EFT: booked once more, never twice.
  await dialog.getByRole("textbox", { name: "Bedrag" }).fill("10");
  await dialog.getByRole("radio", { name: "EFT" }).check();
  await dialog.getByRole("button", { name: "Laai op" }).click();
  await expect(dialog.getByRole("status")).toContainText("Nuwe saldo: R 35,50");
  await expect(ledger.locator("tbody tr")).toHaveCount(2);
  await expect(ledger.locator("tbody tr").first()).toContainText("EFT-inbetaling");

  // The EFT bounced: an admin reverses it with a reason, and the wallet is back where it was.
  await ledger.locator("tbody tr").first().getByRole("button", { name: "Draai terug" }).click();
  const reverse = page.getByRole("dialog", { name: "Draai R 10,00 terug?" });
  await reverse.getByRole("textbox", { name: "Rede" }).fill("EFT het teruggekeer");
  await reverse.getByRole("button", { name: "Draai terug" }).click();
  await expect(dialog.getByRole("region", { name: "Beursiesaldo" })).toContainText("R 25,50");
  await expect(ledger.locator("tbody tr")).toHaveCount(3);
  await expect(ledger.locator("tbody tr").first()).toContainText("EFT het teruggekeer");

  // The screen agrees with the server.
  const detail = (await (await page.request.get(`/api/customers/${customer.id}`)).json()).data;
  expect(detail.balance).toBe("25.50");
  expect(detail.ledger.map((entry: { balanceAfter: string }) => entry.balanceAfter)).toEqual([
    "25.50",
    "35.50",
    "25.50",
  ]);

  await dialog.getByRole("button", { name: "Sluit" }).click();
  await expect(bodyRows(page).first()).toBeVisible();
});

for (const theme of ["dark", "light"] as const) {
  test(`/users and its dialogs have no serious accessibility violations (${theme})`, async ({ page }) => {
    await openUsers(page, theme);
    try {
      await expect(bodyRows(page).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page
        .getByRole("button", { name: /^Bekyk / })
        .first()
        .click();
      await expect(page.getByRole("button", { name: "Laai op" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Sluit" }).click();
      await page
        .getByRole("button", { name: /^Wysig / })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Wysig gebruiker" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await saveSettings(page);
    }
  });
}
