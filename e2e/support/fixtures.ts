import { createRequire } from "node:module";
import type { Settings } from "@kantien/domain/auth";
import { CLOSED_STATUSES, type OrderStatus } from "@kantien/domain/order-status";
import type { CreatedOrder, OrderDetail, OrderMenuDay } from "@kantien/domain/orders-summary";
import type { CustomerRow } from "@kantien/domain/people";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Cookie,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { canteenNow, canteenToday } from "./clock";
import { DEMO, E2E_PORT, E2E_SMTP_PORT } from "./env";
import { startServer, type TestServer } from "./server";

export type { Locator, Page };
export { expect };

const require = createRequire(import.meta.url);

/**
 * A browser context on the tests' clock (clock.ts): its pages' `Date` starts where the
 * server's clock stands and runs on from there (`setSystemTime`, so timers keep running).
 */
export async function onTestClock(context: BrowserContext): Promise<BrowserContext> {
  await context.clock.setSystemTime(canteenNow());
  return context;
}

/** A second browser (a cook beside a customer), on the tests' clock like the test's own page. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}) {
  return onTestClock(await browser.newContext(options));
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiOptions = { data?: unknown; headers?: Record<string, string>; status?: number };
/**
 * A call to the API in an admin's session: checks the answer's status (`status`, or any 2xx)
 * and returns its `data`.
 */
export type Api = <T = unknown>(method: ApiMethod, path: string, options?: ApiOptions) => Promise<T>;

export type NewCustomerOptions = { firstName?: string; lastName?: string; roleId?: 1 | 2; balance?: number };

type Fixtures = {
  /** The admin's API, signed in once for the test and signed out after it. */
  api: Api;
  /**
   * Makes a customer of this test alone (a student unless `roleId` says 2, academy staff; a
   * unique last name and address after `lastName`), with `balance` rand in the wallet (a real
   * top-up, 100 unless given); removed after the test.
   */
  newCustomer: (options?: NewCustomerOptions) => Promise<CustomerRow>;
  /**
   * An admin places an order for today's dish from a customer's wallet (the demo student's
   * unless `customerId` is given); an order still open after the test is cancelled, which
   * refunds it.
   */
  placeOrderForToday: (options?: { customerId?: string }) => Promise<OrderDetail>;
};

/** What a test can leave on a page for the next one: scripts, bindings, sizes, media, headers, routes. */
const PAGE_STATE_METHODS = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "setViewportSize",
  "emulateMedia",
  "setExtraHTTPHeaders",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "addLocatorHandler",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
] as const;

/**
 * Notes whether the test calls one of the page's methods that leave something on it, or leaves
 * a listener on it (Playwright's own, waiting for an event, are gone by the end); the returned
 * function stops watching and tells.
 */
function watchPageState(page: Page): () => boolean {
  let changed = false;
  // A page is Playwright's event emitter, which counts its listeners as Node's does; its
  // declared type leaves those methods out.
  const emitter = page as unknown as {
    eventNames(): (string | symbol)[];
    listenerCount(event: string | symbol): number;
  };
  const listeners = () =>
    emitter.eventNames().map((event) => `${String(event)}:${emitter.listenerCount(event)}`);
  const listenersBefore = listeners().join();
  const own = page as unknown as Record<string, unknown>;
  for (const name of PAGE_STATE_METHODS) {
    const original = page[name] as (...args: unknown[]) => unknown;
    own[name] = (...args: unknown[]) => {
      changed = true;
      return original.apply(page, args);
    };
  }
  return () => {
    for (const name of PAGE_STATE_METHODS) delete own[name];
    return changed || listeners().join() !== listenersBefore;
  };
}

/** Pages whose test left nothing on them (`watchPageState`): their context may keep them for the next test. */
const unchangedPages = new WeakSet<Page>();

