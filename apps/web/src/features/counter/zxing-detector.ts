/**
 * The Barcode Detection API on ZXing-C++ in WebAssembly, for browsers without their own QR
 * reader. Its `.wasm` is one of the build's own files: the library would fetch it from a CDN,
 * which the counter may not reach and the content security policy does not allow.
 * Imported only when the counter's camera opens on such a browser.
 */
import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

const overrides = {
  locateFile: (file: string, prefix: string) => (file.endsWith(".wasm") ? wasmUrl : prefix + file),
};

/**
 * A QR code detector, once its WebAssembly has loaded (once per page). Throws when it cannot
 * load, rather than give a detector that fails every picture; the next call tries again.
 */
export async function zxingQrDetector(): Promise<BarcodeDetector> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    // The library keeps a failed load; forget it, so that opening the camera again retries.
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: ["qr_code"] });
}
