/** A QR code reader on the device's camera: the browser's own `BarcodeDetector`, else ZXing's. */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const SCAN_EVERY_MS = 250;
/**
 * How long the camera may take to show its first picture before the counter says it failed.
 * ZXing's own 5 s is less than a cheap tablet's camera, or a busy one, can need.
 */
const CAMERA_START_MS = 15_000;

/**
 * Shows the back camera in `video` and calls `onCode` with each code it reads; answers the
 * function that stops it. Throws when there is no camera or the browser refuses it.
 */
export async function startQrScanner(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<() => void> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    video.srcObject = stream;
    await video.play();
    const detector = new Detector({ formats: ["qr_code"] });
    let busy = false;
    const timer = window.setInterval(() => {
      if (busy || video.readyState < 2) return;
      busy = true;
      detector
        .detect(video)
        .then((codes) => {
          const text = codes[0]?.rawValue;
          if (text) onCode(text);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, SCAN_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    };
  }
  // Loaded only where the browser has no detector of its own (Firefox, Safari before 17).
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const controls = await new BrowserQRCodeReader(undefined, {
    tryPlayVideoTimeout: CAMERA_START_MS,
  }).decodeFromConstraints({ video: { facingMode: "environment" } }, video, (result) => {
    if (result) onCode(result.getText());
  });
  return () => controls.stop();
}
