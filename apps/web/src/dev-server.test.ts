import { readFile } from "node:fs/promises";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run dev` serves index.html through the same plugins as the build, with no bundle: each
 * placeholder the build fills in must be filled in there too, or every page answers 500.
 */
describe("the dev server's index.html", () => {
  const root = path.join(import.meta.dirname, "..");
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({
      root,
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "silent",
      server: { middlewareMode: true, hmr: false, ws: false },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(["/login", "/my", "/kitchen/board"])("fills in every placeholder for %s", async (url) => {
    const html = await server.transformIndexHtml(url, await readFile(path.join(root, "index.html"), "utf8"));
    expect(html).not.toMatch(/__[A-Z_]+__/);
    expect(html).toContain('"af"');
  });
});
