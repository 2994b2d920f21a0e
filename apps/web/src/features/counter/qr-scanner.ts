/** A QR code reader on the device's camera: the browser's own `BarcodeDetector`, else ZXing's. */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const SCAN_EVERY_MS = 250;

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
  const controls = await new BrowserQRCodeReader().decodeFromConstraints(
    { video: { facingMode: "environment" } },
    video,
    (result) => {
      if (result) onCode(result.getText());
    },
  );
  return () => controls.stop();
}
