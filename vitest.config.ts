import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one for itself, which on two cores halves the speed.
    maxWorkers: "100%",
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"], isolate: false } },
      // The repository's own checks (scripts/*.mjs), fed small docs and import graphs.
      { test: { name: "scripts", root: "scripts", include: ["*.test.mjs"], isolate: false } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          // API tests share one PGlite or PostgreSQL per file, copied from one migrated
          // template (src/test/global-setup.ts); files run in parallel forks. A fork keeps its
          // imported modules from file to file (isolate: false): each file builds its own app
          // on its own database, so nothing else carries over, and imports cost once per fork.
          globalSetup: ["./src/test/global-setup.ts"],
          pool: "forks",
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["./src/test/setup.ts"],
          // Modules are imported once per worker, not once per file (half the time); each
          // test renders into a fresh query client and DOM (src/test/setup.ts cleans up).
          isolate: false,
          // Rendering MUI in happy-dom on two busy cores can take seconds; a journey still fails on a real hang.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
