// Debian's Chromium and the flags the browser tests and the benchmark run it with: the one list.

/** Debian's Chromium (debian-packages.mjs installs it); never a downloaded one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's headless shell of the same Chromium, for the browser tests: the same engine without
 * the browser around it, about a third less time per test (decision 0048). Lighthouse and the
 * benchmark's pages keep the full browser, whose figures the budgets were set on.
 */
export const CHROMIUM_HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Chromium's flags: nothing but the page reaches the network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
