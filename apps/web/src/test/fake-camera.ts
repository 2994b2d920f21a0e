import { vi } from "vitest";

/**
 * The browser's camera and video, which are not ours, faked as Chromium behaves for the
 * counter's scanner (features/counter/qr-scanner.ts). happy-dom plays no video at all.
 */

/** A camera's stream as the scanner uses it: one video track, which can be stopped or end. */
export type FakeStream = MediaStream & { stopped: boolean; end(): void };

function newStream(): FakeStream {
  const track = Object.assign(new EventTarget(), { stop: () => (stream.stopped = true) });
  const stream = {
    stopped: false,
    getTracks: () => [track],
    getVideoTracks: () => [track],
    end: () => track.dispatchEvent(new Event("ended")),
  } as unknown as FakeStream;
  return stream;
}

/**
 * Video that plays a stream as Chromium does: play() waits a moment for the first picture, and
 * a new source given meanwhile interrupts it (AbortError); the picture is 640 px wide. Answers
 * the function that takes the fake away again (call it after each test).
 */
export function fakeVideoPlayback(): () => void {
  const sources = new WeakMap<HTMLMediaElement, MediaProvider | null>();
  vi.spyOn(HTMLMediaElement.prototype, "srcObject", "get").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return sources.get(this) ?? null;
  });
  vi.spyOn(HTMLMediaElement.prototype, "srcObject", "set").mockImplementation(function (
    this: HTMLMediaElement,
    source: MediaProvider | null,
  ) {
    sources.set(this, source);
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    const source = this.srcObject;
    return new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        if (source && this.srcObject === source) resolve();
        else
          reject(new DOMException("The play() request was interrupted by a new load request.", "AbortError"));
      }, 20);
    });
  });
  vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(
    HTMLMediaElement.HAVE_ENOUGH_DATA,
  );
  Object.defineProperty(HTMLVideoElement.prototype, "videoWidth", { configurable: true, get: () => 640 });
  return () => {
    Reflect.deleteProperty(HTMLVideoElement.prototype, "videoWidth");
  };
}

/**
 * Cameras that answer `getUserMedia` in turn, each after its delay in ms (10 past the list):
 * a first camera may answer last, as a real one may. Answers every stream given, in order.
 */
export function fakeCameras(...delays: number[]): FakeStream[] {
  const streams: FakeStream[] = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    mediaDevices: {
      getUserMedia: () => {
        const stream = newStream();
        const delay = delays[streams.length] ?? 10;
        streams.push(stream);
        return new Promise((resolve) => setTimeout(() => resolve(stream), delay));
      },
    },
  });
  return streams;
}

/**
 * The browser's `BarcodeDetector`, reading `code` from any video with a live stream (none when
 * `code` is null); `reads` counts the pictures it was given.
 */
export function fakeBarcodeDetector(code: string | null): { reads: number } {
  const seen = { reads: 0 };
  vi.stubGlobal(
    "BarcodeDetector",
    class {
      static async getSupportedFormats() {
        return ["qr_code"];
      }
      async detect(video: HTMLVideoElement) {
        seen.reads += 1;
        const stream = video.srcObject as FakeStream | null;
        return code !== null && stream && !stream.stopped ? [{ rawValue: code }] : [];
      }
    },
  );
  return seen;
}