/**
 * The browser tests' `test`: each worker has its own server and data (so specs in two
 * workers never meet), and pages open on it, on the same clock as the server.
 *
 * A test's `context` is one its worker keeps for tests of the same options, emptied after each
 * test of all but the browser's cache: pages, cookies, storage, service workers, permissions,
 * routes. Loading the app from a warm cache costs Chromium about half the time of a first visit
 * (decision 0051); a test that needs a first visit makes its own context (`newContext`).
 *
 * A test's `page` is the one the context kept from the test before, on about:blank, when that
 * test changed nothing of the page itself (`watchPageState`): the app loads again in the same
 * renderer, which has compiled its scripts already, for about half of Chromium's CPU of a load
 * in a new page (decision 0075). Otherwise the page is closed and the next test gets a new one.
 */
export const test = base.extend<Fixtures, { server: TestServer; keptContexts: Map<string, BrowserContext> }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startServer({
        port: E2E_PORT + workerInfo.parallelIndex,
        smtpPort: E2E_SMTP_PORT,
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  keptContexts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const contexts = new Map<string, BrowserContext>();
      await use(contexts);
      for (const context of contexts.values()) await context.close();
    },
    { scope: "worker" },
  ],
  // `context`'s teardown, which runs after this one's, keeps the page when it is unchanged.
  page: async ({ context }, use) => {
    const page = context.pages()[0] ?? (await context.newPage());
    unchangedPages.delete(page);
    const changedPage = watchPageState(page);
    await use(page);
    if (!changedPage()) unchangedPages.add(page);
  },
  context: async (
    { browser, keptContexts, baseURL, bypassCSP, viewport, locale, timezoneId, reducedMotion },
    use,
  ) => {
    const options = { baseURL, bypassCSP, viewport, locale, timezoneId, reducedMotion };
    const key = JSON.stringify(options);
    let context = keptContexts.get(key);
    if (!context) {
      context = await browser.newContext(options);
      keptContexts.set(key, context);
    }
    await use(await onTestClock(context));
    // First no page of the app is left to ask or write: one page of the test's stays, on
    // about:blank, to empty the origin through (a new one would cost a renderer process).
    const [kept, ...others] = context.pages();
    await Promise.all(others.map((page) => page.close()));
    // The tab's own storage, which clearing the origin below leaves.
    await kept?.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    const blank = kept ?? (await context.newPage());
    await blank.goto("about:blank");
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
    // Everything the origin stored, but not the HTTP cache (Storage.clearDataForOrigin leaves it).
    const cdp = await context.newCDPSession(blank);
    await cdp.send("Storage.clearDataForOrigin", {
      origin: new URL(baseURL ?? "").origin,
      storageTypes: "all",
    });
    await cdp.detach();
    if (!unchangedPages.has(blank)) await blank.close();
  },
  api: async ({ playwright, server }, use) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    const login = await request.post("/api/auth/login", { data: DEMO.admin });
    expect(login.ok(), `sign-in of ${DEMO.admin.email}: ${login.status()}`).toBe(true);
    await use(async <T>(method: ApiMethod, path: string, { data, headers, status }: ApiOptions = {}) => {
      const response = await request.fetch(path, { method, data, headers });
      const text = await response.text();
      if (status) expect(response.status(), `${method} ${path}: ${text}`).toBe(status);
      else expect(response.ok(), `${method} ${path}: ${text}`).toBe(true);
      return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
    });
    await request.post("/api/auth/logout", { data: {} });
    await request.dispose();
  },
  newCustomer: async ({ api }, use) => {
    const made: string[] = [];
    await use(async ({ firstName = "Lerato", lastName = "Toets", roleId = 1, balance = 100 } = {}) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const customer = await api<CustomerRow>("POST", "/api/customers", {
        data: {
          firstName,
          lastName: `${lastName}${stamp}`,
          email: `${firstName.toLowerCase()}.${stamp}@kantien.example`,
          roleId,
        },
        status: 201,
      });
      made.push(customer.id);
      if (balance > 0) {
        await api("POST", `/api/customers/${customer.id}/top-ups`, {
          data: { amount: balance.toFixed(2), method: "cash", reason: "Toets" },
          headers: { "Idempotency-Key": `e2e-${stamp}` },
          status: 201,
        });
      }
      return customer;
    });
    for (const id of made) await api("DELETE", `/api/customers/${id}`);
  },
  placeOrderForToday: async ({ api }, use) => {
    const placed: string[] = [];
    await use(async ({ customerId } = {}) => {
      // The tests' clock stands on a school day (clock.ts): today has a dish.
      const today = canteenToday();
      const days = await api<OrderMenuDay[]>("GET", "/api/orders/menu-days");
      const item = days.find((day) => day.date === today)?.items[0];
      expect(item, `a dish on ${today}`).toBeDefined();
      const customer =
        customerId ??
        (await api<{ id: string }[]>("GET", `/api/customers?q=${encodeURIComponent(DEMO.student.email)}`))[0]
          ?.id;
      const { order } = await api<CreatedOrder>("POST", "/api/orders", {
        headers: { "Idempotency-Key": crypto.randomUUID() },
        data: { customerId: customer, foodItemId: item?.id, deliveryDate: today, quantity: 1 },
        status: 201,
      });
      placed.push(order.id);
      return order;
    });
    for (const id of placed) {
      const { status } = await api<OrderDetail>("GET", `/api/orders/${id}`);
      if (!CLOSED_STATUSES.includes(status as OrderStatus)) {
        await api("PATCH", `/api/orders/${id}/status`, {
          data: { status: "cancelled", reason: "Die toets is klaar" },
        });
      }
    }
  },
});

