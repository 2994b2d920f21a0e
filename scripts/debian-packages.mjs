// What `npm test` needs from Debian's packages: Chromium for the browser tests, nginx for the
// cluster test. Never a downloaded browser or server: the ones a Debian machine runs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL } from "./chromium.mjs";

export const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";

/** True when `files` are there, installing `packages` with apt-get when we are root. */
function ensurePackage({ files, packages, what, setting }) {
  const missing = () => files.filter((file) => !fs.existsSync(file));
  if (missing().length === 0) return true;
  if (process.getuid?.() === 0) {
    console.log(`\n${what} is missing at ${missing().join(" and ")}; installing it with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
    if (install.status === 0 && missing().length === 0) return true;
  }
  console.error(
    `\n${what} is needed at ${missing().join(" and ")}. Install it with:\n  sudo apt-get install -y ${packages.join(" ")}\n(or set ${setting} to another one).`,
  );
  return false;
}

/** Chromium for the benchmark's pages, and its headless shell for the browser tests. */
export function ensureChromium() {
  return ensurePackage({
    files: [CHROMIUM, CHROMIUM_HEADLESS_SHELL],
    packages: ["chromium", "chromium-headless-shell", "fonts-liberation"],
    what: "Chromium (browser tests)",
    setting: "CHROMIUM_PATH or CHROMIUM_HEADLESS_SHELL_PATH",
  });
}

/** nginx for the cluster test (deploy/nginx.conf in front of three processes). */
export function ensureNginx() {
  return ensurePackage({
    files: [NGINX],
    packages: ["nginx"],
    what: "nginx (cluster test)",
    setting: "NGINX",
  });
}
