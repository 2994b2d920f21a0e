import { canteenNow } from "./support/clock";
import { DEMO } from "./support/env";
import {
  type Api,
  expect,
  expectNoSeriousA11yViolations,
  holdEntryScript,
  newContext,
  openScreen,
  type Page,
  signIn,
  test,
} from "./support/fixtures";
import { linkIn, waitForMail } from "./support/mailbox";

/* The customers' ordering app at phone size (docs/product.md), against the real server and its mail. */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, bypassCSP: true });

/** Today's weekday in the canteen by the tests' clock (support/clock.ts): 1 = Monday, a school day. */
function canteenWeekday(): number {
  const weekday = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Johannesburg",
    weekday: "short",
  }).format(canteenNow());
  return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(weekday) + 1;
}

type CanteenRules = { cutoffTime: string; cutoffDaysBefore: number; [rule: string]: unknown };

/** Runs `run` with the canteen's cut-off at `cutoffTime` on the day itself, then puts the rules back. */
async function withCutoff<T>(api: Api, cutoffTime: string, run: () => Promise<T>): Promise<T> {
  // The rules as a save takes them: their version is the read's, not a rule (decision 0057).
  const { version: _version, ...rules } = await api<CanteenRules>("GET", "/api/canteen-settings");
  await api("PUT", "/api/canteen-settings", { data: { ...rules, cutoffTime, cutoffDaysBefore: 0 } });
  try {
    return await run();
  } finally {
    await api("PUT", "/api/canteen-settings", { data: rules });
  }
}

/** The card of today's school day on /my (the first card whose dish can still be ordered). */
function todaysCard(page: Page) {
  return page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^Bestel/ }) })
    .first();
}

