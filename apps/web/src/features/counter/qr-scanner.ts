/** A QR code reader on the device's camera: the browser's own `BarcodeDetector`, else ZXing's. */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/** Reads the code in the video's present picture, if there is one. */
type ReadCode = (video: HTMLVideoElement) => Promise<string | undefined>;

const SCAN_EVERY_MS = 250;
/**
 * How long the camera may take to show its first picture before the counter says it failed.
 * A cheap tablet's camera, or a busy one, can need several seconds.
 */
const CAMERA_START_MS = 15_000;

async function qrCodeReader(): Promise<ReadCode> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  // A detector that cannot read QR codes (some devices') would fail every picture, silently.
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  // Loaded only where the browser reads no QR code itself (Firefox, Safari before 17).
  // Only ZXing's decoder is used: its own camera loop ends for good, and silently, on the
  // first picture it cannot draw (a video of no size yet, on a busy machine).
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context) return undefined;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    try {
      return reader.decodeFromCanvas(canvas).getText();
    } catch {
      return undefined; // no code in this picture, which is most of them
    }
  };
}

/** `video.play()`, or an error once the camera has shown nothing for `CAMERA_START_MS`. */
async function playWithin(video: HTMLVideoElement): Promise<void> {
  let timer = 0;
  try {
    await Promise.race([
      video.play(),
      new Promise<never>((_, reject) => {
        timer = window.setTimeout(() => reject(new Error("The camera showed nothing")), CAMERA_START_MS);
      }),
    ]);
  } finally {
    window.clearTimeout(timer);
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
 * function that stops it. Throws when there is no camera, the browser refuses it, it shows
 * nothing or ends while it starts, or `signal` aborts the start (React's StrictMode starts each
 * scanner twice, and aborts the first at once). A picture that cannot be read is skipped.
 */
export async function startQrScanner(
  video: HTMLVideoElement,
  { onCode, onLost, signal }: Scan,
): Promise<() => void> {
  const read = await qrCodeReader();
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
    await Promise.race([playWithin(video), ended]);
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
    read(video)
      .then((text) => {
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
