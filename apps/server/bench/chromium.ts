/**
 * Debian's Chromium with the browser tests' flags (scripts/chromium.mjs, the one list): never a
 * downloaded browser, and nothing but the page reaches the network.
 */
export { CHROMIUM, CHROMIUM_ARGS as CHROMIUM_FLAGS } from "../../../scripts/chromium.mjs";