type Credentials = { email: string; password: string };

/** Session cookies by email, one sign-in per user per worker (each worker is its own process). */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in through the API (the sign-in screen is tested by auth.spec.ts), reusing this
 * worker's session for the user, and opens `path`. `ownSession` signs in afresh and keeps the
 * session out of the cache: for a test that signs out, which ends its session on the server.
 * `theme` saves that theme first, so the first page shows it (decision 0012: the saved theme
 * wins); a test that sets it restores the defaults with `saveSettings(page)`.
 */
export async function signIn(
  page: Page,
  user: Credentials,
  path = "/dashboard",
  {
    ownSession = false,
    theme,
    customer = false,
  }: { ownSession?: boolean; theme?: ThemeName; customer?: boolean } = {},
) {
  const context = page.context();
  let cookies = ownSession ? undefined : sessions.get(user.email);
  if (!cookies) {
    // Customers sign in to the ordering app (decision 0021); the back office gives them no session.
    const loginPath = customer ? "/api/my/auth/login" : "/api/auth/login";
    const answer = await page.request.post(loginPath, { data: user });
    expect(answer.ok(), `sign-in of ${user.email}: ${answer.status()}`).toBe(true);
    cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith("kantien"));
    if (!ownSession) sessions.set(user.email, cookies);
  } else {
    await context.addCookies(cookies);
  }
  if (theme && customer) await saveMyTheme(page, theme);
  else if (theme) await saveSettings(page, { theme });
  await page.goto(path);
  // The saved theme shows once the settings have loaded: on a machine at half its usual speed
  // that has taken longer than the default 7 s.
  if (theme) {
    await expect(page.locator("body")).toHaveCSS("background-color", THEME_BACKGROUND[theme], {
      timeout: 15_000,
    });
  }
}

/**
 * Opens a screen as its user does, without loading the app again: through a link in the page's
 * navigation (the ordering app's bottom bar, the back office's side menu, behind the menu button
 * below 1024 px), else by address when no menu links to it.
 */
