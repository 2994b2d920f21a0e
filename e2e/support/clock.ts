/**
 * The browser tests' clock (docs/decisions/0027-one-clock.md): every worker's server and every
 * page start at CANTEEN_START, Tuesday 24 November 2026 at 10:00 in Johannesburg, a school day
 * before its 23:59 end, whatever day and hour the tests run. From there time flows as usual,
 * so timers, cut-offs and "minutes ago" stay coherent between the server and the browser.
 */
export const CANTEEN_START = new Date("2026-11-24T08:00:00Z");

/**
 * How far the tests' clock stands from the machine's: taken once in each worker process, and
 * handed to the servers it starts (server.ts), so they and its browsers agree to the millisecond.
 */
export const CLOCK_OFFSET_MS = CANTEEN_START.getTime() - Date.now();

/** Now, by the tests' clock. */
export function canteenNow(): Date {
  return new Date(Date.now() + CLOCK_OFFSET_MS);
}

/** Today in the canteen (Africa/Johannesburg), by the tests' clock: `YYYY-MM-DD`. */
export function canteenToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(canteenNow());
}
