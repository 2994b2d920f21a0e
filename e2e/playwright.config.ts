import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL } from "../scripts/chromium.mjs";

/** The real built app on the real server, in Debian's Chromium headless shell (never a downloaded one). */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // Each worker has its own server and demo data (support/fixtures.ts); within a worker a
  // spec's tests run in order. Two on two cores: three took 4 % less alone, but cost the machine
  // more CPU, so npm test was no shorter (decision 0075).
  workers: 2,
  fullyParallel: false,
  // No retries, on CI either: a test that fails once is a failure to fix, never a silent pass.
  retries: 0,
  // Sized for a CI machine at half its usual speed with the benchmark and the cluster running
  // beside: a test that passes in 10 s there has needed more than 30 s on such a run.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test reads the counts from the JSON report it names; alone, the list is enough.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  globalSetup: "./support/global-setup.ts",
  use: {
    locale: "af-ZA",
    timezoneId: "Africa/Johannesburg",
    // The app then drops transitions and ripples (lib/theme.ts): nothing waits for an animation
    // to end, and Chromium draws far fewer frames.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    // Recording a trace costs about a quarter of a test's time: none by default; to look into a
    // failure, run its spec again with `--trace retain-on-failure`.
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL,
      args: CHROMIUM_ARGS,
    },
  },
});
