import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Config } from "../../config";
import { appTest } from "../../test/app-test";
import { createUser, signIn } from "../../test/fixtures";
import { multipart, type Part } from "../../test/multipart";
import { request } from "../../test/request";

const it = appTest();
let admin: string;
let staff: string;
let goodPng: Buffer;

it.beforeAll(async ({ app, db }) => {
  admin = await signIn(app, await createUser(db, { roleId: 4 }));
  staff = await signIn(app, await createUser(db, { roleId: 3 }));
  goodPng = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
});

const uploadsDir = (config: Config) => path.join(config.dataDir, "uploads");
const storedFiles = (config: Config) =>
  fs.existsSync(uploadsDir(config)) ? fs.readdirSync(uploadsDir(config)).sort() : [];
const fileOf = (config: Config, url: string) =>
  path.join(uploadsDir(config), url.replace(/^\/uploads\//, ""));

/** `cookie` null: an anonymous caller. */
const postFile = (app: App, parts: Part[], cookie: string | null = admin) => {
  const { payload, contentType } = multipart(parts);
  return request(app, "POST", "/api/admin/upload/weekly-item-file", {
    cookie: cookie ?? undefined,
    body: payload,
    headers: { "content-type": contentType },
  });
};
const fileField = (data: Buffer | string, filename = "kos.png", contentType = "image/png"): Part => ({
  name: "file",
  filename,
  contentType,
  data,
});

const postBase64 = (app: App, body: object, cookie: string | null = admin) =>
  request(app, "POST", "/api/admin/upload/weekly-item", { cookie: cookie ?? undefined, body });

/**
 * A valid PNG of width × height black 1-bit pixels: a few kilobytes on disk that would
 * decode to hundreds of megabytes. Built by hand; encoding it with sharp would be slow.
 */
function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey), no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter 0, all black
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function expectStoredImage(
  config: Config,
  body: { url: string; data: { url: string; thumbnailUrl: string } },
) {
  expect(body.data.url).toBe(body.url);
  expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  expect(body.data.thumbnailUrl).toBe(body.url.replace(".webp", "-thumb.webp"));
  const image = await sharp(fileOf(config, body.url)).metadata();
  expect(image).toMatchObject({ format: "webp", width: 1200, height: 600 });
  const thumbnail = await sharp(fileOf(config, body.data.thumbnailUrl)).metadata();
  expect(thumbnail).toMatchObject({ format: "webp", width: 400, height: 200 });
}

describe("POST /api/admin/upload/weekly-item-file (multipart)", () => {
  it("stores a good PNG as WebP within 1200 px, with a thumbnail, under a name the server chose", async ({
    app,
    config,
  }) => {
    const res = await postFile(app, [fileField(goodPng, "../../etc/passwd.png")]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    await expectStoredImage(config, body);
    expect(storedFiles(config).some((name) => name.includes("passwd"))).toBe(false);
  });

  it("applies the EXIF orientation and drops the metadata", async ({ app, config }) => {
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await postFile(app, [fileField(jpeg, "foto.jpg", "image/jpeg")]);
    expect(res.statusCode).toBe(201);
    const meta = await sharp(fileOf(config, res.json().url)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("recognises the type by content: a WebP named .txt with a text type is accepted", async ({
    app,
    config,
  }) => {
    const webp = await sharp({ create: { width: 50, height: 40, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    const res = await postFile(app, [fileField(webp, "notas.txt", "text/plain")]);
    expect(res.statusCode).toBe(201);
    expect(await sharp(fileOf(config, res.json().url)).metadata()).toMatchObject({ width: 50, height: 40 });
  });

  it("refuses a text file named .png with type image/png (415) and leaves no file", async ({
    app,
    config,
  }) => {
    const before = storedFiles(config);
    const res = await postFile(app, [fileField("<svg onload=alert(1)>nie 'n beeld nie</svg>")]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: "upload_unsupported_type",
      message: "Slegs JPEG-, PNG- of WebP-beelde word aanvaar.",
    });
    expect(storedFiles(config)).toEqual(before);
  });

  it("refuses a GIF (415)", async ({ app }) => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const res = await postFile(app, [fileField(gif, "a.gif", "image/gif")]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("upload_unsupported_type");
  });

  it("answers 'Oplaai het misluk' for a damaged image and leaves no file", async ({ app, config }) => {
    const before = storedFiles(config);
    const res = await postFile(app, [fileField(goodPng.subarray(0, 200))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "upload_failed", message: "Oplaai het misluk" });
    expect(storedFiles(config)).toEqual(before);
  });

  it("refuses a file over 5 MB (413) and leaves no file", async ({ app, config }) => {
    const before = storedFiles(config);
    const big = Buffer.concat([goodPng, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await postFile(app, [fileField(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "upload_too_large", message: "Die lêer is groter as 5 MB." });
    expect(storedFiles(config)).toEqual(before);
  });

  it("refuses a pixel flood and leaves no file", async ({ app, config }) => {
    const before = storedFiles(config);
    const flood = pixelFloodPng(20_000, 20_000);
    expect(flood.length).toBeLessThan(200_000);
    const res = await postFile(app, [fileField(flood)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "upload_too_many_pixels" });
    expect(storedFiles(config)).toEqual(before);
  });

  it("asks for a file when there is none: no part, another field, or an empty file", async ({ app }) => {
    for (const parts of [
      [{ name: "naam", data: "kos" }],
      [{ name: "image", filename: "kos.png", contentType: "image/png", data: goodPng }],
      [fileField(Buffer.alloc(0), "")],
    ]) {
      const res = await postFile(app, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "upload_file_missing",
        message: "Kies asseblief eers 'n lêer",
      });
    }
    const json = await request(app, "POST", "/api/admin/upload/weekly-item-file", {
      cookie: admin,
      body: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe("upload_file_missing");
  });

  it("takes a single file: a second one, or a broken form, is refused and leaves no file", async ({
    app,
    config,
  }) => {
    const before = storedFiles(config);
    const two = await postFile(app, [fileField(goodPng), fileField(goodPng, "b.png")]);
    expect(two.statusCode).toBe(413);
    const broken = await request(app, "POST", "/api/admin/upload/weekly-item-file", {
      cookie: admin,
      body: goodPng,
      headers: { "content-type": "multipart/form-data" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
    expect(storedFiles(config)).toEqual(before);
  });

  it("refuses staff (403) and anonymous callers (401), and writes nothing", async ({ app, config }) => {
    const before = storedFiles(config);
    const asStaff = await postFile(app, [fileField(goodPng)], staff);
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().code).toBe("forbidden");
    const anonymous = await postFile(app, [fileField(goodPng)], null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("unauthenticated");
    expect(storedFiles(config)).toEqual(before);
  });
});

describe("POST /api/admin/upload/weekly-item (JSON base64)", () => {
  it("stores a good PNG sent as plain base64 and as a data: URL", async ({ app, config }) => {
    const plain = await postBase64(app, { fileName: "kos.png", fileBase64: goodPng.toString("base64") });
    expect(plain.statusCode).toBe(201);
    await expectStoredImage(config, plain.json());
    const dataUrl = await postBase64(app, {
      fileName: "kos.png",
      fileBase64: `data:image/png;base64,${goodPng.toString("base64")}`,
    });
    expect(dataUrl.statusCode).toBe(201);
    await expectStoredImage(config, dataUrl.json());
  });

  it("refuses text posing as a PNG (415) and leaves no file", async ({ app, config }) => {
    const before = storedFiles(config);
    const res = await postBase64(app, {
      fileName: "kos.png",
      fileBase64: `data:image/png;base64,${Buffer.from("hallo wêreld").toString("base64")}`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("upload_unsupported_type");
    expect(storedFiles(config)).toEqual(before);
  });

  it("refuses more than 5 MB of decoded data (413), and a body over the limit too", async ({
    app,
    config,
  }) => {
    const before = storedFiles(config);
    const overFive = Buffer.concat([goodPng, Buffer.alloc(5 * 1024 * 1024)]).toString("base64");
    const res = await postBase64(app, { fileName: "kos.png", fileBase64: overFive });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "upload_too_large", message: "Die lêer is groter as 5 MB." });
    const huge = await postBase64(app, { fileName: "kos.png", fileBase64: "A".repeat(8 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("upload_too_large");
    expect(storedFiles(config)).toEqual(before);
  });

  it("asks for a file when fileBase64 is missing or empty, and refuses what is not base64", async ({
    app,
  }) => {
    for (const body of [{ fileName: "kos.png" }, { fileName: "kos.png", fileBase64: "" }, {}]) {
      const res = await postBase64(app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "upload_file_missing",
        message: "Kies asseblief eers 'n lêer",
      });
    }
    const bad = await postBase64(app, { fileName: "kos.png", fileBase64: "!!nie base64 nie!!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("upload_failed");
  });

  it("refuses a pixel flood", async ({ app, config }) => {
    const before = storedFiles(config);
    const res = await postBase64(app, {
      fileName: "x.png",
      fileBase64: pixelFloodPng(20_000, 20_000).toString("base64"),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("upload_too_many_pixels");
    expect(storedFiles(config)).toEqual(before);
  });

  it("refuses staff (403) and anonymous callers (401), and writes nothing", async ({ app, config }) => {
    const before = storedFiles(config);
    const body = { fileName: "kos.png", fileBase64: goodPng.toString("base64") };
    expect((await postBase64(app, body, staff)).statusCode).toBe(403);
    expect((await postBase64(app, body, null)).statusCode).toBe(401);
    expect(storedFiles(config)).toEqual(before);
  });
});

describe("GET /uploads/:name", () => {
  it("serves a stored image and its thumbnail as WebP, cached for a year, nosniff", async ({
    app,
    config,
  }) => {
    const { url, data } = (await postFile(app, [fileField(goodPng)])).json();
    for (const path of [url, data.thumbnailUrl]) {
      const res = await request(app, "GET", path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.rawPayload.equals(fs.readFileSync(fileOf(config, path)))).toBe(true);
    }
  });

  it("answers 404 for unknown names, other names and path tricks", async ({ app, config }) => {
    fs.mkdirSync(uploadsDir(config), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(config), "notas.txt"), "geheim");
    fs.writeFileSync(path.join(config.dataDir, "x"), "geheim");
    for (const url of [
      `/uploads/${"0".repeat(32)}.webp`,
      "/uploads/notas.txt",
      "/uploads/../x",
      "/uploads/..%2fx",
      "/uploads/%2e%2e%2fx",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/",
      `/uploads/a/${"0".repeat(32)}.webp`,
    ]) {
      const res = await request(app, "GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain("geheim");
      expect(res.headers["cache-control"]).toBeUndefined();
    }
  });
});
