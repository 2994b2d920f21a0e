import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBarcodeDetector, fakeCameras, fakeVideoPlayback } from "../../../test/fake-camera";
import { renderWithApp, screen } from "../../../test/test-utils";
import { CameraScanner } from "./camera-scanner";

const ORDER_CODE = "kantien:order:0f3c2a10-0000-4000-8000-00000000abcd";

describe("the camera scanner", () => {
  let undoVideo = () => {};
  beforeEach(() => {
    undoVideo = fakeVideoPlayback();
  });
  afterEach(() => undoVideo());

  const renderScanner = () => {
    const onCode = vi.fn();
    const onClose = vi.fn();
    const view = renderWithApp(<CameraScanner onCode={onCode} onClose={onClose} />);
    return { ...view, onCode, onClose };
  };

  it("hands on an order's code as it reads it", async () => {
    fakeCameras();
    fakeBarcodeDetector(ORDER_CODE);
    const { onCode } = renderScanner();
    await vi.waitFor(() => expect(onCode).toHaveBeenCalledWith(ORDER_CODE));
  });

  it("passes over a code that is no order's and keeps looking", async () => {
    fakeCameras();
    const detector = fakeBarcodeDetector("https://example.com/menu");
    const { onCode } = renderScanner();
    await vi.waitFor(() => expect(detector.reads).toBeGreaterThan(1));
    expect(onCode).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Kamerabeeld vir die QR-kode")).toBeVisible();
  });

  it("closes on 'Maak kamera toe', and leaves no camera on once gone", async () => {
    const streams = fakeCameras();
    const detector = fakeBarcodeDetector(null);
    const { user, onClose, unmount } = renderScanner();
    await vi.waitFor(() => expect(detector.reads).toBeGreaterThan(0));
    await user.click(screen.getByRole("button", { name: "Maak kamera toe" }));
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((stream) => stream.stopped)).toBe(true);
  });
});
