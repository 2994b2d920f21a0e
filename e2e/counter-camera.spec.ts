import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL } from "../scripts/chromium.mjs";
import { DEMO } from "./support/env";
import { writeQrVideo } from "./support/fake-camera";
import { expect, onTestClock, type Page, signIn, test } from "./support/fixtures";

/*
 * The counter reads a QR code from the device's camera (decision 0025): Chromium's fake camera
 * plays a still video of an order's code. Chromium on Linux has no BarcodeDetector, so this
 * is the counter's own reader: ZXing-C++ in WebAssembly, served by Kantien itself.
 */
test("the counter scans an order's QR code with the camera, also one slow to give its picture a size, and hands it over", async ({
  playwright,
  baseURL,
  api,
}) => {
  // The camera may take up to 15 s to start on a busy machine (qr-scanner.ts), then reads; a
  // run on a machine at half its usual speed needed more than 25 s for both.
  test.setTimeout(120_000);
  const day = await api<{ orders: { id: string; status: string; customerName: string }[] }>(
    "GET",
    "/api/kitchen/orders",
  );
  const ready = day.orders.find((order) => order.status === "ready");
  expect(ready, "the demo has a ready order today").toBeDefined();

  // The camera's video is the ready order's code, written before the browser that plays it starts.
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kantien-camera-")), "qr.y4m");
  writeQrVideo(video, `kantien:order:${ready?.id}`);
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_HEADLESS_SHELL,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await onTestClock(
      await browser.newContext({
        baseURL,
        viewport: { width: 820, height: 1180 },
        permissions: ["camera"],
        locale: "af-ZA",
        timezoneId: "Africa/Johannesburg",
        reducedMotion: "reduce",
      }),
    );
    // A camera on a busy device can play before its picture has a size. Here it has none for a
    // second after the page first asks: the reader must wait for one, not stop for good (as
    // ZXing's own camera loop did, silently, and failed this test on a busy machine).
    await context.addInitScript(() => {
      // Counts the pictures read (each is drawn first, on a canvas or an offscreen one), for the
      // failure's message.
      for (const context of [CanvasRenderingContext2D, OffscreenCanvasRenderingContext2D]) {
        const draw = context.prototype.drawImage as (...args: unknown[]) => void;
        context.prototype.drawImage = function (this: unknown, ...args: unknown[]) {
          const counted = window as { videoDraws?: number };
          if (args[0] instanceof HTMLVideoElement) counted.videoDraws = (counted.videoDraws ?? 0) + 1;
          return draw.apply(this, args);
        };
      }
      const width = Object.getOwnPropertyDescriptor(HTMLVideoElement.prototype, "videoWidth");
      const height = Object.getOwnPropertyDescriptor(HTMLVideoElement.prototype, "videoHeight");
      const firstAsked = new WeakMap<HTMLVideoElement, number>();
      const noSizeYet = (video: HTMLVideoElement) => {
        if (!firstAsked.has(video)) firstAsked.set(video, performance.now());
        return performance.now() - (firstAsked.get(video) ?? 0) < 1_000;
      };
      Object.defineProperty(HTMLVideoElement.prototype, "videoWidth", {
        get(this: HTMLVideoElement) {
          return noSizeYet(this) ? 0 : width?.get?.call(this);
        },
      });
      Object.defineProperty(HTMLVideoElement.prototype, "videoHeight", {
        get(this: HTMLVideoElement) {
          return noSizeYet(this) ? 0 : height?.get?.call(this);
        },
      });
    });
    const page = await context.newPage();
    await signIn(page, DEMO.staff, "/kitchen/counter", { ownSession: true });

    const logs: string[] = [];
    page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
    const wasmFetched: string[] = [];
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname.endsWith(".wasm")) wasmFetched.push(request.url());
    });
    await page.getByRole("button", { name: "Skandeer met kamera" }).click();
    const found = page.getByRole("list", { name: "Bestellings gevind" }).getByRole("listitem");
    try {
      await expect(found).toHaveCount(1, { timeout: 45_000 });
    } catch (error) {
      // Say what the page showed, whether its timers ran and what the reader drew: that is how
      // a reader that could not read some order codes at all (ZXing's JavaScript port) was found.
      throw new Error(`${error}\n${await cameraState(page)}\n${logs.join("\n")}`);
    }
    await expect(found).toContainText(ready?.customerName ?? "");
    // The reader came from this server, not a CDN (the counter may have no internet).
    expect(wasmFetched.map((url) => new URL(url).origin)).toEqual([new URL(baseURL ?? "").origin]);
    // The camera closes on the first order it reads.
    await expect(page.getByRole("button", { name: "Maak kamera toe" })).toHaveCount(0);
    await found.getByRole("button", { name: "Oorhandig" }).click();
    await expect(page.getByText(/is oorhandig\.$/)).toBeVisible();
  } finally {
    await browser.close();
    fs.rmSync(path.dirname(video), { recursive: true, force: true });
  }
});

/** What the counter's camera showed, and whether the page's timers run (its clock is faked). */
async function cameraState(page: Page) {
  const timerRan = await Promise.race([
    page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 100))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]).catch((error: unknown) => String(error));
  const video = await page
    .evaluate(() => {
      const element = document.querySelector("video");
      return element
        ? {
            readyState: element.readyState,
            width: element.videoWidth,
            currentTime: element.currentTime,
            paused: element.paused,
            hasStream: element.srcObject !== null,
          }
        : null;
    })
    .catch((error: unknown) => String(error));
  // How many pictures the reader drew (before this drew one more).
  const reads = await page.evaluate(() => (window as { videoDraws?: number }).videoDraws).catch(String);
  // The picture the reader gets: its share of dark pixels (an order's code makes about an
  // eighth), its mean colour and a sketch of it in characters, to tell a wrong picture from a
  // reader that fails on the right one.
  const picture = await page
    .evaluate(() => {
      const element = document.querySelector("video");
      if (!element || element.videoWidth === 0) return null;
      const canvas = document.createElement("canvas");
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      const context = canvas.getContext("2d");
      if (!context) return null;
      context.drawImage(element, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      const luma = (x: number, y: number) => {
        const at = (y * width + x) * 4;
        return ((data[at] ?? 0) + (data[at + 1] ?? 0) + (data[at + 2] ?? 0)) / 3;
      };
      let dark = 0;
      let [red, green, blue] = [0, 0, 0];
      for (let at = 0; at < data.length; at += 4) {
        red += data[at] ?? 0;
        green += data[at + 1] ?? 0;
        blue += data[at + 2] ?? 0;
        if (luma((at / 4) % width, Math.floor(at / 4 / width)) < 128) dark += 1;
      }
      const rows: string[] = [];
      for (let y = 0; y < height; y += height / 24) {
        let row = "";
        for (let x = 0; x < width; x += width / 48)
          row += luma(Math.floor(x), Math.floor(y)) < 128 ? "#" : ".";
        rows.push(row);
      }
      return {
        darkShare: Math.round((dark / (width * height)) * 100) / 100,
        meanRgb: [red, green, blue].map((total) => Math.round(total / (width * height))),
        sketch: rows.join("\n"),
      };
    })
    .catch((error: unknown) => String(error));
  const alerts = await page.getByRole("alert").allTextContents();
  const status = await page.getByRole("status").allTextContents();
  const { sketch, ...shares } = typeof picture === "object" && picture ? picture : { sketch: picture };
  return `The page then: ${JSON.stringify({ timerRan, video, reads, alerts, status, ...shares })}\n${sketch}`;
}
