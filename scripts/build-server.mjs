// `npm run build` (after the web app): the server as one JavaScript file, apps/server/dist/main.mjs,
// which `npm start` and the systemd unit run with plain Node. Through tsx a start cost about
// 2.8 s more CPU than from the bundle, on every start and every restart after a crash
// (docs/decisions/0055-the-server-runs-from-one-bundle.md). Our own code (the server and
// @kantien/domain) is bundled; every npm package stays an import of node_modules.
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

/** The server as `npm start`, the systemd unit and the cluster test run it. */
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/main.mjs");

export function bundleMainServer() {
  return bundleServer("apps/server/src/main.ts", SERVER_BUNDLE);
}

if (process.argv[1] === import.meta.filename) {
  await bundleMainServer();
  console.log(`Server bundled into ${path.relative(root, SERVER_BUNDLE)}`);
}
