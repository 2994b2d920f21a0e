import { loadConfig } from "../../apps/server/src/config";
import { exitOnStartFailure, serve } from "../../apps/server/src/serve";

/*
 * The browser tests' server: the real one (serve(), as apps/server/src/main.ts starts it), with
 * the settings of the environment and the tests' clock, set from the offset the worker hands
 * over (support/clock.ts). Only the tests start this file; main.ts has no way to set a clock.
 */
const offset = Number(process.env.KANTIEN_TEST_CLOCK_OFFSET_MS);
if (!Number.isFinite(offset)) {
  console.error("KANTIEN_TEST_CLOCK_OFFSET_MS must be the tests' clock offset in milliseconds");
  process.exit(1);
}
serve({ ...loadConfig(), clock: () => new Date(Date.now() + offset) }).catch(exitOnStartFailure);
