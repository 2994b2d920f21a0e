import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const MUI =
  /node_modules[\\/](@mui|@emotion|@popperjs|@babel[\\/]runtime|react-transition-group|react-is|stylis|clsx|prop-types|hoist-non-react-statics)[\\/]/;

/**
 * React and what the first page needs of MUI (`$initial`: statically reachable from the entry)
 * go to long-cached vendor chunks. The rest of MUI is split by the screens that use it, so the
 * customers' ordering app never loads the back office's tables, pickers and menus. The entry
 * loads either app's routes lazily (app/router.tsx), and each screen again.
 * Budgets: /login ≤ 200 KB, /my ≤ 200 KB and /kitchen/board ≤ 250 KB of gzipped JavaScript on
 * first load (`npm run bench`; decision 0026).
 * `codeSplitting.groups` is Rolldown's replacement for Rollup's `manualChunks`.
 */
const vendorGroups = [
  { name: "react-vendor", test: REACT, priority: 3 },
  { name: "mui-vendor", test: MUI, tags: ["$initial" as const], priority: 2 },
];

const builtIndexHtml = fileURLToPath(new URL("./dist/index.html", import.meta.url));

/**
 * The customers' ordering app is installable (decision 0023). Its web manifest is
 * public/my/manifest.webmanifest: the plugin would write a manifest link into the one
 * index.html the back office shares, so the ordering app links its manifest itself
 * (src/lib/pwa.ts), and registers the worker itself too (`injectRegister: false`).
 * The matchers and the navigation handler below are copied into sw.js as source text: they
 * may use only their arguments and the worker's globals.
 */
const installableOrderingApp = VitePWA({
  strategies: "generateSW",
  injectRegister: false,
  manifest: false,
  // /my/sw.js; the server lets it control /my itself (Service-Worker-Allowed: /my).
  filename: "my/sw.js",
  workbox: {
    globPatterns: ["index.html", "assets/*.{js,css}", "my/*.{html,png,webmanifest}"],
    // The precache is the shell only: index.html, the scripts it names (its first load) and the
    // files in public/my/. Every other chunk, the back office's included, stays out; a
    // customer's lazy chunks are cached as they load (below). URLs become absolute: the worker
    // is in /my/, the shell at /. Hashed chunks carry no revision (the plugin's `^assets/`
    // rule runs before this).
    manifestTransforms: [
      async (entries) => {
        const html = await readFile(builtIndexHtml, "utf8");
        // Named in a src= or href= attribute: the first-screen chunks in the script's list
        // (firstScreenChunks, below) load with their page, and are cached as they load.
        const shell = entries.filter(
          (entry) => !entry.url.startsWith("assets/") || html.includes(`="/${entry.url}"`),
        );
        return { manifest: shell.map((entry) => ({ ...entry, url: `/${entry.url}` })) };
      },
    ],
    navigateFallback: null,
    inlineWorkboxRuntime: true,
    // Chunk names are hashed and a customer's lazy chunks stay in the runtime cache, so a new
    // worker may take over at once: an open page still finds the chunks of its own build.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Pages of the ordering app: always the network, so a deploy shows at once; offline,
        // the precached shell (the app says it is offline), else the offline page.
        // Nothing else is routed: /api/* always goes to the network and fails visibly offline.
        urlPattern: ({ request, url }) =>
          request.mode === "navigate" && (url.pathname === "/my" || url.pathname.startsWith("/my/")),
        handler: async ({ request }) => {
          try {
            return await fetch(request);
          } catch {
            // Precached entries carry a revision in their query string.
            const cached =
              (await caches.match("/index.html", { ignoreSearch: true })) ??
              (await caches.match("/my/offline.html", { ignoreSearch: true }));
            return cached ?? Response.error();
          }
        },
      },
      {
        // Hashed, immutable chunks: once loaded, served from the cache for good.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
        handler: "CacheFirst",
        options: {
          cacheName: "kantien-my-assets",
          // About three deploys' worth of the ordering app's chunks.
          expiration: { maxEntries: 120, purgeOnQuotaError: true },
        },
      },
    ],
  },
});

type Texts = { [key: string]: string | Texts };
const readTexts = async (file: string): Promise<Texts> =>
  JSON.parse(await readFile(fileURLToPath(new URL(file, import.meta.url)), "utf8"));

/**
 * index.html's first screen (its #shell) says what the app will say: each `data-t` key is looked
 * up in the locales, common and back office, and the texts go into its script in both languages.
 * A key the locales lack stops the build.
 */
