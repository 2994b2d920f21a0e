import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL } from "./support/env";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The real built app on the real server, in Debian's Chromium (never a downloaded one). */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // The specs share one server and its demo data; they run one after another.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // npm test reads the counts from the JSON report it names; alone, the list is enough.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  globalSetup: "./support/global-setup.ts",
  use: {
    baseURL: E2E_BASE_URL,
    locale: "af-ZA",
    timezoneId: "Africa/Johannesburg",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
