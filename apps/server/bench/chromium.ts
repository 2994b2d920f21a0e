/**
 * Debian's Chromium with the browser tests' flags (e2e/support/chromium.ts, the one list):
 * never a downloaded browser, and nothing but the page reaches the network.
 */
export { CHROMIUM, CHROMIUM_ARGS as CHROMIUM_FLAGS } from "../../../e2e/support/chromium";
