/** Debian's Chromium, as the browser tests use it (scripts/chromium.mjs); never a downloaded one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The browser tests' flags (e2e/support/chromium.ts): nothing but the page reaches the network. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
