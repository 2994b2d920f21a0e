import os from "node:os";
import path from "node:path";
import { DEMO } from "./support/env";
import { writeQrVideo } from "./support/fake-camera";
import { expect, signIn, test } from "./support/fixtures";

/*
 * The counter reads a QR code from the device's camera (issue 13): Chromium's fake camera
 * plays a still video of an order's code. Chromium on Linux has no BarcodeDetector, so this
 * is the ZXing reader.
 */
const VIDEO = path.join(os.tmpdir(), `kantien-fake-camera-${process.pid}.y4m`);
writeQrVideo(VIDEO, "kantien:order:00000000-0000-4000-8000-000000000000");

test.use({
  viewport: { width: 820, height: 1180 },
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test("the counter scans an order's QR code with the camera and hands it over", async ({ page }) => {
  await signIn(page, DEMO.staff, "/kitchen/counter");
  const day = (await (await page.request.get("/api/kitchen/orders")).json()) as {
    data: { orders: { id: string; status: string; customerName: string }[] };
  };
  const ready = day.data.orders.find((order) => order.status === "ready");
  expect(ready, "the demo has a ready order today").toBeDefined();
  // The camera opens the file when it starts: the code is the ready order's.
  writeQrVideo(VIDEO, `kantien:order:${ready?.id}`);

  await page.getByRole("button", { name: "Skandeer met kamera" }).click();
  const found = page.getByRole("list", { name: "Bestellings gevind" }).getByRole("listitem");
  await expect(found).toHaveCount(1, { timeout: 15_000 });
  await expect(found).toContainText(ready?.customerName ?? "");
  // The camera closes on the first order it reads.
  await expect(page.getByRole("button", { name: "Maak kamera toe" })).toHaveCount(0);
  await found.getByRole("button", { name: "Afgehaal" }).click();
  await expect(page.getByText(/is oorhandig\.$/)).toBeVisible();
});
