// `npm run build` (after the web app): the server as one JavaScript file, apps/server/dist/main.mjs,
// which `npm start` and the systemd unit run with plain Node. Through tsx a start cost about
// 2.8 s more CPU than from the bundle, on every start and every restart after a crash
// (docs/decisions/0055-the-server-runs-from-one-bundle.md). Our own code (the server and
// @kantien/domain) is bundled; every npm package stays an import of node_modules.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** Bundles one server entry (main.ts, or the browser tests' entry) into `outfile`, with its source map. */
export async function bundleServer(entry, outfile) {
  await build({
    entryPoints: [path.resolve(root, entry)],
    outfile: path.resolve(root, outfile),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "npm-packages-stay-external",
        setup(esbuild) {
          esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@kantien/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/** True when `file` is missing or older than any source of the server or the domain package. */
export function serverBundleIsStale(file) {
  if (!fs.existsSync(file)) return true;
  const built = fs.statSync(file).mtimeMs;
  const newer = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newer(full) : fs.statSync(full).mtimeMs > built;
    });
  return newer(path.join(root, "apps/server/src")) || newer(path.join(root, "packages/domain/src"));
}

export const SERVER_BUNDLE = path.join(root, "apps/server/dist/main.mjs");

if (process.argv[1] === import.meta.filename) {
  await bundleServer("apps/server/src/main.ts", SERVER_BUNDLE);
  console.log(`Server bundled into ${path.relative(root, SERVER_BUNDLE)}`);
}
