import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect } from "vitest";
import { appTest } from "./test/app-test";
import { request } from "./test/request";

/** An inline script as index.html has one: it draws the first screen before the app's scripts. */
const FIRST_SCREEN = 'document.documentElement.setAttribute("data-theme", "dark");';

/**
 * The built web app as the server serves it: a stand-in dist folder shaped like Vite's, so the
 * test needs no build (the real one is checked in e2e/my-installable.spec.ts).
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-web-dist-"));
/** A chunk big enough to be compressed, with the .br and .gz the build writes beside it. */
const CHUNK = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `teks ${i}`))};`;
const INDEX_HTML = `<!doctype html><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div><script>${FIRST_SCREEN}</script>`;
const brotli = (text: string) =>
  zlib.brotliCompressSync(text, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
const files: Record<string, string | Buffer> = {
  "index.html": INDEX_HTML,
  "index.html.br": brotli(INDEX_HTML),
  "index.html.gz": zlib.gzipSync(INDEX_HTML, { level: 9 }),
  "assets/index-abc123.js": "export {};",
  "assets/texts-def456.js": CHUNK,
  "assets/texts-def456.js.br": brotli(CHUNK),
  "assets/texts-def456.js.gz": zlib.gzipSync(CHUNK, { level: 9 }),
  "my/sw.js": "self.addEventListener('fetch', () => {});",
  "my/manifest.webmanifest": JSON.stringify({ scope: "/my", start_url: "/my" }),
  "my/offline.html": "<!doctype html><h1>Jy is vanlyn</h1>",
};
for (const [file, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), content);
}
const it = appTest({}, { webDist });
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe("serving the web app", () => {
  it("lets the ordering app's service worker control /my, and has browsers revalidate it", async ({
    app,
  }) => {
    const res = await request(app, "GET", "/my/sw.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["service-worker-allowed"]).toBe("/my");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the web manifest with its own type, revalidated", async ({ app }) => {
    const res = await request(app, "GET", "/my/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.json()).toMatchObject({ scope: "/my" });
    expect(res.headers["service-worker-allowed"]).toBeUndefined();
  });

  it("caches hashed assets for good, and the app's pages only with revalidation", async ({ app }) => {
    const asset = await request(app, "GET", "/assets/index-abc123.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/my", "/my/orders", "/my/offline.html"]) {
      const page = await request(app, "GET", url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers["content-type"], url).toMatch(/^text\/html/);
    }
    expect((await request(app, "GET", "/my/orders")).body).toContain('id="root"');
  });

  it("sends a chunk's build-time Brotli or gzip file, as the browser takes it, else the chunk itself", async ({
    app,
  }) => {
    const encodings: [string, string | undefined][] = [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ];
    for (const [accept, encoding] of encodings) {
      const res = await request(app, "GET", "/assets/texts-def456.js", {
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-type"], accept).toMatch(/^(text|application)\/javascript/);
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      // The very bytes of the build's file, not a compression made for this request.
      const file = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "";
      expect(
        res.rawPayload.equals(fs.readFileSync(path.join(webDist, `assets/texts-def456.js${file}`))),
        accept,
      ).toBe(true);
    }
  });

  it("sends the app's page on each of its paths as the build compressed it, else as it is", async ({
    app,
  }) => {
    // The fallback that answers the app's paths runs no compression hook of its own.
    for (const url of ["/", "/login", "/my", "/kitchen/board"]) {
      for (const [accept, encoding, file] of [
        ["gzip, deflate, br", "br", "index.html.br"],
        ["gzip", "gzip", "index.html.gz"],
        ["identity", undefined, "index.html"],
      ] as const) {
        const what = `${url} (${accept})`;
        const res = await request(app, "GET", url, { headers: { "accept-encoding": accept } });
        expect(res.statusCode, what).toBe(200);
        expect(res.headers["content-encoding"], what).toBe(encoding);
        expect(res.headers["content-type"], what).toMatch(/^text\/html/);
        expect(res.headers["cache-control"], what).toBe("no-cache");
        expect(res.rawPayload.equals(fs.readFileSync(path.join(webDist, file))), what).toBe(true);
      }
    }
  });

  it("lets index.html's own inline script run, and no other", async ({ app }) => {
    const hash = createHash("sha256").update(FIRST_SCREEN).digest("base64");
    for (const url of ["/login", "/my", "/api/health/live"]) {
      const csp = String((await request(app, "GET", url)).headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src"));
      expect(scriptSrc?.trim(), url).toBe(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
    }
  });

  it("never answers an API path with the app", async ({ app }) => {
    const res = await request(app, "GET", "/api/my/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "not_found" });
  });
});
