// `npm start`: builds the web app and the server's bundle when either is missing or older than
// its sources, then runs the server (which migrates, seeds an empty PGlite and listens).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bundleMainServer, SERVER_BUNDLE } from "./build-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `file` is missing or older than anything in `folders` (of the repository). */
function isStale(file, folders) {
  if (!fs.existsSync(file)) return true;
  return (
    fs.statSync(file).mtimeMs < Math.max(...folders.map((folder) => newestMtime(path.join(root, folder))))
  );
}

if (isStale(path.join(root, "apps/web/dist/index.html"), ["apps/web", "packages/domain/src"])) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (isStale(SERVER_BUNDLE, ["apps/server/src", "packages/domain/src"])) {
  console.log("Bundling the server…");
  await bundleMainServer();
}

// Run the server in this process, so signals reach its graceful shutdown directly; its stack
// traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(SERVER_BUNDLE);
