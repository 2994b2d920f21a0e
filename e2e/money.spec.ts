import { PAYMENT_REFERENCE_ALPHABET } from "@kantien/domain/payment-reference";
import { DEMO } from "./support/env";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./support/fixtures";

// axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

test("an admin reads a bank statement at /money: one line credited at once, a near miss allocated, an unknown one dismissed", async ({
  page,
  api,
  newCustomer,
}) => {
  const customer = await newCustomer({ firstName: "Inbetaal", balance: 10 });
  const { paymentReference: reference } = await api<{ paymentReference: string }>(
    "GET",
    `/api/customers/${customer.id}`,
  );
  const last = reference.at(-1)!;
  const nearMiss = `${reference.slice(0, -1)}${PAYMENT_REFERENCE_ALPHABET[(PAYMENT_REFERENCE_ALPHABET.indexOf(last) + 1) % 32]}`;
  // An FNB export of its own account, so a second run of this test reads new lines.
  const statement = [
    "ACCOUNT TRANSACTION HISTORY,,,,,,,",
    `FOR ACCOUNT NUMBER ${Date.now()},,,,,,,`,
    "Date,SERVICE FEE,Amount,DESCRIPTION,REFERENCE,Balance,CHEQUE NUMBER,",
    `2026/11/20,0,45,FNB APP PAYMENT,${reference.toLowerCase()},1045.00,0,`,
    "2026/11/20,0,-200,POS PURCHASE,MAKRO,845.00,0,",
    `2026/11/21,0,30,FNB APP PAYMENT,${nearMiss},875.00,0,`,
    "2026/11/21,0,12.50,CASH DEPOSIT,BRANCH 0101,887.50,0,",
  ].join("\r\n");

  await signIn(page, DEMO.admin, "/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Geld" }).click();
  await expect(page.getByRole("heading", { name: "Geld", level: 1 })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "fnb.csv", mimeType: "text/csv", buffer: Buffer.from(statement) });
  const result = page.getByText(
    "FNB: 4 inskrywings ingelees, 3 inbetalings en 1 debiet (geld uit, oorgeslaan).",
  );
  await expect(result).toBeVisible();
  await expect(page.getByText("Gekrediteer: 1", { exact: true })).toBeVisible();
  await expect(page.getByText("Vir hersiening: 1", { exact: true })).toBeVisible();
  await expect(page.getByText("Nie toegeken nie: 1", { exact: true })).toBeVisible();
  await expect(page.getByText("Debiete oorgeslaan: 1", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The near miss waits for review with whom it may be for; the admin gives it to them.
  const name = `Inbetaal ${customer.lastName}`;
  const review = page.getByRole("table", { name: "Vir hersiening" });
  const row = review.locator("tbody tr", { hasText: nearMiss });
  await expect(row).toContainText(`Dalk: ${name}`);
  await expect(row).toContainText("Verkeerde kontrolekarakter");
  await row.getByRole("button", { name: "Ken toe" }).click();
  const allocate = page.getByRole("dialog", { name: "Ken R 30,00 toe" });
  await allocate.getByRole("button", { name: `Ken toe aan ${name}` }).click();
  await expect(page.getByText("Die inbetaling is by die beursie gevoeg.")).toBeVisible();
  await expect(allocate).toBeHidden();

  // The line nobody can be found for is set aside with a reason.
  await page.getByRole("tab", { name: /^Nie toegeken nie/ }).click();
  const unallocated = page.getByRole("table", { name: "Nie toegeken nie" });
  await unallocated
    .locator("tbody tr", { hasText: "BRANCH 0101" })
    .getByRole("button", { name: "Wys af" })
    .click();
  const dismiss = page.getByRole("dialog", { name: "Wys R 12,50 af" });
  await dismiss.getByRole("textbox", { name: "Rede" }).fill("Nie vir die kantien nie");
  await dismiss.getByRole("button", { name: "Wys af" }).click();
  await expect(page.getByText("Die inbetaling is afgewys.")).toBeVisible();
  await page.getByRole("tab", { name: /^Afgewys/ }).click();
  await expect(page.getByRole("table", { name: "Afgewys" })).toContainText("Nie vir die kantien nie");

  // The wallet holds both transfers, each once, as EFT in its ledger.
  const detail = await api<{ balance: string; ledger: { kind: string }[] }>(
    "GET",
    `/api/customers/${customer.id}`,
  );
  expect(detail.balance).toBe("85.00");
  expect(detail.ledger.map((entry) => entry.kind)).toEqual(["eft", "eft", "cash"]);
});
