import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          // API tests share one PGlite or PostgreSQL per file, copied from one migrated
          // template (src/test/global-setup.ts); files run in parallel forks.
          globalSetup: ["./src/test/global-setup.ts"],
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          // Rendering MUI in jsdom on two busy cores can take seconds; a journey still fails on a real hang.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
