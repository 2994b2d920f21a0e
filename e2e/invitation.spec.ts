import { DEMO } from "./support/env";
import { expect, signIn, signInWithForm, test } from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mailbox";

test("an invited cook gets the mail, sets up the account and signs in", async ({ page }) => {
  // The test signs the admin out: a session of its own, not the worker's shared one.
  await signIn(page, DEMO.admin, "/dashboard", { ownSession: true });
  const email = `nuwe.kok.${Date.now()}@kantien.example`;
  // The invite dialog belongs to /staff (a later screen); the call is the same one it makes.
  const invite = await page.request.post("/api/auth/invite-user", {
    data: { email, firstName: "Nomsa", lastName: "Nuwe", roleId: 3 },
  });
  expect(invite.status()).toBe(201);
  await page.getByRole("button", { name: "Teken uit" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await waitForMail(email);
  const link = linkIn(mail, "/setup-account");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("Nomsa Nuwe")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole("textbox", { name: "Wagwoord", exact: true }).fill("kort");
  await page.getByRole("textbox", { name: "Bevestig wagwoord" }).fill("anders");
  await page.getByRole("button", { name: "Stel rekening op" }).click();
  await expect(page.getByText("Wagwoord moet ten minste 6 karakters wees")).toBeVisible();

  await page.getByRole("textbox", { name: "Wagwoord", exact: true }).fill("nuwe-kok-123");
  await page.getByRole("textbox", { name: "Bevestig wagwoord" }).fill("nuwe-kok-124");
  await page.getByRole("button", { name: "Stel rekening op" }).click();
  await expect(page.getByText("Wagwoorde stem nie ooreen nie")).toBeVisible();

  await page.getByRole("textbox", { name: "Bevestig wagwoord" }).fill("nuwe-kok-123");
  await page.getByRole("button", { name: "Stel rekening op" }).click();
  await expect(page.getByText(/Jou rekening is opgestel/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, { email, password: "nuwe-kok-123" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Nomsa Nuwe")).toBeVisible();

  // The link is single use.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("Ongeldige uitnodiging")).toBeVisible();
});
