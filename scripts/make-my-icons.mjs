// Draws the ordering app's icons (apps/web/public/my/) with ImageMagick: a white plate, fork
// and knife on the brand blue. Run `node scripts/make-my-icons.mjs` after changing the drawing;
// the PNGs are committed (decision 0023).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const out = path.resolve(import.meta.dirname, "../apps/web/public/my");
const BLUE = "#1976d2";

const glyph = `
<g fill="#fff" stroke="none">
  <circle cx="256" cy="256" r="116"/>
  <rect x="80" y="140" width="9" height="66" rx="4.5"/>
  <rect x="95.5" y="140" width="9" height="66" rx="4.5"/>
  <rect x="111" y="140" width="9" height="66" rx="4.5"/>
  <path d="M80 196 h40 v14 a20 20 0 0 1 -20 20 a20 20 0 0 1 -20 -20 z"/>
  <rect x="91" y="214" width="18" height="158" rx="9"/>
  <path d="M406 140 c26 14 36 60 32 130 h-32 z"/>
  <rect x="406" y="250" width="18" height="122" rx="9"/>
</g>
<circle cx="256" cy="256" r="84" fill="none" stroke="${BLUE}" stroke-opacity="0.35" stroke-width="6"/>`;

/** The glyph at `scale` on a rounded (for "any" icons) or full-bleed square (maskable, Apple). */
function svg({ rounded, scale }) {
  const background = `<rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="${BLUE}" stroke="none"/>`;
  const placed = `<g transform="translate(256 256) scale(${scale}) translate(-260 -256)">${glyph}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${placed}</svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, rounded: true, scale: 1 },
  { file: "icon-512.png", size: 512, rounded: true, scale: 1 },
  // A maskable icon's glyph stays inside the central circle of 80% that every mask keeps.
  { file: "icon-maskable-512.png", size: 512, rounded: false, scale: 0.9 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, rounded: false, scale: 0.85 },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-icons-"));
fs.mkdirSync(out, { recursive: true });
for (const icon of icons) {
  const source = path.join(tmp, `${icon.file}.svg`);
  fs.writeFileSync(source, svg(icon));
  // Few colours and no dithering keep each file a few KB without visible banding.
  const result = spawnSync(
    "convert",
    [
      "-background",
      "none",
      "-density",
      "144",
      source,
      "-resize",
      `${icon.size}x${icon.size}`,
      "-strip",
      "+dither",
      "-colors",
      "24",
      "-define",
      "png:compression-level=9",
      `PNG32:${path.join(out, icon.file)}`,
    ],
    { stdio: "inherit" },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
