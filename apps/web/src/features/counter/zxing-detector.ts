/**
 * The Barcode Detection API on ZXing-C++ in WebAssembly, for browsers without their own QR
 * reader. Its `.wasm` is one of the build's own files: the library would fetch it from a CDN,
 * which the counter may not reach and the content security policy does not allow.
 * Imported only when the counter's camera opens on such a browser.
 */
import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { within } from "./time-limit";

const overrides = {
  locateFile: (file: string, prefix: string) => (file.endsWith(".wasm") ? wasmUrl : prefix + file),
};

/** How long the reader (410 KB compressed) may take to load before the counter says it could not. */
const LOAD_MS = 30_000;

/**
 * A QR code detector, once its WebAssembly has loaded (once per page). Throws when it cannot
 * load, or has not loaded within `LOAD_MS` (a stalled network), rather than give a detector that
 * fails every picture; the next call tries again.
 */
export async function zxingQrDetector(): Promise<BarcodeDetector> {
  try {
    await within(
      prepareZXingModule({ overrides, fireImmediately: true }),
      LOAD_MS,
      "The QR reader did not load in time",
    );
  } catch (error) {
    // The library keeps a failed or stalled load; forget it, so that opening the camera again retries.
    purgeZXingModule();
    throw error;
  }
  // Made only once a load succeeded, which the library then holds: a detector made with none
  // would load the reader from the library's CDN, which the content security policy refuses.
  return new BarcodeDetector({ formats: ["qr_code"] });
}
