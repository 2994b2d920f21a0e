import fs from "node:fs";
import QRCode from "qrcode";

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per QR module, and the white quiet zone around the code, in modules. */
const MODULE = 8;
const QUIET = 4;

/**
 * Writes a still Y4M video of a QR code holding `text`, black on white, for Chromium's fake
 * camera (`--use-file-for-fake-video-capture`): one 4:2:0 frame, which Chromium repeats.
 */
export function writeQrVideo(file: string, text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = (modules.size + 2 * QUIET) * MODULE;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < MODULE; y += 1) {
        const start = (top + (row + QUIET) * MODULE + y) * WIDTH + left + (col + QUIET) * MODULE;
        luma.fill(16, start, start + MODULE);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`;
  fs.writeFileSync(file, Buffer.concat([Buffer.from(header), Buffer.from("FRAME\n"), luma, chroma, chroma]));
}
