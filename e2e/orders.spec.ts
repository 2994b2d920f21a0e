import fs from "node:fs";
import { DEMO } from "./support/env";
import {
  type Api,
  expect,
  expectNoSeriousA11yViolations,
  type Locator,
  type Page,
  saveSettings,
  signIn,
  type ThemeName,
  test,
} from "./support/fixtures";
import { waitForMails } from "./support/mailbox";

type SummaryRow = {
  id: string;
  pickupNumber: number;
  customerName: string;
  itemName: string;
  status: string;
  orderDate: string;
};
type SummaryAnswer = { data: SummaryRow[]; total: number };
type MenuDay = { date: string; items: { id: string; name: string; price: string }[] };

/** "R 95,00", as the screen writes rand (en-ZA number format, a plain space). */
const rand = (amount: number) =>
  new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR" }).format(amount).replace(/\s/g, " ");

/** The order's number as the screens print it: its pickup number on its day. */
const label = (row: SummaryRow) => String(row.pickupNumber);
/** The name of a row's detail button: its number and its day (a week has a #3 each day). */
const viewButton = (row: SummaryRow) =>
  new RegExp(
    `^Bekyk bestelling #${row.pickupNumber}, ${Number(row.orderDate.slice(8))} \\S+ ${row.orderDate.slice(0, 4)}$`,
  );
const isSummary = (url: string) => new URL(url).pathname === "/api/orders";

async function openOrders(page: Page, theme?: ThemeName): Promise<SummaryAnswer> {
  await signIn(page, DEMO.admin, "/dashboard", { theme });
  await expect(page).toHaveURL(/\/dashboard$/);
  const first = page.waitForResponse((r) => isSummary(r.url()));
  await page.getByRole("link", { name: "Bestellings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bestellingsopsomming", level: 1 })).toBeVisible();
  return (await (await first).json()) as SummaryAnswer;
}

