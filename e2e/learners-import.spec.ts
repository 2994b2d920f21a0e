import { DEMO } from "./support/env";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./support/fixtures";

/*
 * The school's side of guardians (docs/decisions/0068-who-eats-and-who-pays.md), on a desktop:
 * the list of learners imported, the guardians' tab, the letter, and a learner leaving.
 */

test.use({ viewport: { width: 1400, height: 900 }, bypassCSP: true });

test("an admin imports the school's list, finds the invited parent, prints the letter and marks a learner as left", async ({
  page,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const akdNumber = `E2E${stamp}`;
  const parent = `ouer-${stamp.toLowerCase()}@skool.example`;
  const list = [
    "Akademienommer;Voornaam;Van;Graad;Geboortedatum;Ouer se e-pos",
    `${akdNumber};Lené;Fourie;9A;14/02/2013;${parent}`,
    `${akdNumber};Lené;Fourie;9A;nie 'n datum;`,
  ].join("\r\n");

  await signIn(page, DEMO.admin, "/users");
  await page.getByRole("button", { name: "Lees leerderlys in" }).click();
  const dialog = page.getByRole("dialog", { name: "Lees die skool se leerderlys in" });
  const chooser = dialog.getByLabel("Kies die lys (CSV)");
  // A list with a wrong line: previewed, the error first, nothing to import.
  await chooser.setInputFiles({ name: "leerders.csv", mimeType: "text/csv", buffer: Buffer.from(list) });
  await expect(dialog.getByText(/1 reël het 'n fout/)).toBeVisible();
  await expect(dialog.getByText("Hierdie akademienommer staan reeds op reël 2.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Lees \d+ leerders? in$/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  // The list fixed: previewed again, then imported.
  const fixed = list.split("\r\n").slice(0, 2).join("\r\n");
  await chooser.setInputFiles({ name: "leerders.csv", mimeType: "text/csv", buffer: Buffer.from(fixed) });
  await expect(dialog.getByText("1 nuwe leerder")).toBeVisible();
  await expect(dialog.getByText(`${parent} · word genooi`)).toBeVisible();
  await dialog.getByRole("button", { name: "Lees 1 leerder in" }).click();
  await expect(page.getByText("Die lys is ingelees: 1 nuut, 0 bygewerk, 1 ouers genooi.")).toBeVisible();

  // The invited parent on the guardians' tab, with the learner; the learner's detail from there.
  await page.getByRole("tab", { name: "Ouers en voogde" }).click();
  await page.getByRole("searchbox").fill(akdNumber);
  await page.getByRole("searchbox").press("Enter");
  const row = page.getByRole("row", { name: new RegExp(parent) });
  await expect(row.getByText("Genooi")).toBeVisible();
  await row.getByRole("button", { name: "Lené Fourie" }).click();
  const detail = page.getByRole("dialog", { name: "Lené Fourie" });
  await expect(detail.getByText("Ouer Fourie")).toBeVisible();

  // The letter for the parents: the code and the learner's reference.
  await detail.getByRole("button", { name: "Brief vir die ouers" }).click();
  const letter = page.getByRole("article", { name: "Brief vir die ouers" });
  await expect(letter.getByText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)).toBeVisible();
  await expect(letter).toContainText("Beste ouer of voog van Lené Fourie (9A),");
  await page.getByRole("button", { name: "Sluit" }).click();

  // The learner leaves: an empty wallet, so nothing to move; asked before anything changes.
  await detail.getByRole("button", { name: "Verlaat die skool…" }).click();
  const leave = page.getByRole("alertdialog", { name: "Lené Fourie verlaat die skool" });
  await expect(leave.getByText(/Die beursie is leeg/)).toBeVisible();
  await leave.getByRole("button", { name: "Merk as vertrek" }).click();
  await expect(page.getByText("Lené Fourie het die skool verlaat.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Lené Fourie" })).toBeHidden();
});
