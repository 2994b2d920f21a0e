import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminQuery, databaseUrl } from "../../apps/server/src/test/postgres-admin";
import { CLOCK_OFFSET_MS } from "./clock";

const root = path.resolve(import.meta.dirname, "../..");

export type TestServer = { url: string; stop(): Promise<void> };

/** server-entry.ts bundled as the server is for production (global-setup.ts builds it). */
export const E2E_SERVER_BUNDLE = path.join(root, "e2e/dist/server.mjs");

/**
 * The real server (built web app, API, demo data) on its own port and its own fresh database:
 * each Playwright worker starts one, so workers never see each other's changes. The database is
 * a new one on the PostgreSQL server of TEST_DATABASE_URL when that is set (as in CI: native
 * queries cost the machine less than PGlite's WebAssembly), else a PGlite in a temporary
 * directory. It runs on the tests' clock (clock.ts), through the test-only entry
 * server-entry.ts, bundled as `npm run build` bundles main.ts; the demo data are seeded for that
 * clock's day.
 */
export async function startServer(options: { port: number; smtpPort: number }): Promise<TestServer> {
  const url = `http://localhost:${options.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-e2e-data-"));
  const database = process.env.TEST_DATABASE_URL
    ? await createDatabase(process.env.TEST_DATABASE_URL, `kantien_e2e_${options.port}_${Date.now()}`)
    : null;
  const server = spawn(process.execPath, ["--enable-source-maps", E2E_SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SEED_DEMO: "true",
      PUBLIC_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      LOG_LEVEL: "warn",
      KANTIEN_TEST_CLOCK_OFFSET_MS: String(CLOCK_OFFSET_MS),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(server, url).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  return {
    url,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** A new, empty database on the server of `adminUrl`; `drop` removes it once the server is gone. */
async function createDatabase(adminUrl: string, name: string) {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function waitForHealth(server: ChildProcess, url: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  throw new Error(`the server on ${url} did not become healthy within 90 s`);
}