test.describe("the ordering app", () => {
  // The server and the browser share the tests' clock, a school-day morning: today can be
  // ordered until a 23:59 cut-off whatever day and hour the tests run.
  test("a new student signs up, is topped up, orders, sees the kitchen make it live, and cancels", async ({
    browser,
    baseURL,
    api,
  }) => {
    test.setTimeout(120_000);
    const email = `nuwe.student.${Date.now()}@example.com`;
    const customer = await newContext(browser, { viewport: PHONE, baseURL });
    const page = await customer.newPage();

    // Sign up and verify by the mailed link.
    await page.goto("/signup");
    await page.getByLabel("Voornaam").fill("Nandi");
    await page.getByLabel("Van").fill("Nuweling");
    await page.getByLabel("E-pos").fill(email);
    await page.getByLabel(/^Wagwoord/).fill("student-wagwoord-1");
    await page.getByRole("button", { name: "Registreer" }).click();
    const mail = await waitForMail(email);
    await page.goto(linkIn(mail, "/verify-email"));
    await expect(page.getByText(/bevestig|geverifieer/i).first()).toBeVisible();

    // An admin tops up the new wallet, and lets today be ordered until 23:59.
    const found = await api<{ id: string }[]>("GET", `/api/customers?q=${encodeURIComponent(email)}`);
    const id = found[0]?.id;
    expect(id).toBeTruthy();
    await api("POST", `/api/customers/${id}/top-ups`, {
      data: { amount: "200", method: "cash", reason: "Kontant by die toonbank" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
      status: 201,
    });

    await withCutoff(api, "23:59", async () => {
      // The cook's board is open in a second browser before the order is placed.
      const kitchen = await newContext(browser, { baseURL });
      const board = await kitchen.newPage();
      await signIn(board, DEMO.staff, "/kitchen");
      const toDo = board.getByRole("region", { name: "Om te doen" });
      await expect(toDo).toBeVisible();

      // Sign in to the ordering app and order two portions of today's dish.
      await page.goto("/my/login");
      await page.getByLabel("E-pos").fill(email);
      await page.getByLabel("Wagwoord").fill("student-wagwoord-1");
      await page.getByRole("button", { name: "Teken in" }).click();
      await expect(page).toHaveURL(/\/my$/);
      await expect(page.getByRole("heading", { level: 1, name: "Spyskaart" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Saldo R\s?200[.,]00/ })).toBeVisible();

      const card = todaysCard(page);
      await expect(card.getByText(/Sluit om 23:59/)).toBeVisible();
      await card.getByRole("button", { name: "Bestel" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Een meer" }).click();
      await expect(dialog.locator("output")).toHaveText("2");
      await dialog.getByRole("button", { name: /^Bevestig en betaal/ }).click();
      await expect(page.getByText("Jou bestelling", { exact: true })).toBeVisible();
      // What was ordered reads as portions and money, not "2 × · R …".
      await expect(card.getByText(/^2 porsies · R\s?\d/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The kitchen sees it live, begins it and marks it ready.
      const orderCard = toDo.getByRole("listitem").filter({ hasText: "Nandi Nuweling" });
      await expect(orderCard).toBeVisible();

      const nav = page.getByRole("navigation", { name: "Bestel-app" });
      const balance = page.getByRole("link", { name: /^Saldo/ });
      const balanceText = async () => (await balance.getAttribute("aria-label")) ?? "";
      await expect.poll(balanceText).not.toMatch(/R\s?200[.,]00/);
      const afterFirstOrder = await balanceText();
      await nav.getByRole("link", { name: "Bestellings" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My bestellings" })).toBeVisible();
      const mine = page.getByRole("article").first();
      await expect(mine.getByText("Betaal, om te doen", { exact: true })).toBeVisible();

      await orderCard.getByRole("button", { name: "Begin" }).click();
      const preparing = board
        .getByRole("region", { name: "Besig" })
        .getByRole("listitem")
        .filter({ hasText: "Nandi Nuweling" });
      await preparing.getByRole("button", { name: "Sit gereed" }).click();
      // No reload: the customer's stream brings it.
      await expect(mine.getByText("Gereed — kom haal")).toBeVisible();
      await expect(mine.getByRole("button", { name: "Kanselleer" })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      // The QR code the counter scans, drawn on the phone.
      await mine.getByRole("button", { name: "Wys QR-kode" }).click();
      const qr = page.getByRole("dialog", { name: /^Bestelling #\d+$/ });
      const image = qr.getByRole("img", { name: /^QR-kode van bestelling #/ });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await qr.getByRole("button", { name: "Sluit" }).click();
      await expect(qr).toBeHidden();
      await kitchen.close();

      // A second order, cancelled before the cut-off: refunded at once, to the cent.
      await nav.getByRole("link", { name: "Spyskaart" }).click();
      await todaysCard(page).getByRole("button", { name: "Bestel nog" }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Bevestig en betaal/ })
        .click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect.poll(balanceText).not.toBe(afterFirstOrder);

      await nav.getByRole("link", { name: "Bestellings" }).click();
      const waiting = page
        .getByRole("article")
        .filter({ has: page.getByRole("button", { name: "Kanselleer" }) });
      await expect(waiting).toHaveCount(1);
      await waiting.getByRole("button", { name: "Kanselleer" }).click();
      // The confirm says the money goes back; the cancelled card says it came back, and who cancelled.
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(/R\s?[\d,]+ word in jou beursie terugbetaal\./);
      await confirm.getByRole("button", { name: "Ja, kanselleer" }).click();
      await expect(
        page.getByText("Jou bestelling is gekanselleer en die geld is terug in jou beursie."),
      ).toBeVisible();
      const cancelled = page.getByRole("article").filter({ hasText: "Gekanselleer" });
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled).toContainText("Jy het dié bestelling gekanselleer.");
      await expect(cancelled).toContainText(/R\s?[\d,]+ is terug in jou beursie\./);
      await expect.poll(balanceText).toBe(afterFirstOrder);
      await nav.getByRole("link", { name: "Beursie" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Beursie" })).toBeVisible();
      await expect(page.getByText(/^Terugbetaling:/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
    await customer.close();
  });

  test("the menu page asks for its routes' and screen's scripts and the week's menu before its entry script runs", async ({
    page,
  }) => {
    // Each is asked for once, by index.html's own script: before the entry script comes.
    const { askedBeforeEntry } = await holdEntryScript(page);
    await signIn(page, DEMO.student, "/my", { customer: true });
    await expect(page.getByRole("heading", { level: 1, name: "Spyskaart" })).toBeVisible();
    for (const wanted of [
      /^\/assets\/my-routes-[\w-]+\.js$/,
      /^\/assets\/my-menu-screen-[\w-]+\.js$/,
      /^\/api\/my\/menu$/,
    ]) {
      expect(askedBeforeEntry(wanted), `${wanted}: asked for once, before the entry script came`).toEqual([
        true,
      ]);
    }
  });

  test("a day past its cut-off shows Gesluit and cannot be ordered", async ({ page, api }) => {
    await withCutoff(api, "00:00", async () => {
      await signIn(page, DEMO.student, "/my", { customer: true });
      await expect(page.getByRole("heading", { level: 1, name: "Spyskaart" })).toBeVisible();
      const weekday = canteenWeekday();
      expect(weekday, "the tests' clock stands on a school day").toBeLessThanOrEqual(5);
      // Today's card comes first, marked Vandag.
      const today = page.getByRole("article").first();
      await expect(today.getByText("Vandag", { exact: true })).toBeVisible();
      await expect(today.getByText("Gesluit", { exact: true })).toBeVisible();
      await expect(today.getByRole("button", { name: /^Bestel/ })).toHaveCount(0);
    });
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`every screen of the ordering app passes axe in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/my/login");
    await expect(page.getByRole("heading", { name: "Teken in om te bestel" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await signIn(page, DEMO.student, "/my", { customer: true, theme });
    for (const [path, heading] of [
      ["/my", "Spyskaart"],
      ["/my/orders", "My bestellings"],
      ["/my/wallet", "Beursie"],
      ["/my/profile", "Profiel"],
    ] as const) {
      await openScreen(page, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
  });
}
