import { loadConfig } from "./config";
import { exitOnStartFailure, serve } from "./serve";

/**
 * The one way to start the server: every setting comes from the environment (README,
 * Settings), and the clock is the machine's; nothing in the environment can set it.
 */
async function main() {
  await serve(loadConfig());
}

main().catch(exitOnStartFailure);
