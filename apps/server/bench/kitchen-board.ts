import { type KitchenColumn, kitchenColumnOf, type OrderStatus } from "@kantien/domain/order-status";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium";
import type { DemoServer } from "./demo-server";
import { median } from "./median";

/** The budget: the kitchen board with 1,000 orders of the day, usable within 1 s in Chromium. */
export const KITCHEN_BOARD_BUDGET = { orders: 1000, usableMs: 1000 };

/** The kitchen tablet the kitchen mode is made for (e2e/kitchen-mode.spec.ts). */
const TABLET = { width: 820, height: 1180 };

export type KitchenBoardResult = {
  /** Today's orders on the server, and the cards each column must show. */
  orders: number;
  cards: Record<KitchenColumn, number>;
  /** Each visit's time to usable, in ms from its navigation's start. */
  runs: number[];
  /** The median visit's; null when no visit became usable. */
  usableMs: number | null;
  /** Each visit's way there: the day's orders answered (ms, by Resource Timing), the first card shown. */
  steps: { dataMs: number | null; firstCardMs: number | null }[];
  /** Why a visit failed (it never became usable, or landed elsewhere); null when none did. */
  error: string | null;
};

/**
 * The kitchen mode (/kitchen/board) on a kitchen tablet, signed in as the cook, on the demo
 * server's data with today's kitchen grown to `orders` orders (the server keeps them). Each
 * visit opens a fresh browser context (nothing cached, as a tablet after a restart) and times,
 * from the navigation's start (performance.now() in the page), until the board is usable:
 * every column shows all of its day's cards, and the first waiting card's next-step button ("Besig") is there and enabled.
 * The page checks that on every animation frame, so a long task that blocks the main thread
 * delays the time as it delays the cook's tap. The first visit warms the server up and is not
 * counted; the median of `runs` visits is the figure.
 */
export async function measureKitchenBoard(
  server: DemoServer,
  { orders, runs }: { orders: number; runs: number },
): Promise<KitchenBoardResult> {
  await server.growToday(orders);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const day = await fetch(`${server.base}/api/kitchen/orders`, {
      headers: { cookie: server.cookies.cook },
    });
    if (!day.ok) throw new Error(`GET /api/kitchen/orders: ${day.status} ${await day.text()}`);
    const { data } = (await day.json()) as { data: { orders: { status: OrderStatus }[] } };
    const cards: Record<KitchenColumn, number> = { pending: 0, processing: 0, ready: 0 };
    for (const order of data.orders) {
      const column = kitchenColumnOf(order.status);
      if (column) cards[column] += 1;
    }
    const result: KitchenBoardResult = {
      orders: data.orders.length,
      cards,
      runs: [],
      usableMs: null,
      steps: [],
      error: null,
    };
    if (data.orders.length !== orders) {
      result.error = `today has ${data.orders.length} orders, not ${orders}`;
      return result;
    }
    for (let visit = 0; visit <= runs; visit++) {
      const context = await browser.newContext({ viewport: TABLET });
      try {
        const [name = "", value = ""] = server.cookies.cook.split("=");
        await context.addCookies([{ name, value, url: server.base }]);
        await context.addInitScript(watchUntilUsable(cards));
        const page = await context.newPage();
        await page.goto(`${server.base}/kitchen/board`);
        const watched = await page
          .waitForFunction(
            () => {
              const w = globalThis as unknown as Watched;
              return w.__usableAt === undefined ? null : { ...w };
            },
            null,
            { timeout: 30_000 },
          )
          .then((handle) => handle.jsonValue() as Promise<Watched>)
          .catch(() => null);
        const usableAt = watched?.__usableAt ?? null;
        const landedOn = new URL(page.url()).pathname;
        if (usableAt === null || landedOn !== "/kitchen/board") {
          result.error = `visit ${visit + 1} on ${landedOn}: the board did not show its ${cards.pending} / ${cards.processing} / ${cards.ready} cards and an enabled "Besig" within 30 s`;
          return result;
        }
        if (visit > 0) {
          result.runs.push(Math.round(usableAt));
          result.steps.push({
            dataMs: watched?.__dataAt == null ? null : Math.round(watched.__dataAt),
            firstCardMs: watched?.__firstCardAt === undefined ? null : Math.round(watched.__firstCardAt),
          });
        }
      } finally {
        await context.close();
      }
    }
    result.usableMs = median(result.runs) ?? null;
    return result;
  } finally {
    await browser.close();
  }
}

type Watched = { __usableAt?: number; __firstCardAt?: number; __dataAt?: number | null };

/**
 * In the page, before its scripts: on every animation frame, until the board is usable, count
 * each column's cards; then note the time (ms since the navigation started). Text, not a
 * function: the page must run it as written (tsx would wrap a function's inner functions in a
 * helper the page does not have).
 */
function watchUntilUsable(cards: Record<KitchenColumn, number>): string {
  return `(() => {
    const cards = ${JSON.stringify(cards)};
    const usable = () =>
      Object.entries(cards).every(
        ([column, count]) => document.querySelectorAll('[data-kitchen-column="' + column + '"] li').length === count,
      ) &&
      // The next step of a waiting card: the button beside the card's own (which has the order's id).
      document.querySelector('[data-kitchen-column="pending"] li button:not([data-order-id]):not(:disabled)') !== null;
    const frame = () => {
      if (window.__firstCardAt === undefined && document.querySelector("[data-kitchen-column] li")) {
        window.__firstCardAt = performance.now();
      }
      if (!usable()) return requestAnimationFrame(frame);
      window.__usableAt = performance.now();
      const day = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/kitchen/orders"));
      window.__dataAt = day ? day.responseEnd : null;
    };
    requestAnimationFrame(frame);
  })();`;
}
