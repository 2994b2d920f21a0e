// `npm start`: builds the web app and the server's bundle when either is missing or older than
// its sources, then runs the server (which migrates, seeds an empty PGlite and listens).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bundleServer, SERVER_BUNDLE, serverBundleIsStale } from "./build-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, "apps/web")),
  newestMtime(path.join(root, "packages/domain/src")),
);
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBundleIsStale(SERVER_BUNDLE)) {
  console.log("Bundling the server…");
  await bundleServer("apps/server/src/main.ts", SERVER_BUNDLE);
}

// Run the server in this process, so signals reach its graceful shutdown directly; its stack
// traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(SERVER_BUNDLE);
