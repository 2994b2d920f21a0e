import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  type Page,
  saveSettings,
  signIn,
  signInWithForm,
  type ThemeName,
  test,
} from "./support/fixtures";
import { linkIn, waitForMails } from "./support/mailbox";

// axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

async function openStaff(page: Page, options: { ownSession?: boolean; theme?: ThemeName } = {}) {
  await signIn(page, DEMO.admin, "/dashboard", options);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation").getByRole("link", { name: "Personeel" }).click();
  await expect(page.getByRole("heading", { name: "Bestuur personeel", level: 1 })).toBeVisible();
}

const bodyRows = (page: Page) => page.getByRole("table", { name: "Personeel" }).locator("tbody tr");

test("an admin invites a cook from /staff, sends it again, and the cook sets up the account from the mail", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // This test signs the admin out: a session of its own.
  await openStaff(page, { ownSession: true });
  const stamp = Date.now();
  const email = `kok.${stamp}@kantien.example`;
  const lastName = `Nuut${stamp}`;

  await page.getByRole("button", { name: "Nooi personeel uit" }).click();
  const invite = page.getByRole("dialog", { name: "Nooi personeel uit" });
  await expect(invite).toContainText(
    "Die persoon ontvang 'n e-pos met 'n skakel om die rekening op te stel en 'n wagwoord te kies.",
  );
  await invite.getByRole("textbox", { name: "Voornaam" }).fill("Zanele");
  await invite.getByRole("textbox", { name: "Van" }).fill(lastName);
  await invite.getByRole("textbox", { name: "E-pos" }).fill(email);
  await invite.getByRole("button", { name: "Stuur uitnodiging" }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText("Die uitnodiging is gestuur.")).toBeVisible();

  // The same address again is refused with 'Kon nie die uitnodiging stuur nie: ' and the server's message.
  // The notice gives way to the dialog opened over it.
  await page.getByRole("button", { name: "Nooi personeel uit" }).click();
  await expect(page.getByText("Die uitnodiging is gestuur.")).toBeHidden();
  await invite.getByRole("textbox", { name: "Voornaam" }).fill("Zanele");
  await invite.getByRole("textbox", { name: "Van" }).fill(lastName);
  await invite.getByRole("textbox", { name: "E-pos" }).fill(email);
  await invite.getByRole("button", { name: "Stuur uitnodiging" }).click();
  await expect(invite.getByText(/^Kon nie die uitnodiging stuur nie: .+/)).toBeVisible();
  await invite.getByRole("button", { name: "Kanselleer" }).click();

  // The invitee is listed as pending; the invitation can be sent again.
  await page.getByRole("searchbox", { name: "Soek naam, e-pos of werknemernommer" }).fill(lastName);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText("Uitnodiging nog nie aanvaar nie");
  await expect(row).toContainText("Kantien-personeel");
  await row.getByRole("button", { name: `Stuur uitnodiging weer aan Zanele ${lastName}` }).click();
  await expect(page.getByText("Die uitnodiging is gestuur.")).toBeVisible();

  // Two mails; only the newest link works.
  const mails = await waitForMails(email, 2);
  const first = new URL(linkIn(mails[0]!, "/setup-account"));
  const latest = new URL(linkIn(mails[1]!, "/setup-account"));
  await page.getByRole("button", { name: "Teken uit" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(first.pathname + first.search);
  await expect(page.getByText("Ongeldige uitnodiging")).toBeVisible();

  await page.goto(latest.pathname + latest.search);
  await expect(page.getByText(`Zanele ${lastName}`)).toBeVisible();
  await page.getByRole("textbox", { name: "Wagwoord", exact: true }).fill("nuwe-kok-123");
  await page.getByRole("textbox", { name: "Bevestig wagwoord" }).fill("nuwe-kok-123");
  await page.getByRole("button", { name: "Stel rekening op" }).click();
  await expect(page.getByText(/Jou rekening is opgestel/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, { email, password: "nuwe-kok-123" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation").getByRole("link", { name: "Personeel" }).click();
  await page.getByRole("searchbox", { name: "Soek naam, e-pos of werknemernommer" }).fill(lastName);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).not.toContainText("Uitnodiging nog nie aanvaar nie");
  // A cook looks but changes nothing.
  await expect(page.getByRole("button", { name: "Nooi personeel uit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Wysig / })).toHaveCount(0);
});

test("an admin edits a cook's employee number and sees the wallet and order history", async ({ page }) => {
  await openStaff(page);
  await page.getByRole("searchbox", { name: "Soek naam, e-pos of werknemernommer" }).fill("kok@kantien");
  await expect(bodyRows(page)).toHaveCount(1);
  await bodyRows(page)
    .first()
    .getByRole("button", { name: /^Wysig / })
    .click();
  const edit = page.getByRole("dialog", { name: "Wysig personeellid" });
  const number = edit.getByRole("textbox", { name: "Werknemernommer" });
  await expect(number).toHaveAttribute("placeholder", "KANTIEN001");
  await expect(edit.getByRole("textbox", { name: "Beursiesaldo" })).toHaveAttribute("readonly");
  await expect(edit.getByRole("textbox", { name: "Aantal bestellings" })).toHaveValue(/^\d+$/);
  const previous = await number.inputValue();

  // Another person's number is refused with 'Fout: ' and the server's message.
  await number.fill("KANTIEN001");
  await edit.getByRole("button", { name: "Stoor" }).click();
  await expect(edit.getByText(/^Fout: .+/)).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");

  const fresh = `KANTIEN-E2E-${Date.now() % 100000}`;
  await number.fill(fresh);
  await edit.getByRole("button", { name: "Stoor" }).click();
  await expect(edit).toBeHidden();
  await expect(bodyRows(page).first()).toContainText(`Werknemernommer ${fresh}`);

  // Put it back for the other specs.
  await bodyRows(page)
    .first()
    .getByRole("button", { name: /^Wysig / })
    .click();
  await edit.getByRole("textbox", { name: "Werknemernommer" }).fill(previous);
  await edit.getByRole("button", { name: "Stoor" }).click();
  await expect(edit).toBeHidden();
});

for (const theme of ["dark", "light"] as const) {
  test(`/staff and its dialogs have no serious accessibility violations (${theme})`, async ({ page }) => {
    await openStaff(page, { theme });
    try {
      await expect(bodyRows(page).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Nooi personeel uit" }).click();
      await expect(page.getByRole("dialog", { name: "Nooi personeel uit" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Kanselleer" }).click();
      await page
        .getByRole("button", { name: /^Wysig / })
        .first()
        .click();
      await expect(page.getByRole("textbox", { name: "Werknemernommer" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await saveSettings(page);
    }
  });
}
