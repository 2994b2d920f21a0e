import { test } from "vitest";
import type { BuildAppOptions } from "../app";
import type { Config } from "../config";
import { createTestApp } from "./test-app";

/**
 * The API tests' `it`: `app` (the built app), `db`, `config` and `database` are one app on a
 * fresh database, built when a test or `it.beforeAll` of the file first asks for them and
 * closed, with its database dropped, after the file's last test.
 *
 * Call it once per file (`const it = appTest(overrides)`), or once per `describe` that needs an
 * app of its own: the server project keeps modules from file to file (isolate: false), so a
 * shared extended `it` would carry one file's overrides into the next; each call defines
 * fixtures of its own. `overrides` may be a function, read when the app is built: for a value
 * that a `beforeAll` before the first use makes (an SMTP receiver's address).
 */
export function appTest(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  options: Pick<BuildAppOptions, "onRoute" | "webDist"> = {},
) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads the fixtures a fixture needs from this pattern.
      .extend("testApp", { scope: "file" }, async ({}, { onCleanup }) => {
        const built = await createTestApp(
          typeof overrides === "function" ? overrides() : overrides,
          undefined,
          options,
        );
        onCleanup(() => built.close());
        return built;
      })
      .extend("app", { scope: "file" }, ({ testApp }) => testApp.app)
      .extend("db", { scope: "file" }, ({ testApp }) => testApp.db)
      .extend("config", { scope: "file" }, ({ testApp }) => testApp.config)
      .extend("database", { scope: "file" }, ({ testApp }) => testApp.database)
  );
}