export async function openScreen(page: Page, path: string) {
  if (new URL(page.url()).pathname === path) return;
  const link = page.getByRole("navigation").locator(`a[href="${path}"]`);
  const menuButton = page.getByRole("button", { name: "Maak die kieslys oop" });
  if ((await link.count()) === 0 && (await menuButton.isVisible())) {
    await menuButton.click();
    await expect(page.getByRole("navigation", { name: "Hoofkieslys" })).toBeVisible();
  }
  if ((await link.count()) > 0) await link.first().click();
  else await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Signs in through the sign-in screen, as a person does; the page lands where the app sends it. */
export async function signInWithForm(page: Page, user: Credentials) {
  await page.goto("/login");
  await page.getByLabel(/e-pos|email/i).fill(user.email);
  await page.getByLabel(/wagwoord|password/i).fill(user.password);
  await page.getByRole("button", { name: /^(teken in|sign in)$/i }).click();
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await transitionsSettled(page);
  // Once per page load: a screen reached through the app keeps it.
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  }
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations as AxeViolation[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const violations = await seriousA11yViolations(page);
  expect(
    violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/**
 * Holds the page's entry script back a second and notes every request the page makes, so a
 * test can tell what index.html's own script asks for (before the entry comes) from what the
 * entry asks for (after). `askedBeforeEntry(pattern)` has one entry per request to a path
 * matching `pattern`: true when it was made before the entry script came.
 */
export async function holdEntryScript(page: Page) {
  let entryAnsweredAt = Number.POSITIVE_INFINITY;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    entryAnsweredAt = Date.now();
    await route.continue();
  });
  const asked: { path: string; at: number }[] = [];
  page.on("request", (request) => asked.push({ path: new URL(request.url()).pathname, at: Date.now() }));
  return {
    askedBeforeEntry: (pattern: RegExp) =>
      asked.filter(({ path }) => pattern.test(path)).map(({ at }) => at < entryAnsweredAt),
  };
}

/**
 * Saves the signed-in user's settings through the API, as the settings screen does; the
 * next page load shows them (decision 0012: the saved theme wins over the device's).
 * Unnamed fields get the settings' defaults, so a test restores them with `saveSettings(page)`.
 */
export async function saveSettings(page: Page, settings: Partial<Settings> = {}) {
  const answer = await page.request.put("/api/settings", {
    data: { settings: { theme: "light", language: "af", refresh_interval: 30, ...settings } },
  });
  expect(answer.ok()).toBe(true);
}

/** Saves a customer's theme in their profile, as the ordering app's profile screen does. */
async function saveMyTheme(page: Page, theme: ThemeName) {
  const profile = (await (await page.request.get("/api/my/profile")).json()) as {
    data: { firstName: string; lastName: string; phoneNumber: string | null; language: string };
  };
  const { firstName, lastName, phoneNumber, language } = profile.data;
  const answer = await page.request.put("/api/my/profile", {
    data: { firstName, lastName, phoneNumber, language, theme },
  });
  expect(answer.ok()).toBe(true);
}

/** The page background of each theme (spec: #121212 dark, #f8f9ff light). */
export const THEME_BACKGROUND = { dark: "rgb(18, 18, 18)", light: "rgb(248, 249, 255)" } as const;
export type ThemeName = keyof typeof THEME_BACKGROUND;

/**
 * Waits until no CSS transition runs: a dialog fading in, a chip taking the theme's colours.
 * axe measures colours mid-transition as too pale, and boxes mid-transition have no final size.
 */
export async function transitionsSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length),
    )
    .toBe(0);
}

const AF_MONTHS = [
  "Januarie",
  "Februarie",
  "Maart",
  "April",
  "Mei",
  "Junie",
  "Julie",
  "Augustus",
  "September",
  "Oktober",
  "November",
  "Desember",
] as const;

/** How an Afrikaans date field writes `YYYY-MM-DD`: "04 Julie 2031". */
export function writtenDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day} ${AF_MONTHS[Number(month) - 1]} ${year}`;
}

/** A date field (MUI X picker) by its label; its value is in the input inside. */
export function dateField(scope: Locator, label: string): Locator {
  return scope.getByRole("group", { name: label });
}

/** Puts a date into an Afrikaans date field as a person pastes "04 Julie 2031" over all of it. */
export async function fillDate(scope: Locator, label: string, isoDate: string) {
  const field = dateField(scope, label);
  await field.getByRole("spinbutton").first().click();
  await field.page().keyboard.press("ControlOrMeta+a");
  await field.page().evaluate((text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
    );
  }, writtenDate(isoDate));
  await expect(field.locator("input")).toHaveValue(writtenDate(isoDate));
}

/** `YYYY-MM-DD` of what an Afrikaans date field shows ("04 Julie 2031"). */
export async function dateFieldValue(scope: Locator, label: string): Promise<string> {
  const [day, month, year] = (await dateField(scope, label).locator("input").inputValue()).split(" ");
  const monthNumber = (AF_MONTHS as readonly string[]).indexOf(month ?? "") + 1;
  return `${year}-${String(monthNumber).padStart(2, "0")}-${day?.padStart(2, "0")}`;
}
