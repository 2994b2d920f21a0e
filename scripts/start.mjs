// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the server (which migrates, seeds an empty PGlite and listens).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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

// Run the server in this process, so signals reach its graceful shutdown directly.
const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "apps/server/src/main.ts"));
