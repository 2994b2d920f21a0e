import type { OnSaleItem } from "@kantien/domain/counter-sales";
import { formatRand } from "@kantien/domain/money";
import { DEMO } from "./support/env";
import { expect, type Page, signIn, test } from "./support/fixtures";

/*
 * The counter sells at break (decision 0071), on a landscape kitchen tablet, against the real
 * server: the demo counter's items, its learners' wallets and an admin's void.
 */
test.use({ viewport: { width: 1180, height: 820 } });

const SELL = "/kitchen/counter?mode=sell";
const tile = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^Voeg ${name} by`) });
const basket = (page: Page) => page.getByRole("region", { name: "Mandjie" });

test("a basket sold for cash, a severe allergy refused, a learner's wallet sale with the balance first, and an admin's void", async ({
  page,
  api,
  newCustomer,
}) => {
  test.setTimeout(90_000);
  const learner = await newCustomer({ firstName: "Pouse", balance: 50 });
  await api("PUT", `/api/customers/${learner.id}/allergies`, {
    data: { allergies: [{ code: "peanuts", severity: "severe" }], diet: [], allergyConsent: true },
  });
  const before = await api<{ items: OnSaleItem[] }>("GET", "/api/counter/on-sale");
  const bananasLeft = before.items.find((item) => item.name === "Piesang")?.left ?? 0;
  expect(bananasLeft).toBeGreaterThan(1);

  // Cash: two waters and a banana.
  await signIn(page, DEMO.staff, SELL);
  await tile(page, "Water 500 ml").click();
  await tile(page, "Water 500 ml").click();
  await tile(page, "Piesang").click();
  await expect(basket(page)).toContainText("Water 500 ml × 2");
  await expect(basket(page)).toContainText(formatRand("25.00"));
  await basket(page).getByRole("button", { name: "Kontant" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Verkoop \d+:/ })).toContainText(
    formatRand("25.00"),
  );
  await page.getByRole("button", { name: "Volgende verkoop" }).click();

  // A learner with a severe peanut allergy: the peanut bar is refused, and nothing is charged.
  await tile(page, "Grondboontjie-stafie").click();
  await basket(page).getByRole("combobox").fill("Pouse");
  await page.getByRole("option", { name: /Pouse/ }).click();
  await expect(basket(page).getByText(`Saldo ${formatRand("50.00")}`)).toBeVisible();
  await basket(page)
    .getByRole("button", { name: /^Betaal / })
    .click();
  await expect(basket(page).getByRole("alert")).toContainText("grondboontjies");
  await basket(page).getByRole("button", { name: "Een minder Grondboontjie-stafie" }).click();

  // A banana instead, from the wallet.
  await tile(page, "Piesang").click();
  await basket(page)
    .getByRole("button", { name: /^Betaal R.*5,00 uit Pouse/ })
    .click();
  const receipt = page.getByRole("region", { name: /^Verkoop \d+$/ });
  await expect(receipt).toContainText(`Saldo na${formatRand("45.00")}`);
  const after = await api<{ items: OnSaleItem[] }>("GET", "/api/counter/on-sale");
  expect(after.items.find((item) => item.name === "Piesang")?.left).toBe(bananasLeft - 2);

  // An admin voids the wallet sale: the learner has their R 50 again.
  await signIn(page, DEMO.admin, SELL);
  await page.getByRole("button", { name: "Vandag se verkope" }).click();
  const list = page.getByRole("dialog", { name: "Vandag se verkope" });
  const row = list.getByRole("listitem").filter({ hasText: "Pouse" });
  await row.getByRole("button", { name: "Kanselleer" }).click();
  const asked = page.getByRole("dialog", { name: /^Kanselleer verkoop \d+\?$/ });
  await asked.getByRole("textbox").fill("Verkeerde kind");
  await asked.getByRole("button", { name: "Kanselleer" }).click();
  await expect(page.getByText(/^Verkoop \d+ is gekanselleer\.$/)).toBeVisible();
  await expect(row).toContainText("Verkeerde kind");
  const refunded = await api<{ balance: string }>("GET", `/api/customers/${learner.id}`);
  expect(refunded.balance).toBe("50.00");
});

test("the counter keeps selling when the Wi-Fi drops mid-break, keeps what waits through a reload, and sends each sale once", async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  type Sale = { number: number; total: string; method: string; lines: { name: string; quantity: number }[] };
  const salesOfToday = async () => (await api<{ sales: Sale[] }>("GET", "/api/counter/sales")).sales;
  const before = (await salesOfToday()).length;
  // A session of its own: the journey before may have ended the shared one with its admin's.
  await signIn(page, DEMO.staff, SELL, { ownSession: true });
  await expect(tile(page, "Water 500 ml")).toBeVisible();

  // This device loses the Wi-Fi: the counter says so at once and keeps the cash sale.
  await page.context().setOffline(true);
  await expect(page.getByText("Hierdie toestel is vanlyn (geen Wi-Fi nie).")).toBeVisible();
  await tile(page, "Water 500 ml").click();
  await basket(page).getByRole("button", { name: "Kontant" }).click();
  await expect(
    page.getByText("Gestoor op die toestel: word gestuur sodra die bediener terug is."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "1 wag om gestuur te word" })).toContainText(
    "Water 500 ml × 1",
  );
  // Back online: it goes by itself.
  await page.context().setOffline(false);
  await expect(page.getByText("1 wat gewag het, is deur.")).toBeVisible();

  // The server stops answering sales: the next one waits, and a reload of the tab keeps it.
  await page.route("**/api/counter/sales", (route) =>
    route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback(),
  );
  await tile(page, "Piesang").click();
  await tile(page, "Piesang").click();
  await basket(page).getByRole("button", { name: "Kaart" }).click();
  await expect(page.getByText("Die bediener antwoord nie.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "1 wag om gestuur te word" })).toContainText("Piesang × 2");
  await page.unroute("**/api/counter/sales");
  await page.getByRole("button", { name: "Probeer nou" }).click();
  await expect(page.getByText("1 wat gewag het, is deur.")).toBeVisible();

  // Each went through once.
  const after = await salesOfToday();
  expect(after.length).toBe(before + 2);
  const mine = after
    .slice(0, 2)
    .map((sale) => `${sale.method} ${sale.lines.map((l) => `${l.name}×${l.quantity}`).join()}`);
  expect(mine.sort()).toEqual(["card Piesang×2", "cash Water 500 ml×1"]);
});
