import net from "node:net";
import { DEMO, E2E_PORT } from "./support/env";
import {
  expect,
  expectNoSeriousA11yViolations,
  holdEntryScript,
  newContext,
  type Page,
  saveSettings,
  signIn,
  test,
} from "./support/fixtures";

/* The kitchen mode on a kitchen tablet (decision 0025), against the real server. */
test.use({ viewport: { width: 820, height: 1180 } });

const BOARD = "/kitchen/board";
const column = (page: Page, name: string) => page.getByRole("region", { name });
const cardIn = (page: Page, name: string, label: string) =>
  column(page, name)
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });

async function openBoard(page: Page, options: Parameters<typeof signIn>[3] = {}) {
  await signIn(page, DEMO.staff, BOARD, options);
  await expect(column(page, "Om te doen").getByRole("listitem").first()).toBeVisible();
}

async function labelOf(page: Page, name: string, index = 0): Promise<string> {
  const card = column(page, name).getByRole("listitem").nth(index);
  return ((await card.getByText(/^#\d+$/).textContent()) ?? "").trim();
}

test("the three columns stand side by side at tablet size, each scrolling on its own under a fixed header", async ({
  page,
}) => {
  await openBoard(page);
  for (const name of ["Om te doen", "Besig", "Gereed"]) {
    await expect(column(page, name).getByRole("heading", { name })).toBeInViewport();
  }
  await expect(page.getByRole("navigation", { name: "Hoofkieslys" })).toHaveCount(0);
  // The page itself does not scroll: each column's list does, so the header stays in sight.
  const pageScrolls = await page.evaluate(
    () => document.documentElement.scrollHeight > document.documentElement.clientHeight,
  );
  expect(pageScrolls).toBe(false);
  const scrollBoxes = await page
    .locator("[data-kitchen-column] ul")
    .evaluateAll((lists) => lists.filter((list) => getComputedStyle(list).overflowY === "auto").length);
  expect(scrollBoxes).toBeGreaterThan(0);
  // The tools say what they do in words, the recently collected with their count.
  const tools = page.getByRole("toolbar", { name: "Gereedskap" });
  await expect(tools.getByRole("button", { name: /^Onlangs afgehaal \(\d+\)$/ })).toHaveText(
    /^Onlangs afgehaal \(\d+\)$/,
  );
  await expect(tools.getByRole("link", { name: "Toonbank" })).toHaveText("Toonbank");
  const begin = column(page, "Om te doen").getByRole("button", { name: "Begin" }).first();
  expect((await begin.boundingBox())?.height).toBeGreaterThanOrEqual(48);
  // Portions, not only orders, and the way back to the back office in one tap.
  await expect(
    page.getByRole("group", { name: /porsies vandag/i }).or(page.getByText(/porsies?$/).first()),
  ).toBeVisible();
  await page.getByRole("link", { name: "Verlaat kombuismodus" }).click();
  await expect(page).toHaveURL(/\/kitchen$/);
  // Exact: while the back office's layout loads, React still shows the kitchen mode and its
  // "Verlaat kombuismodus".
  await page.getByRole("link", { name: "Kombuismodus", exact: true }).click();
  await expect(page).toHaveURL(/\/kitchen\/board$/);
});

test("the board asks for today's orders before its entry script runs, and once", async ({ page }) => {
  const { askedBeforeEntry } = await holdEntryScript(page);
  await openBoard(page);
  expect(
    askedBeforeEntry(/^\/api\/kitchen\/orders$/),
    "asked for once, before the entry script came",
  ).toEqual([true]);
});

test("a new customer order appears highlighted, with the count in the tab's title", async ({
  page,
  placeOrderForToday,
}) => {
  await openBoard(page);
  await expect(page.getByText("Regstreeks")).toBeVisible();
  const before = await column(page, "Om te doen").getByRole("listitem").count();
  await placeOrderForToday();
  const fresh = column(page, "Om te doen").locator("[data-new-order]");
  await expect(fresh).toHaveCount(1);
  await expect(fresh).toContainText("Nuut");
  await expect(column(page, "Om te doen").getByRole("listitem")).toHaveCount(before + 1);
  await expect(page).toHaveTitle(/^\(1\) /);
  // Begun, it is no longer new.
  await fresh.getByRole("button", { name: "Begin" }).click();
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});

test("Begin can be undone for 10 seconds; the order goes back through the server", async ({ page }) => {
  await openBoard(page);
  const label = await labelOf(page, "Om te doen");
  await cardIn(page, "Om te doen", label).getByRole("button", { name: "Begin" }).click();
  await expect(cardIn(page, "Besig", label)).toBeVisible();
  await page.getByRole("button", { name: "Ongedaan maak" }).click();
  await expect(cardIn(page, "Om te doen", label)).toBeVisible();
  await expect(cardIn(page, "Besig", label)).toHaveCount(0);
  await expect(
    page.getByText(`${label} is terug by Om te doen`).or(page.getByText(`${label} is terug by Betaal`)),
  ).toBeVisible();
  // The server has it too: a reload shows it waiting.
  await page.reload();
  await expect(cardIn(page, "Om te doen", label)).toBeVisible();
});

test("a collected order comes back from 'Onlangs afgehaal'", async ({ page }) => {
  await openBoard(page);
  const label = await labelOf(page, "Gereed");
  await cardIn(page, "Gereed", label).getByRole("button", { name: "Oorhandig" }).click();
  await expect(cardIn(page, "Gereed", label)).toHaveCount(0);
  await page.getByRole("button", { name: /^Onlangs afgehaal \(\d+\)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Onlangs afgehaal" });
  await dialog
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${label} ·`) })
    .getByRole("button", { name: "Bring terug" })
    .click();
  await expect(dialog).toBeHidden();
  await expect(cardIn(page, "Gereed", label)).toBeVisible();
});

test("signing in again after the session ended returns to the board", async ({ page }) => {
  await openBoard(page, { ownSession: true });
  // The session ends on the server (as at its end, or signed out elsewhere).
  expect((await page.request.post("/api/auth/logout", { data: {} })).ok()).toBe(true);
  // The board's next load meets the ended session: the refresh button asks for one, unless the
  // live updates asked first and the board has already gone to the sign-in.
  await expect(async () => {
    if (!page.url().endsWith("/login")) {
      await page.getByRole("button", { name: "Verfris bestellings" }).click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByLabel("E-pos").fill(DEMO.staff.email);
  await page.getByLabel("Wagwoord").fill(DEMO.staff.password);
  await page.getByRole("button", { name: "Teken in" }).click();
  await expect(page).toHaveURL(/\/kitchen\/board$/);
  await expect(column(page, "Om te doen").getByRole("heading", { name: "Om te doen" })).toBeVisible();
});

test("the board says it is offline when it loses its server, and keeps the last orders", async ({
  browser,
  server,
}) => {
  // The server out of reach, as when it stops or the tablet's Wi-Fi drops: every connection
  // through the proxy is cut and new ones are refused.
  const proxy = await cuttableProxy(server.url, E2E_PORT + 20);
  const context = await newContext(browser, { baseURL: proxy.url, viewport: { width: 820, height: 1180 } });
  try {
    const page = await context.newPage();
    expect((await page.request.post("/api/auth/login", { data: DEMO.staff })).ok()).toBe(true);
    await page.goto(BOARD);
    await expect(page.getByText("Regstreeks")).toBeVisible();
    const cards = await column(page, "Om te doen").getByRole("listitem").count();
    proxy.cut();
    await expect(page.getByText("Vanlyn")).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole("alert").filter({ hasText: "kan nie die bediener bereik nie" }),
    ).toBeVisible();
    await expect(column(page, "Om te doen").getByRole("listitem")).toHaveCount(cards);
  } finally {
    await context.close();
    await proxy.close();
  }
});

/**
 * A way to the server whose connections the test can cut, as a tablet's Wi-Fi or a proxy would:
 * `cut` drops every open connection and refuses new ones until `restore`.
 */
async function cuttableProxy(target: string, port: number) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const proxy = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(Number(targetPort), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => socket.destroy());
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      refusing = true;
      dropAll();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        proxy.close(() => resolve());
      }),
  };
}

test("a board whose event stream was cut catches up with what changed, without loading the day again", async ({
  browser,
  server,
  api,
  placeOrderForToday,
}) => {
  const proxy = await cuttableProxy(server.url, E2E_PORT + 40);
  const context = await newContext(browser, { baseURL: proxy.url, viewport: { width: 820, height: 1180 } });
  try {
    const page = await context.newPage();
    expect((await page.request.post("/api/auth/login", { data: DEMO.staff })).ok()).toBe(true);
    await page.goto(BOARD);
    await expect(page.getByText("Regstreeks")).toBeVisible();
    await expect(column(page, "Om te doen").getByRole("listitem").first()).toBeVisible();
    // A new order, so the test leaves the demo's orders as they were (the fixture cancels it after).
    const order = await placeOrderForToday();
    const card = column(page, "Om te doen").locator(`[data-order-id="${order.id}"]`);
    await expect(card).toBeVisible();
    const label = ((await card.getByText(/^#\d+$/).textContent()) ?? "").trim();
    let dayLoads = 0;
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/kitchen/orders") dayLoads++;
    });

    proxy.cut();
    await expect(page.getByText("Regstreeks")).toBeHidden();
    // While the board is cut off, the kitchen moves the order on through the server itself.
    await api("PATCH", `/api/orders/${order.id}/status`, { data: { status: "processing" } });
    proxy.restore();

    // The browser reconnects with the last event's id and gets the change it missed.
    await expect(page.getByText("Regstreeks")).toBeVisible({ timeout: 15_000 });
    await expect(cardIn(page, "Besig", label)).toBeVisible();
    await expect(cardIn(page, "Om te doen", label)).toHaveCount(0);
    expect(dayLoads).toBe(0);
  } finally {
    await context.close();
    await proxy.close();
  }
});

test("the counter hands an order over from its QR code, once, and finds orders by name", async ({ page }) => {
  await openBoard(page);
  const ready = column(page, "Gereed").getByRole("listitem").first();
  const id = (await ready.locator("[data-order-id]").getAttribute("data-order-id")) ?? "";
  const day = (await (await page.request.get("/api/kitchen/orders")).json()) as {
    data: { orders: { id: string; customerName: string }[] };
  };
  const customer = day.data.orders.find((order) => order.id === id)?.customerName ?? "";
  const firstName = customer.split(" ")[0] ?? "";
  await page.getByRole("link", { name: "Toonbank" }).click();
  await expect(page.getByRole("heading", { name: "Toonbank" })).toBeVisible();

  // A handheld scanner types the code into the focused field and presses Enter.
  const field = page.getByRole("textbox", { name: "Skandeer of soek" });
  await expect(field).toBeFocused();
  await field.fill(`kantien:order:${id}`);
  await field.press("Enter");
  const found = page.getByRole("list", { name: "Bestellings gevind" }).getByRole("listitem");
  await expect(found).toHaveCount(1);
  await found.getByRole("button", { name: "Oorhandig" }).click();
  await expect(page.getByText(/is oorhandig\.$/)).toBeVisible();
  // Confirmed big, with the customer's name and an undo; the field is ready for the next scan.
  await expect(found).toContainText(`Oorhandig aan ${customer}`);
  await expect(found.getByRole("button", { name: "Ongedaan maak" })).toBeVisible();
  await expect(found.getByRole("button", { name: "Oorhandig" })).toHaveCount(0);
  await expect(field).toBeFocused();

  // The scanner's text leaves the field; a second scan warns in red when and by whom it was
  // collected, the hand-over's notice gone, and the server hands nothing over twice.
  await expect(field).toHaveValue("");
  await field.fill(`kantien:order:${id}`);
  await field.press("Enter");
  await expect(found.locator("[data-already-collected]")).toContainText(
    /Reeds afgehaal op .+ om \d\d:\d\d deur \S+/,
  );
  await expect(page.getByText(/is oorhandig\.$/)).toHaveCount(0);
  await expect(field).toHaveValue("");
  await expect(field).toBeFocused();
  const again = await page.request.post(`/api/kitchen/orders/${id}/collect`, { data: {} });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe("already_collected");

  // By name: the customer's first name finds today's orders.
  expect(firstName).not.toBe("");
  await field.fill(firstName.toLowerCase());
  await field.press("Enter");
  await expect(found.first()).toContainText(firstName);
});

for (const theme of ["dark", "light"] as const) {
  test.describe("axe", () => {
    test.use({ bypassCSP: true });
    test(`the kitchen mode has no serious accessibility violations (${theme})`, async ({ page }) => {
      await openBoard(page, { theme });
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: /^Onlangs afgehaal/ }).click();
      await expect(page.getByRole("dialog", { name: "Onlangs afgehaal" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto("/kitchen/counter");
      const field = page.getByRole("textbox", { name: "Skandeer of soek" });
      await field.fill("a");
      await field.press("Enter");
      await expect(page.getByRole("list", { name: "Bestellings gevind" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveSettings(page);
    });
  });
}
