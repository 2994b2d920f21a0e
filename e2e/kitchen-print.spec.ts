import { DEMO } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  fillDate,
  type Page,
  saveSettings,
  signIn,
  test,
} from "./support/fixtures";
import { PT_PER_MM, readPdf } from "./support/pdf";

/* The kitchen's prep sheet and order labels, printed to PDF by Chromium and read back. */
test.use({ viewport: { width: 820, height: 1180 } });

type Order = {
  id: string;
  pickupNumber: number;
  status: string;
  quantity: number;
  customerName: string;
  itemName: string;
};

const A4 = { width: 210 * PT_PER_MM, height: 297 * PT_PER_MM };
const label = (order: Order) => `#${order.pickupNumber}`;
const isOpen = (order: Order) => ["pending", "paid", "processing", "ready"].includes(order.status);
const isToMake = (order: Order) => ["pending", "paid", "processing"].includes(order.status);

async function todaysOrders(page: Page): Promise<Order[]> {
  const answer = await page.request.get("/api/kitchen/orders");
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { orders: Order[] } }).data.orders;
}

async function printPdf(page: Page) {
  return readPdf(await page.pdf({ preferCSSPageSize: true }));
}

async function openPrint(page: Page) {
  await signIn(page, DEMO.staff, "/kitchen/board");
  await page.getByRole("link", { name: "Druk" }).click();
  await expect(page).toHaveURL(/\/kitchen\/print$/);
  await expect(page.getByRole("heading", { name: "Druk vir die kombuis" })).toBeVisible();
}

