import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { orderQrContent } from "@kantien/domain/kitchen-rules";
import { purgeZXingModule, ZXING_WASM_SHA256 } from "barcode-detector/ponyfill";
import QRCode from "qrcode";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QR_OPTIONS } from "../../components/qr-code";
import { zxingQrDetector } from "./zxing-detector";

/** The reader's WebAssembly as the build serves it (zxing-detector.ts imports its URL). */
const wasm = fs.readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));

/** A picture's pixels, as a canvas gives them (the DOM here has no ImageData of its own). */
class Pixels {
  readonly colorSpace = "srgb";
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** An order's code as the ordering app draws it (QR_OPTIONS), black on white, `scale` px a module. */
function drawOrderCode(orderId: string, scale = 4): Pixels {
  const { modules } = QRCode.create(orderQrContent(orderId), QR_OPTIONS);
  const side = (modules.size + 2 * QR_OPTIONS.margin) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - QR_OPTIONS.margin;
      const col = Math.floor(x / scale) - QR_OPTIONS.margin;
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      if (inside && modules.get(row, col)) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return new Pixels(data, side, side);
}

/** The network as the counter's browser sees it: the build's `.wasm` where `online`, else offline. */
function serveWasm({ online }: { online: boolean }) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string | URL | Request) => {
    asked.push(String(url));
    if (!online) throw new TypeError("Failed to fetch");
    return new Response(wasm, { headers: { "content-type": "application/wasm" } });
  });
  return asked;
}

describe("the counter's own QR reader, for browsers without one", () => {
  // The library keeps what it loaded, for the page: each test starts as a page that never did.
  beforeEach(() => purgeZXingModule());
  afterEach(() => {
    purgeZXingModule();
    vi.useRealTimers();
  });

  it("is served the WebAssembly it was built for", () => {
    expect(createHash("sha256").update(wasm).digest("hex")).toBe(ZXING_WASM_SHA256);
  });

  it("fails to start while its WebAssembly cannot load, and loads it from the app when it can", async () => {
    const offline = serveWasm({ online: false });
    await expect(zxingQrDetector()).rejects.toThrow();
    expect(offline.length).toBeGreaterThan(0);
    const online = serveWasm({ online: true });
    await zxingQrDetector();
    // The build's own file, from the app's origin: never a CDN.
    expect(online).not.toEqual([]);
    for (const url of online) {
      const { origin, pathname } = new URL(url, window.location.href);
      expect(origin).toBe(window.location.origin);
      expect(pathname).toMatch(/\/zxing_reader\.wasm$/);
    }
  });

  it("fails to start when its WebAssembly does not come within 30 s, and tries again the next time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal("fetch", () => new Promise(() => {})); // a network that never answers
    const stalled = zxingQrDetector();
    const outcome = expect(stalled).rejects.toThrow("did not load in time");
    await vi.advanceTimersByTimeAsync(30_000);
    await outcome;
    vi.useRealTimers();
    serveWasm({ online: true });
    await expect(zxingQrDetector()).resolves.toBeDefined();
  });

  // ZXing's JavaScript port, the reader before, could not read about one in fifteen of these
  // at all: the counter's camera then never found that customer's order.
  it("reads every order's code as the ordering app draws it", async () => {
    serveWasm({ online: true });
    vi.stubGlobal("ImageData", Pixels);
    const detector = await zxingQrDetector();
    const unread: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const orderId = randomUUID();
      const [code] = await detector.detect(drawOrderCode(orderId) as unknown as ImageData);
      if (code?.rawValue !== orderQrContent(orderId)) unread.push(orderId);
    }
    expect(unread).toEqual([]);
  });
});