const shellTexts: Plugin = {
  name: "kantien-shell-texts",
  async transformIndexHtml(html) {
    const keys = [...new Set([...html.matchAll(/data-t="([\w.]+)"/g)].map((match) => match[1]!))];
    const texts: Record<string, Record<string, string>> = {};
    for (const language of ["af", "en"]) {
      const catalogues = [
        await readTexts(`./src/locales/${language}.json`),
        await readTexts(`./src/locales/back-office/${language}.json`),
      ];
      texts[language] = {};
      for (const key of keys.filter((k) => k !== "canteen")) {
        const text = catalogues
          .map((catalogue) =>
            key
              .split(".")
              .reduce<Texts | string | undefined>(
                (node, part) => (typeof node === "object" ? node[part] : undefined),
                catalogue,
              ),
          )
          .find((value) => typeof value === "string");
        if (typeof text !== "string") throw new Error(`index.html: no ${language} text for ${key}`);
        texts[language][key] = text;
      }
    }
    return html.replace("__SHELL_TEXTS__", JSON.stringify(texts));
  },
};

/**
 * The ordering app's menu page (`/my`) needs, beside the entry's scripts, the app's routes and
 * the menu screen, which the entry imports lazily. index.html's script asks for them at once
 * (`<link rel="modulepreload">`), so a phone fetches them with the entry's scripts instead of
 * after them (decision 0031). Their file names are only known once the bundle is written:
 * this fills them in for `__FIRST_SCREEN_CHUNKS__`.
 */
const FIRST_SCREEN_MODULES: Record<string, string[]> = {
  my: ["src/app/my-routes.tsx", "src/features/my-menu/components/my-menu-screen.tsx"],
};

const firstScreenChunks: Plugin = {
  name: "kantien-first-screen-chunks",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle }) {
      // `npm run dev` has no bundle: nothing to preload.
      if (!bundle) return html.replace("__FIRST_SCREEN_CHUNKS__", "{}");
      const chunks = Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [file] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // A chunk and every chunk it imports statically, as the browser would load them.
      const closure = (fileNames: string[], into = new Set<string>()) => {
        for (const name of fileNames) {
          if (into.has(name)) continue;
          into.add(name);
          closure(byName.get(name)?.imports ?? [], into);
        }
        return into;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const pages: Record<string, string[]> = {};
      for (const [page, modules] of Object.entries(FIRST_SCREEN_MODULES)) {
        const roots = modules.map((module) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${module}`));
          if (!chunk) throw new Error(`index.html: no chunk for ${module}`);
          return chunk.fileName;
        });
        pages[page] = [...closure(roots)].filter((name) => !entry.has(name)).map((name) => `/${name}`);
      }
      return html.replace("__FIRST_SCREEN_CHUNKS__", JSON.stringify(pages));
    },
  },
};

/**
 * React Router's package points every bundler at its development build (warnings and checks
 * included); its production build sits beside it, and a production bundle takes that one.
 */
const reactRouterProduction = fileURLToPath(
  new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

/**
 * The hashed scripts and styles, and index.html, compressed once at build time (Brotli at its
 * best quality, and gzip -9 for the rest): the server sends the file that is ready (app.ts)
 * instead of compressing each chunk again for every visitor, and Brotli 11 is about a sixth
 * smaller than the quality it can afford per request. index.html is every first visit's page,
 * sent by the server's fallback for the app's paths, where no compression hook runs.
 */
const precompressedAssets = compression({
  include: /^(assets\/.*\.(js|css)|index\.html)$/,
  algorithms: ["brotliCompress", "gzip"],
  threshold: 1024,
  logLevel: "silent",
});

/**
 * The counter's QR reader (WebAssembly, 1.1 MB), compressed once too, but with Brotli at
 * quality 5 (410 KB, a tenth of a second): quality 11 saves 50 KB more and takes 20 s of every
 * build, for a file that a counter's browser loads once and keeps.
 */
const precompressedQrReader = compression({
  include: /^assets\/.*\.wasm$/,
  algorithms: [
    defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    "gzip",
  ],
  logLevel: "silent",
});

export default defineConfig(({ mode }) => ({
  // React's plugin: the automatic JSX runtime, and Fast Refresh in `npm run dev`.
  plugins: [
    react(),
    shellTexts,
    firstScreenChunks,
    installableOrderingApp,
    precompressedAssets,
    precompressedQrReader,
  ],
  resolve: {
    alias: mode === "production" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Which chunk holds which module: the bench tells back-office chunks from the ordering app's.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
}));
