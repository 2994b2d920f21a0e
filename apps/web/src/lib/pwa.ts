import { BRAND_PRIMARY } from "./theme";

/**
 * The ordering app is installable (decision 0023). vite.config.ts builds its service
 * worker; its manifest and icons are in public/my/.
 */
export const MANIFEST_URL = "/my/manifest.webmanifest";
export const SERVICE_WORKER_URL = "/my/sw.js";
/** Not "/my/": the menu's own path is /my. The server allows it (Service-Worker-Allowed). */
export const APP_SCOPE = "/my";

/** index.html is the back office's too: only the ordering app adds these. */
const HEAD_ELEMENTS: { selector: string; tag: "link" | "meta"; attributes: Record<string, string> }[] = [
  { selector: 'link[rel="manifest"]', tag: "link", attributes: { rel: "manifest", href: MANIFEST_URL } },
  {
    selector: 'link[rel="apple-touch-icon"]',
    tag: "link",
    attributes: { rel: "apple-touch-icon", href: "/my/apple-touch-icon.png" },
  },
  {
    selector: 'meta[name="theme-color"]',
    tag: "meta",
    attributes: { name: "theme-color", content: BRAND_PRIMARY },
  },
];

let started = false;

/**
 * Makes the ordering app installable: links its manifest and, once the page has loaded (so
 * nothing competes with the first paint), registers its service worker. Every screen of the app
 * may call it; it acts once. Tests and browsers without service workers get the links only.
 */
export function startInstallableApp(): void {
  addHeadElements();
  if (started || !canUseServiceWorker()) return;
  started = true;
  void afterLoad()
    .then(registerServiceWorker)
    // No worker means no offline start, nothing worse: the app works as before.
    .catch(() => undefined);
}

function addHeadElements(): void {
  for (const { selector, tag, attributes } of HEAD_ELEMENTS) {
    if (document.head.querySelector(selector)) continue;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
}

function canUseServiceWorker(): boolean {
  return "serviceWorker" in navigator && /^https?:$/.test(window.location.protocol);
}

function afterLoad(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  // The first worker takes this page over as it activates (clientsClaim).
  if (!container.controller) {
    container.addEventListener("controllerchange", () => void cacheLoadedChunks(), { once: true });
  }
  await container.register(SERVICE_WORKER_URL, { scope: APP_SCOPE });
}

/**
 * The chunks this page loaded before its first worker took over never passed through it, so the
 * worker has not cached them: fetching them once through it does, for the next offline start.
 * They come from the browser's HTTP cache (immutable), not from the network.
 */
async function cacheLoadedChunks(): Promise<void> {
  const chunks = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith("/assets/"));
  // One after another: thirty requests asked at once are one long task on a phone's main thread.
  for (const url of chunks) await fetch(url).catch(() => undefined);
}
