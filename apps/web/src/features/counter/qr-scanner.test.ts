import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBarcodeDetector, fakeCameras, fakeVideoPlayback } from "../../test/fake-camera";
import { startQrScanner } from "./qr-scanner";

describe("startQrScanner", () => {
  let undoVideo = () => {};
  beforeEach(() => {
    undoVideo = fakeVideoPlayback();
  });
  afterEach(() => undoVideo());

  const scan = (signal = new AbortController().signal) => ({ onCode: vi.fn(), onLost: vi.fn(), signal });

  it("a start closed while its camera is asked for stops that camera and leaves the video to the next start", async () => {
    // The first camera answers once the second start has long been playing.
    const streams = fakeCameras(200, 10);
    fakeBarcodeDetector(null);
    const video = document.createElement("video");
    const closed = new AbortController();
    // How the first start ends, caught at once: it fails after the test has moved on.
    const first = startQrScanner(video, scan(closed.signal)).catch((error: unknown) => error);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const second = startQrScanner(video, scan());
    closed.abort();
    const stop = await second;
    expect(await first).toMatchObject({ name: "AbortError" });
    expect(streams[0]?.stopped).toBe(true);
    expect(video.srcObject).toBe(streams[1]);
    stop();
    expect(streams[1]?.stopped).toBe(true);
    expect(video.srcObject).toBeNull();
  });

  it("a camera that ends before it shows a picture fails the start at once, not after the wait", async () => {
    const streams = fakeCameras();
    fakeBarcodeDetector(null);
    vi.spyOn(HTMLMediaElement.prototype, "play").mockReturnValue(new Promise(() => {}));
    const video = document.createElement("video");
    const start = startQrScanner(video, scan());
    await vi.waitFor(() => expect(video.srcObject).toBe(streams[0]));
    streams[0]?.end();
    await expect(start).rejects.toThrow("The camera ended");
    expect(streams[0]?.stopped).toBe(true);
    expect(video.srcObject).toBeNull();
  });
});
