import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_BUNDLE } from "../../../scripts/build-server.mjs";

/**
 * The budget: the resident memory of the server on its embedded database, the first start on an
 * empty DATA_DIR (migrations and the demo data), idle a while after it is ready, in MB
 * (docs/decisions/0065-a-lighter-embedded-start.md).
 */
export const EMBEDDED_START_BUDGET = { rssMb: 400, settleSeconds: 10 } as const;

export type EmbeddedStartResult = {
  /** From the start until /api/health/ready answers, in s. */
  readySeconds: number;
  /** VmRSS after the settle time, MB. */
  rssMb: number;
  /** VmHWM: the most it held at once, MB. */
  peakMb: number;
};

/**
 * Starts the built server as `npm start` runs it (with source maps) (no DATABASE_URL: PGlite, seeded) on an empty
 * DATA_DIR, waits until it is ready and `settleSeconds` more, and reads its VmRSS and VmHWM.
 * Null without the build: the server runs from its bundle.
 */
export async function measureEmbeddedStart(): Promise<EmbeddedStartResult | null> {
  if (!fs.existsSync(SERVER_BUNDLE)) return null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-bench-start-"));
  const port = await freePort();
  const { DATABASE_URL: _url, SEED_DEMO: _seed, ...env } = process.env;
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    const started = performance.now();
    await waitUntilReady(`http://127.0.0.1:${port}`, exited, () => stderr);
    const readySeconds = Math.round((performance.now() - started) / 100) / 10;
    await new Promise((resolve) => setTimeout(resolve, EMBEDDED_START_BUDGET.settleSeconds * 1000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    const mb = (field: string) =>
      Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
    return { readySeconds, rssMb: mb("VmRSS"), peakMb: mb("VmHWM") };
  } finally {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitUntilReady(base: string, exited: Promise<number | null>, stderr: () => string) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready: ${stderr()}`);
    try {
      if ((await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server was not ready within 120 s");
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
