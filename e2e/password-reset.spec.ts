import { DEMO } from "./support/env";
import { expect, signIn, signInWithForm, test } from "./support/fixtures";
import { linkIn, waitForMails } from "./support/mailbox";

test("a cook who forgot the password asks for a link, chooses a new password and signs in", async ({
  page,
}) => {
  // Two mails and four password hashes: longer than one screen's test.
  test.setTimeout(120_000);
  // A cook of this test's own, set up through the invitation: the demo cook keeps the
  // password the other specs sign in with.
  const email = `vergeet.kok.${Date.now()}@kantien.example`;
  await signIn(page, DEMO.admin, "/dashboard");
  const invite = await page.request.post("/api/auth/invite-user", {
    data: { email, firstName: "Vusi", lastName: "Vergeet", roleId: 3 },
  });
  expect(invite.status()).toBe(201);
  await page.context().clearCookies();
  const [invitation] = await waitForMails(email, 1);
  const setup = await page.request.post("/api/auth/setup-account", {
    data: {
      token: new URL(linkIn(invitation!, "/setup-account")).searchParams.get("token"),
      password: "ou-wagwoord-1",
    },
  });
  expect(setup.ok()).toBe(true);

  await page.goto("/login");
  await page.getByLabel("E-pos").fill(email);
  await page.getByRole("link", { name: "Wagwoord vergeet?" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByLabel("E-pos")).toHaveValue(email);
  await page.getByRole("button", { name: "Stuur skakel" }).click();
  await expect(page.getByText(/As daar 'n rekening met hierdie e-posadres is/)).toBeVisible();

  // The second mail to the address, after the invitation.
  const mails = await waitForMails(email, 2);
  const link = linkIn(mails[1]!, "/reset-password");
  const resetPath = new URL(link).pathname + new URL(link).search;
  await page.goto(resetPath);
  await page.getByRole("textbox", { name: "Nuwe wagwoord", exact: true }).fill("nuwe-wagwoord-2");
  await page.getByRole("textbox", { name: "Herhaal nuwe wagwoord" }).fill("nuwe-wagwoord-2");
  await page.getByRole("button", { name: "Stoor nuwe wagwoord" }).click();
  await expect(page.getByText("Jou wagwoord is verander. Teken nou met jou nuwe wagwoord in.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Teken in by die bestel-app" })).toBeVisible();

  await page.getByRole("link", { name: "Teken in by die bestuurspaneel" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, { email, password: "nuwe-wagwoord-2" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Vusi Vergeet")).toBeVisible();
  const oldPassword = await page.request.post("/api/auth/login", {
    data: { email, password: "ou-wagwoord-1" },
  });
  expect(oldPassword.status()).toBe(401);

  // The link is single use: a second try says so and offers a new one.
  await page.context().clearCookies();
  await page.goto(resetPath);
  await page.getByRole("textbox", { name: "Nuwe wagwoord", exact: true }).fill("nog-een-wagwoord");
  await page.getByRole("textbox", { name: "Herhaal nuwe wagwoord" }).fill("nog-een-wagwoord");
  await page.getByRole("button", { name: "Stoor nuwe wagwoord" }).click();
  await expect(page.getByText("Hierdie skakel werk nie meer nie")).toBeVisible();
  await expect(page.getByRole("link", { name: "Vra 'n nuwe skakel aan" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});