test("the prep sheet prints on A4: portions per dish and step, and the orders still to make", async ({
  page,
}) => {
  await openPrint(page);
  const orders = await todaysOrders(page);
  const made = orders.filter((order) => order.status !== "cancelled" && order.status !== "failed");
  expect(made.length, "the demo has orders today").toBeGreaterThan(0);
  const dish = made[0]?.itemName ?? "";
  const portions = made
    .filter((order) => order.itemName === dish)
    .reduce((sum, order) => sum + order.quantity, 0);
  await expect(page.getByRole("row", { name: new RegExp(`^${dish}`) })).toContainText(String(portions));

  const pages = await printPdf(page);
  expect(pages[0]?.width).toBeCloseTo(A4.width, 0);
  expect(pages[0]?.height).toBeCloseTo(A4.height, 0);
  const text = pages.map((pdfPage) => pdfPage.text).join(" ");
  expect(text).toContain("Kantien: voorbereidingslys");
  expect(text).toContain(dish);
  expect(text).toContain("Nog te maak");
  for (const order of orders.filter(isToMake)) expect(text).toContain(label(order));
  // The list goes by number within a dish, and names a stage as the table does.
  const toMake = page.locator('[data-print-sheet="prep"] li');
  const numbers = (await toMake.allInnerTexts()).map((line) => Number(line.match(/#(\d+)/)?.[1]));
  const dishes = new Set(orders.filter(isToMake).map((order) => order.itemName));
  if (dishes.size === 1) expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(text).not.toContain("Betaal, om te doen");
  // The tools stay on the screen: the printed sheet has no buttons.
  expect(text).not.toContain("Terug na die bord");
});

test("labels print one per open order: 21 to an A4 sheet, or one per 80 mm receipt", async ({ page }) => {
  await openPrint(page);
  await page.getByRole("button", { name: "Etikette" }).click();
  const open = (await todaysOrders(page)).filter(isOpen);
  expect(open.length).toBeGreaterThan(0);
  await expect(page.getByText(`${open.length} etikette`)).toBeVisible();
  // Every label's QR code is drawn before it prints.
  await expect(page.getByRole("img", { name: /^QR-kode van bestelling #/ })).toHaveCount(open.length);

  const sheets = await printPdf(page);
  expect(sheets).toHaveLength(Math.ceil(open.length / 21));
  expect(sheets[0]?.width).toBeCloseTo(A4.width, 0);
  const text = sheets.map((sheet) => sheet.text).join(" ");
  for (const order of open) {
    expect(text).toContain(order.customerName);
    expect(text).toContain(`${order.itemName} × ${order.quantity}`);
    expect(text).toContain(label(order));
  }

  await page.getByRole("button", { name: "80 mm-strokie, een per etiket" }).click();
  await expect(page).toHaveURL(/paper=receipt/);
  // The address changes at once; React draws the receipts in a transition after it.
  await expect(page.locator('[data-print-sheet="labels"][data-paper="receipt"]')).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR-kode van bestelling #/ })).toHaveCount(open.length);
  const receipts = await printPdf(page);
  expect(receipts).toHaveLength(open.length);
  for (const receipt of receipts) {
    expect(receipt.width).toBeCloseTo(80 * PT_PER_MM, 0);
    expect(receipt.text).toMatch(/#\d+/);
  }
  expect(receipts.map((receipt) => receipt.text.match(/#\d+/)?.[0]).sort()).toEqual(open.map(label).sort());
});

test("the prep sheet on a receipt roll is one page, 80 mm wide, as long as the sheet", async ({ page }) => {
  await openPrint(page);
  await page.getByRole("button", { name: "80 mm-strokie" }).click();
  // The page's length is the sheet's, measured once the day's orders are drawn: print after that.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll("style")).some((style) =>
          /@page \{ size: 80mm [1-9]/.test(style.textContent ?? ""),
        ),
      ),
    )
    .toBe(true);
  const pages = await printPdf(page);
  expect(pages).toHaveLength(1);
  expect(pages[0]?.width).toBeCloseTo(80 * PT_PER_MM, 0);
  expect(pages[0]?.text).toMatch(/\d+ porsies?/);
  expect(pages[0]?.text).toContain("Nog te maak");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the A4 preview is scaled to fit the screen, never cut off, and prints at full size", async ({
    page,
  }) => {
    await signIn(page, DEMO.staff, "/kitchen/print?sheet=prep&paper=a4");
    const rightEdge = async (locator: ReturnType<Page["locator"]>) => {
      const box = await locator.boundingBox();
      return (box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY);
    };
    const prep = page.locator('[data-print-sheet="prep"]');
    await expect(prep).toBeVisible();
    expect(await rightEdge(prep)).toBeLessThanOrEqual(390);
    expect(await rightEdge(page.getByRole("columnheader", { name: "Totaal" }))).toBeLessThanOrEqual(390);
    const prepPages = await printPdf(page);
    expect(prepPages[0]?.width).toBeCloseTo(A4.width, 0);
    expect(prepPages[0]?.text).toContain("Totaal");

    await page.getByRole("button", { name: "Etikette" }).click();
    const sheet = page.locator('[data-print-sheet="labels"] > *').first();
    await expect(sheet).toBeVisible();
    expect(await rightEdge(sheet)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("img", { name: /^QR-kode van bestelling #/ }).first()).toBeVisible();
    const labelPages = await printPdf(page);
    expect(labelPages[0]?.width).toBeCloseTo(A4.width, 0);
    expect(labelPages[0]?.height).toBeCloseTo(A4.height, 0);
  });
});

test("a day without orders says so, and there is nothing to print", async ({ page }) => {
  await openPrint(page);
  await fillDate(page.getByRole("main"), "Dag", "2031-01-04");
  await expect(
    page.getByText("Geen bestellings vir Saterdag 4 Januarie 2031 nie. Kies 'n ander dag."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Druk" })).toBeDisabled();
  // The day is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByText(/Geen bestellings vir Saterdag 4 Januarie 2031/)).toBeVisible();
});

test.describe("accessibility", () => {
  // axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });
  for (const theme of ["light", "dark"] as const) {
    test(`the print screen passes axe in the ${theme} theme`, async ({ page }) => {
      await signIn(page, DEMO.staff, "/kitchen/print?sheet=labels", { theme });
      await expect(page.getByRole("img", { name: /^QR-kode van bestelling #/ }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveSettings(page);
    });
  }
});
