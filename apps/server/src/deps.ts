import type { Config } from "./config";
import type { Database } from "./db/client";
import type { AppMetrics } from "./metrics";

/** What every module's routes receive from the app that composes them. */
export type AppDeps = { config: Config; database: Database; metrics: AppMetrics };
