import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, devices, type Request } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium";
import type { DemoServer } from "./demo-server";

export type FirstLoad = {
  path: string;
  /** Where the page ended up (a refused session lands on a sign-in page instead). */
  landedOn: string;
  /** The scripts the page requested until it showed its heading and the network went quiet. */
  files: { file: string; gzipKb: number }[];
  gzipKb: number;
  /**
   * Scripts downloaded after the first load went quiet: a service worker's precache (waited
   * for when the page registers one), a prefetch. Not in the first load, but on the phone.
   */
  laterFiles: string[];
  /** Back-office chunks among everything this visit downloaded, with their source module. */
  backOffice: string[];
  /** Why the visit could not be measured; null when it was. */
  error: string | null;
};

export type Visit = {
  path: string;
  cookie: string | null;
  /** A Playwright device to emulate, e.g. a phone for the ordering app; a desktop when absent. */
  device?: keyof typeof devices;
  /** Check that no back-office chunk was downloaded (the ordering app). */
  noBackOffice?: boolean;
};

/**
 * Opens each path in headless Chromium, signed in through its session cookie, in a fresh
 * profile (nothing cached); waits for `main h1` and a quiet network; lists every script the
 * page requested and sums their gzip -9 sizes from the build. A service worker's precache is
 * waited for and listed apart (laterFiles): it does not slow the first load, but it reaches
 * the phone, so it counts for the back-office check.
 */
export async function measureFirstLoads(
  server: DemoServer,
  dist: string,
  visits: Visit[],
): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const loads: FirstLoad[] = [];
    for (const visit of visits) {
      try {
        loads.push(await firstLoad(browser, server, dist, visit));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        loads.push({
          path: visit.path,
          landedOn: "",
          files: [],
          gzipKb: 0,
          laterFiles: [],
          backOffice: [],
          error: reason,
        });
      }
    }
    return loads;
  } finally {
    await browser.close();
  }
}

async function firstLoad(
  browser: Browser,
  server: DemoServer,
  dist: string,
  visit: Visit,
): Promise<FirstLoad> {
  const backOfficeChunks = visit.noBackOffice ? backOfficeFiles(dist) : new Map<string, string>();
  const context = await browser.newContext(visit.device ? devices[visit.device] : {});
  try {
    if (visit.cookie) {
      const [name = "", value = ""] = visit.cookie.split("=");
      await context.addCookies([{ name, value, url: server.base }]);
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    const inFlight = new Set<Request>();
    let lastActivity = performance.now();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".js")) scripts.add(pathname);
      // An event stream stays open for as long as the page does: it never goes quiet.
      if (request.resourceType() === "eventsource") return;
      inFlight.add(request);
      lastActivity = performance.now();
    });
    const settled = (request: Request) => {
      inFlight.delete(request);
      lastActivity = performance.now();
    };
    page.on("requestfinished", settled);
    page.on("requestfailed", settled);

    server.servedScripts.length = 0;
    await page.goto(`${server.base}${visit.path}`, { waitUntil: "load" });
    await page.locator("main h1").first().waitFor({ timeout: 20_000 });
    await until(() => inFlight.size === 0 && performance.now() - lastActivity >= QUIET_MS);
    const firstScripts = [...scripts];

    // A service worker installs after the page has loaded; `ready` resolves once it has
    // precached. What it fetched is what the server sent beyond the page's own requests.
    const hasWorker = await page.evaluate(async () => {
      // In the page: its navigator, which the server's types (no DOM) do not know.
      const workers = (globalThis as unknown as { navigator: { serviceWorker?: PageServiceWorkers } })
        .navigator.serviceWorker;
      if (!(await workers?.getRegistration())) return false;
      await Promise.race([workers?.ready, new Promise((r) => setTimeout(r, 20_000))]);
      return true;
    });
    if (hasWorker) {
      let served = server.servedScripts.length;
      let changed = performance.now();
      await until(() => {
        if (server.servedScripts.length !== served) {
          served = server.servedScripts.length;
          changed = performance.now();
        }
        return performance.now() - changed >= QUIET_MS;
      });
    }
    const laterFiles = [...new Set([...scripts, ...server.servedScripts])].filter(
      (s) => !firstScripts.includes(s),
    );

    const files = firstScripts.map((file) => ({ file, gzipKb: gzipKb(dist, file) }));
    const downloaded = [...firstScripts, ...laterFiles].map((f) => f.replace(/^\//, ""));
    return {
      path: visit.path,
      landedOn: new URL(page.url()).pathname.replace(/(.)\/$/, "$1"),
      files,
      gzipKb: round(files.reduce((sum, f) => sum + f.gzipKb, 0)),
      laterFiles,
      backOffice: downloaded
        .filter((f) => backOfficeChunks.has(f))
        .map((f) => `${f} (${backOfficeChunks.get(f)})`),
      error: null,
    };
  } finally {
    await context.close();
  }
}

type PageServiceWorkers = { getRegistration(): Promise<unknown>; ready: Promise<unknown> };

/** As Playwright's "networkidle": no request for this long means the page has loaded what it will. */
const QUIET_MS = 500;

/** Polls `done()` every 100 ms until it holds, at most 20 s. */
async function until(done: () => boolean) {
  const deadline = performance.now() + 20_000;
  while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

function gzipKb(dist: string, urlPath: string): number {
  const file = path.join(dist, urlPath);
  if (!file.startsWith(dist) || !fs.existsSync(file)) throw new Error(`${urlPath} is not in ${dist}`);
  return round(gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024);
}

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

/** The back office's route tree (apps/web/src/app/router.tsx loads it lazily). */
const BACK_OFFICE_ROOT = "src/app/back-office-routes.tsx";

/**
 * The back office's chunks, from Vite's build manifest (build.manifest), answered as file →
 * source module. A customer's side is whatever the entry reaches, statically or lazily, without
 * entering the back-office tree. Back-office code is every chunk of that tree outside the
 * customer's side, and every screen the tree loads lazily that the customer's side does not
 * load lazily itself: a back-office screen stays one even when the ordering app imports it.
 */
export function backOfficeFiles(dist: string): Map<string, string> {
  const manifestFile = path.join(dist, ".vite/manifest.json");
  if (!fs.existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: the web build must write it (build.manifest in vite.config.ts)`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  if (!manifest[BACK_OFFICE_ROOT]) {
    throw new Error(
      `the build manifest has no ${BACK_OFFICE_ROOT}: bench/first-load.ts names the back office's tree`,
    );
  }
  const reach = (roots: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || skip.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
        visit(next);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const customers = reach(entries, new Set([BACK_OFFICE_ROOT]));
  const customersLazy = new Set([...customers].flatMap((k) => manifest[k]!.dynamicImports ?? []));
  const backOffice = new Map<string, string>();
  for (const key of reach([BACK_OFFICE_ROOT], new Set(entries))) {
    const chunk = manifest[key]!;
    const screen = key === BACK_OFFICE_ROOT || (chunk.isDynamicEntry && !customersLazy.has(key));
    if (screen || !customers.has(key)) backOffice.set(chunk.file, chunk.src ?? key);
  }
  return backOffice;
}

function round(n: number) {
  return Math.round(n * 100) / 100;
}
