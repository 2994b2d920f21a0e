// The browser tests use Debian's Chromium, never a downloaded one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** True when Chromium is there, installing it with apt-get when we are root. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() === 0) {
    console.log(`\nChromium is missing at ${CHROMIUM}; installing it with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], {
      stdio: "inherit",
      env,
    });
    if (install.status === 0 && fs.existsSync(CHROMIUM)) return true;
  }
  console.error(
    `\nThe browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium fonts-liberation\n(or set CHROMIUM_PATH to another Chromium).`,
  );
  return false;
}
