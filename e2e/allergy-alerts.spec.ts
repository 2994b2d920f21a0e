import type { CreatedOrder, OrderMenuDay } from "@kantien/domain/orders-summary";
import { canteenToday } from "./support/clock";
import { DEMO } from "./support/env";
import { expect, expectNoSeriousA11yViolations, type Page, signIn, test } from "./support/fixtures";
import { readPdf } from "./support/pdf";

/*
 * An allergy from the customer to the hand at the counter
 * (docs/decisions/0041-allergens-from-dish-to-counter.md): the order, the board, the label and
 * the counter, on a kitchen tablet.
 */
test.use({ viewport: { width: 820, height: 1180 }, bypassCSP: true });

const column = (page: Page, name: string) => page.getByRole("region", { name });

test("an order whose dish holds its customer's allergen is confirmed, shown first and red on the board, asked about before Gereed, printed and warned at the counter", async ({
  page,
  api,
  newCustomer,
}) => {
  test.setTimeout(120_000);
  // Today's demo dish (Boerewors-rol) contains sulphites; this customer reacts to them.
  const customer = await newCustomer({ firstName: "Sulfiet", balance: 200 });
  await api("PUT", `/api/customers/${customer.id}/allergies`, {
    data: { allergies: [{ code: "sulphites", severity: "allergy" }], diet: [], allergyConsent: true },
  });
  const today = canteenToday();
  const days = await api<OrderMenuDay[]>("GET", "/api/orders/menu-days");
  const item = days.find((day) => day.date === today)?.items[0];
  expect(item?.name).toBe("Boerewors-rol");
  const order = { customerId: customer.id, foodItemId: item?.id, deliveryDate: today, quantity: 1 };

  // The server asks for an explicit yes, and keeps it.
  const unconfirmed = await page.request.post("/api/orders", { data: order });
  expect(unconfirmed.status()).toBe(401);
  await api("POST", "/api/orders", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: order,
    status: 409,
  });
  const { order: placed } = await api<CreatedOrder>("POST", "/api/orders", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { ...order, allergenAcknowledged: true },
    status: 201,
  });
  const label = `#${placed.pickupNumber}`;

  // First in its column, in red with words and a sign; the cook sees only the matching allergen.
  await signIn(page, DEMO.staff, "/kitchen/board");
  const first = column(page, "Om te doen").getByRole("listitem").first();
  await expect(first).toContainText(label);
  await expect(first).toContainText("Allergie: sulfiete");
  await expectNoSeriousA11yViolations(page);

  await first.getByRole("button", { name: "Begin" }).click();
  const busy = column(page, "Besig")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
  await busy.getByRole("button", { name: "Sit gereed" }).click();
  const ask = page.getByRole("alertdialog", { name: "Allergene nagegaan?" });
  await expect(ask).toContainText("sulfiete");
  await ask.getByRole("button", { name: "Nog nie" }).click();
  await expect(busy).toBeVisible();
  await busy.getByRole("button", { name: "Sit gereed" }).click();
  await ask.getByRole("button", { name: "Ja, nagegaan" }).click();
  const ready = column(page, "Gereed")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
  await expect(ready).toContainText("Allergie: sulfiete");

  // The label prints the dish's allergens and the alert in bold, with its sign.
  await page.getByRole("link", { name: "Druk" }).click();
  await page.getByRole("button", { name: "Etikette" }).click();
  await expect(page.getByRole("img", { name: `QR-kode van bestelling ${label}` })).toBeVisible();
  const text = (await readPdf(await page.pdf({ preferCSSPageSize: true })))
    .map((sheet) => sheet.text)
    .join(" ");
  expect(text).toContain("Allergie: sulfiete");
  expect(text).toMatch(/Bevat: [^;]*sulfiete/i);
  // The alert is the label's loudest line: white on black, printed so, larger than 'Bevat:'.
  const onLabel = page.locator(`[data-order-label="${placed.id}"]`);
  const alertStyle = await onLabel.locator("[data-allergy-alert]").evaluate((line) => {
    const style = getComputedStyle(line);
    return {
      color: style.color,
      background: style.backgroundColor,
      printed:
        style.getPropertyValue("print-color-adjust") || style.getPropertyValue("-webkit-print-color-adjust"),
      size: Number.parseFloat(style.fontSize),
    };
  });
  const declarationSize = await onLabel
    .locator("[data-allergens]")
    .evaluate((line) => Number.parseFloat(getComputedStyle(line).fontSize));
  expect(alertStyle).toMatchObject({
    color: "rgb(255, 255, 255)",
    background: "rgb(0, 0, 0)",
    printed: "exact",
  });
  expect(alertStyle.size).toBeGreaterThan(declarationSize * 1.3);

  // The counter warns before Oorhandig.
  await page.goto("/kitchen/counter");
  const field = page.getByRole("textbox", { name: "Skandeer of soek" });
  await field.fill(`kantien:order:${placed.id}`);
  await field.press("Enter");
  const found = page.getByRole("list", { name: "Bestellings gevind" }).getByRole("listitem");
  await expect(found.getByRole("alert")).toContainText("sulfiete");
  await expect(found.getByRole("button", { name: "Oorhandig" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("the ordering app at phone size", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a student with a severe peanut allergy cannot order the satay, and is warned on the dishes with milk", async ({
    page,
  }) => {
    await signIn(page, DEMO.allergic, "/my", { customer: true });
    await page.getByRole("button", { name: "Volgende week" }).click();
    const satay = page.getByRole("article").filter({ hasText: "Hoender-satay met rys" });
    await expect(satay).toContainText(
      "Bevat grondboontjies, en jy het aangeteken dat jy ernstig allergies daarvoor is.",
    );
    await expect(satay.getByRole("button", { name: /^Bestel/ })).toBeDisabled();
    await expect(satay).toContainText("Jy kan dit nie bestel nie");
    // A dish with milk, to which this student is intolerant, orders only through "Ek verstaan".
    const milk = page
      .getByRole("article")
      .filter({ hasText: "Let op jou allergieë" })
      .filter({ hasText: "Melk" })
      .first();
    await milk.getByRole("button", { name: /^Bestel/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Ek verstaan dat hierdie gereg melk bevat of kan bevat.");
    await expect(dialog.getByRole("button", { name: /^Ek verstaan, bestel vir R/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Kanselleer" }).click();
    await expectNoSeriousA11yViolations(page);

    // Next week's bredie was never checked: free of nothing, so it asks, in red for the severe allergy.
    const bredie = page.getByRole("article").filter({ hasText: "Bredie met rys" });
    await expect(bredie).toContainText("Hierdie gereg se allergene is nog nie nagegaan nie");
    await expect(bredie).toContainText(
      "Niemand het nog nagegaan of dit grondboontjies bevat nie, en jy het aangeteken dat jy ernstig allergies daarvoor is.",
    );
    await bredie.getByRole("button", { name: /^Bestel/ }).click();
    await expect(dialog).toContainText(
      "Ek verstaan dat niemand nog nagegaan het of hierdie gereg grondboontjies, melk bevat nie.",
    );
    await expect(dialog.getByRole("button", { name: /^Ek verstaan, bestel vir R/ })).toBeVisible();
    await dialog.getByRole("button", { name: "Kanselleer" }).click();
  });
});