const table = (page: Page) => page.getByRole("table", { name: "Bestellings in hierdie tydperk" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");

/** The value beside a label in a dialog's details table. */
const detail = (dialog: Locator, name: string) =>
  dialog.getByRole("row").filter({ has: dialog.page().getByRole("rowheader", { name, exact: true }) });

const balanceOf = async (api: Api, id: string) =>
  Number((await api<{ balance: string }>("GET", `/api/customers/${id}`)).balance);

async function chooseCustomer(page: Page, dialog: Locator, lastName: string) {
  await dialog.getByRole("combobox", { name: "Klant" }).fill(lastName);
  await page.getByRole("option", { name: new RegExp(lastName) }).click();
}

test("an admin searches and filters the week's orders, opens one and changes its status", async ({
  page,
  api,
}) => {
  const week = await openOrders(page);
  // The demo has orders on every school day of this week.
  expect(week.total).toBeGreaterThan(0);
  await expect(bodyRows(page)).toHaveCount(Math.min(week.total, 25));

  // Only the pending ones: the server filters, the address keeps it.
  const pendingAnswer = page.waitForResponse((r) => isSummary(r.url()) && r.url().includes("status=pending"));
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Om te doen", exact: true }).click();
  const pending = (await (await pendingAnswer).json()) as SummaryAnswer;
  await expect(page).toHaveURL(/status=pending/);
  expect(pending.total).toBeGreaterThan(0);
  await expect(bodyRows(page)).toHaveCount(Math.min(pending.total, 25));
  for (const row of await bodyRows(page).all()) await expect(row).toContainText("Om te doen");

  // Search for one pending order's customer.
  const target = pending.data[0] as SummaryRow;
  const words = target.customerName.split(" ").at(-1) as string;
  const searchAnswer = page.waitForResponse((r) => isSummary(r.url()) && r.url().includes("q="));
  await page.getByRole("searchbox", { name: "Soek klant, item of nommer" }).fill(words);
  const searched = (await (await searchAnswer).json()) as SummaryAnswer;
  expect(searched.data.map((r) => r.id)).toContain(target.id);
  await expect(bodyRows(page)).toHaveCount(Math.min(searched.total, 25));
  for (const row of await bodyRows(page).all()) await expect(row).toContainText(words);

  // The detail and a status change through the server's rules.
  await page.getByRole("button", { name: viewButton(target) }).click();
  const dialog = page.getByRole("dialog", { name: `Bestelling #${label(target)}` });
  await expect(dialog).toContainText(target.id);
  await expect(detail(dialog, "Klant")).toContainText(target.customerName);
  await expect(detail(dialog, "Gereg")).toContainText(target.itemName);
  // The timeline shows only what happened: a pending order has not been collected.
  const timeline = dialog.getByRole("list", { name: "Tydlyn" });
  await expect(timeline).toContainText("Om te doen");
  await expect(timeline).not.toContainText("Afgehaal");
  await dialog.getByRole("combobox", { name: "Verander status" }).click();
  await page.getByRole("option", { name: "Besig" }).click();
  await expect(page.getByText("Status verander na Besig")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Verander status" })).toHaveText("Besig");

  const me = (await (await page.request.get("/api/auth/me")).json()) as {
    user: { first_name: string; last_name: string };
  };
  const saved = await api<{ status: string; timeline: { status: string; byName: string | null }[] }>(
    "GET",
    `/api/orders/${target.id}`,
  );
  expect(saved.status).toBe("processing");
  expect(saved.timeline.at(-1)).toMatchObject({
    status: "processing",
    byName: expect.stringContaining(me.user.first_name),
  });
  await expect(dialog).toContainText(`deur ${saved.timeline.at(-1)?.byName}`);

  // The open order lives in the address: a reload shows it again; it left the pending list.
  await expect(page).toHaveURL(new RegExp(`order=${target.id}`));
  await page.reload();
  await expect(page.getByRole("dialog", { name: `Bestelling #${label(target)}` })).toBeVisible();
  await page.getByRole("button", { name: "Sluit" }).click();
  await expect(page.getByRole("button", { name: viewButton(target) })).toHaveCount(0);
});

test("an order is found by its pickup number within the range, and by its QR code's id whatever the range", async ({
  page,
}) => {
  const week = await openOrders(page);
  const target = week.data[0] as SummaryRow;
  const search = page.getByRole("searchbox", { name: "Soek klant, item of nommer" });
  const searched = () => page.waitForResponse((r) => isSummary(r.url()) && r.url().includes("q="));

  // The number is one order a day: this week's orders with it, the range kept.
  let answer = searched();
  await search.fill(`#${label(target)}`);
  let response = await answer;
  expect(new URL(response.url()).searchParams.has("from")).toBe(true);
  const found = ((await response.json()) as SummaryAnswer).data;
  expect(found.map((r) => r.id)).toContain(target.id);
  expect(found.every((r) => r.pickupNumber === target.pickupNumber)).toBe(true);
  await expect(page.getByRole("button", { name: viewButton(target) })).toBeVisible();

  // A week of 2020 without orders: the order's id (what its QR code holds) still finds it.
  await page.goto("/orders?from=2020-01-06&to=2020-01-12");
  await expect(page.getByText("Geen bestellings in hierdie tydperk nie")).toBeVisible();
  answer = searched();
  await search.fill(target.id);
  response = await answer;
  expect(new URL(response.url()).searchParams.has("from")).toBe(false);
  expect(((await response.json()) as SummaryAnswer).data.map((r) => r.id)).toEqual([target.id]);
  await expect(
    page.getByRole("heading", { level: 2, name: `Bestelling #${label(target)}, op enige datum` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: viewButton(target) })).toBeVisible();
});

test("the export downloads the filtered orders as CSV", async ({ page }) => {
  await openOrders(page);
  const answer = page.waitForResponse((r) => isSummary(r.url()) && r.url().includes("status=paid"));
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Betaal, om te doen" }).click();
  const paid = (await (await answer).json()) as SummaryAnswer;

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Laai CSV af" }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, "utf8").trim().split(/\r?\n/);
  // A header, then every paid order of the range (not only this page), in the screen's words.
  expect(lines).toHaveLength(paid.total + 1);
  expect(lines[0]).toContain('"Afhaaldatum","Besteldatum"');
  for (const row of paid.data) expect(lines.some((line) => line.includes(row.id))).toBe(true);
  for (const line of lines.slice(1)) expect(line).toMatch(/,"\d+,\d\d","Betaal, om te doen"$/);
});

test("an admin takes an order for a customer from the wallet; cancelling it refunds the wallet", async ({
  page,
  api,
  newCustomer,
}) => {
  await openOrders(page);
  const customer = await newCustomer({ lastName: "Mokoena", balance: 200 });
  const days = await api<MenuDay[]>("GET", "/api/orders/menu-days");
  expect(days.length).toBeGreaterThan(0);
  const day = days[0] as MenuDay;
  const item = day.items[0] as MenuDay["items"][number];
  const total = Number(item.price) * 2;

  await page.getByRole("button", { name: "Nuwe bestelling" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nuwe bestelling" });
  await chooseCustomer(page, dialog, customer.lastName);
  await expect(detail(dialog, "Beursiesaldo")).toContainText(rand(200));
  if (day.items.length > 1) {
    await dialog.getByRole("combobox", { name: "Gereg" }).click();
    await page.getByRole("option", { name: new RegExp(`^${item.name}`) }).click();
  }
  await dialog.getByRole("spinbutton", { name: "Hoeveelheid" }).fill("2");
  await expect(detail(dialog, "Prys per porsie")).toContainText(rand(Number(item.price)));
  await expect(detail(dialog, "Totaal")).toContainText(rand(total));
  await expect(detail(dialog, "Saldo ná die bestelling")).toContainText(rand(200 - total));
  await dialog.getByRole("button", { name: "Plaas bestelling" }).click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Bestelling geplaas. Lerato ${customer.lastName} se nuwe saldo is ${rand(200 - total)}.`),
  ).toBeVisible();
  expect(await balanceOf(api, customer.id)).toBeCloseTo(200 - total, 2);

  // The order on its own day, found by the customer's name; paid from the wallet.
  await page.goto(`/orders?from=${day.date}&to=${day.date}&q=${customer.lastName}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText("Betaal, om te doen");
  await bodyRows(page)
    .getByRole("button", { name: /^Bekyk bestelling/ })
    .click();
  const order = page.getByRole("dialog", { name: /^Bestelling #/ });
  await expect(detail(order, "Betaling")).toContainText("Uit die klant se beursie");
  await expect(detail(order, "Totale prys")).toContainText(rand(total));

  // Cancelling asks why and says where the money goes; then says it went there.
  const name = `Lerato ${customer.lastName}`;
  await order.getByRole("combobox", { name: "Verander status" }).click();
  await page.getByRole("option", { name: "Gekanselleer" }).click();
  const confirm = page.getByRole("dialog", { name: /^Kanselleer bestelling #/ });
  await expect(confirm).toContainText(`${rand(total)} gaan terug na ${name} se beursie.`);
  const send = confirm.getByRole("button", { name: "Kanselleer bestelling" });
  await expect(send).toBeDisabled();
  await confirm.getByRole("button", { name: "Die kos is op" }).click();
  await send.click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText(`Bestelling gekanselleer; ${rand(total)} terugbetaal in ${name} se beursie.`),
  ).toBeVisible();
  await expect(order.getByRole("combobox", { name: "Verander status" })).toHaveText("Gekanselleer");
  await expect(order).toContainText("Gekanselleer");
  expect(await balanceOf(api, customer.id)).toBeCloseTo(200, 2);
  await order.getByRole("button", { name: "Sluit" }).click();
  await expect(bodyRows(page)).toContainText("Gekanselleer");

  // The customer is mailed: the order, the reason and the money.
  const cancelMail = async () =>
    (await waitForMails(customer.email, 1)).find((mail) => mail.subject.endsWith("gekanselleer"));
  await expect
    .poll(async () => (await cancelMail())?.subject)
    .toMatch(/het jou bestelling #\d+ gekanselleer$/);
  const text = ((await cancelMail())?.text ?? "").replace(/\s/g, " ");
  expect(text).toContain("Rede: Die kos is op.");
  expect(text).toContain(`${rand(total)} is terug in jou beursie.`);

  // The new-order dialog shows the wallet restored.
  await page.getByRole("button", { name: "Nuwe bestelling" }).first().click();
  const again = page.getByRole("dialog", { name: "Nuwe bestelling" });
  await chooseCustomer(page, again, customer.lastName);
  await expect(detail(again, "Beursiesaldo")).toContainText(rand(200));
});

test("an order the wallet cannot pay is refused with the server's message and charges nothing", async ({
  page,
  api,
  newCustomer,
}) => {
  await openOrders(page);
  const customer = await newCustomer({ lastName: "Dlamini", balance: 0 });
  await page.getByRole("button", { name: "Nuwe bestelling" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nuwe bestelling" });
  await chooseCustomer(page, dialog, customer.lastName);
  await expect(detail(dialog, "Beursiesaldo")).toContainText(rand(0));
  await expect(dialog.getByRole("combobox", { name: "Gereg" })).not.toHaveText("");
  await expect(dialog).toContainText("Die beursiesaldo is te laag vir hierdie bestelling.");
  await dialog.getByRole("button", { name: "Plaas bestelling" }).click();
  await expect(dialog).toContainText(
    "Die klant se beursie het nie genoeg geld vir hierdie bestelling nie. Niks is afgetrek nie.",
  );
  expect(await balanceOf(api, customer.id)).toBe(0);
});

/** The page background of each theme (#121212 dark, #f8f9ff light), to be sure the theme under test is shown. */

test.describe("accessibility", () => {
  // axe is injected as a script; the app's CSP (script-src 'self') would refuse it.
  test.use({ bypassCSP: true });
  for (const theme of ["dark", "light"] as const) {
    test(`the orders screen and its dialogs have no serious accessibility violations (${theme})`, async ({
      page,
    }) => {
      const week = await openOrders(page, theme);
      await expect(bodyRows(page)).toHaveCount(Math.min(week.total, 25));
      await expectNoSeriousA11yViolations(page);

      const first = week.data[0] as SummaryRow;
      await page.getByRole("button", { name: viewButton(first) }).click();
      await expect(page.getByRole("dialog")).toContainText(first.id);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Sluit" }).click();

      await page.getByRole("button", { name: "Nuwe bestelling" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nuwe bestelling" });
      await expect(dialog.getByRole("combobox", { name: "Afhaaldag" })).not.toHaveText("");
      await expectNoSeriousA11yViolations(page);
      await saveSettings(page);
    });
  }
});
