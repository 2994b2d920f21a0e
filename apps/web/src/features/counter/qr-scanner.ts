import { within } from "./time-limit";

/** A QR code reader on the device's camera: the browser's own `BarcodeDetector`, else ZXing's. */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: ["qr_code"] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
};

const SCAN_EVERY_MS = 250;
/**
 * How long the camera may take to show its first picture before the counter says it failed.
 * A cheap tablet's camera, or a busy one, can need several seconds.
 */
const CAMERA_START_MS = 15_000;

/** The QR reader could not load (a browser without its own, offline): no camera was started. */
export class QrReaderUnavailable extends Error {}

/**
 * The browser's own QR reader where it has one (Chrome on Android, ChromeOS and macOS), else
 * the same API on ZXing-C++ in WebAssembly (zxing-detector.ts), loaded only then: Safari,
 * Firefox, and Chrome on Windows and Linux. Not ZXing's JavaScript port, which could not read
 * about one order code in fifteen at all, even from a perfect still picture (decision 0025).
 */
async function qrDetector(): Promise<BarcodeDetectorLike> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  // A detector that cannot read QR codes (some devices') would fail every picture, silently.
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    return new Native({ formats: ["qr_code"] });
  }
  try {
    const { zxingQrDetector } = await import("./zxing-detector");
    return await zxingQrDetector();
  } catch (error) {
    throw new QrReaderUnavailable("The QR reader could not load", { cause: error });
  }
}

type Scan = {
  /** Each code read, as it is read. */
  onCode: (text: string) => void;
  /** The camera ended while scanning (unplugged, or taken by another app); the scan has stopped. */
  onLost: () => void;
  /** Aborting it while the camera starts leaves `video` to whoever starts next. */
  signal: AbortSignal;
};

/**
 * Shows the back camera in `video` and reads the codes it shows until stopped; answers the
 * function that stops it. Throws when its reader cannot load (zxing-detector.ts), there is no
 * camera, the browser refuses it, it shows nothing or ends while it starts, or `signal` aborts
 * the start (React's StrictMode starts each scanner twice, and aborts the first at once). A
 * picture that cannot be read is skipped.
 */
export async function startQrScanner(
  video: HTMLVideoElement,
  { onCode, onLost, signal }: Scan,
): Promise<() => void> {
  const detector = await qrDetector();
  signal.throwIfAborted();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  const stopCamera = () => {
    for (const track of stream.getTracks()) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
  };
  // A track ends by itself only when its camera does (stop() does not fire this): while the
  // camera starts, the start fails; once it has started, the scan stops and says so.
  const ended = new Promise<never>((_, reject) => {
    for (const track of stream.getVideoTracks()) {
      track.addEventListener("ended", () => reject(new Error("The camera ended")), { once: true });
    }
  });
  ended.catch(() => undefined);
  try {
    signal.throwIfAborted();
    video.srcObject = stream;
    await Promise.race([within(video.play(), CAMERA_START_MS, "The camera showed nothing"), ended]);
    signal.throwIfAborted();
  } catch (error) {
    stopCamera();
    throw error;
  }
  let stopped = false;
  let busy = false;
  const timer = window.setInterval(() => {
    if (busy || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return;
    busy = true;
    detector
      .detect(video)
      .then(([code]) => {
        const text = code?.rawValue;
        // A picture read as the scan stopped is not reported.
        if (text && !stopped) onCode(text);
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, SCAN_EVERY_MS);
  const stop = () => {
    stopped = true;
    window.clearInterval(timer);
    stopCamera();
  };
  ended.catch(() => {
    stop();
    onLost();
  });
  return stop;
}
