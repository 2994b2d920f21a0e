import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { storedImageUrls, UPLOADS_URL_PREFIX } from "@kantien/domain/uploads";
import sharp from "sharp";
import { AppError } from "../../errors";

/** The largest file accepted, before decoding: 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Pixel-flood guard: a small file may still decode to gigabytes of pixels. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 1200;
export const THUMBNAIL_MAX_SIDE = 400;

/** Only names the server generated: 128 random bits in hex, the image or its thumbnail. */
export const STORED_NAME = /^[0-9a-f]{32}(-thumb)?\.webp$/;

export type ImageFormat = "jpeg" | "png" | "webp";

export type StoredImage = { url: string; thumbnailUrl: string };

export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

export const tooLarge = () => new AppError("upload_too_large");
export const fileMissing = () => new AppError("upload_file_missing");

/** The image format by its magic bytes; the name and the declared type are never trusted. */
export function detectImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "png";
  }
  if (
    data.length >= 12 &&
    data.toString("latin1", 0, 4) === "RIFF" &&
    data.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

/**
 * Decodes the `fileBase64` of the JSON upload, with or without a `data:` URL prefix.
 * The size is checked before decoding; anything that is not base64 is refused.
 */
export function decodeBase64Upload(text: string): Buffer {
  const payload = text.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (payload === "") throw fileMissing();
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > UPLOAD_MAX_BYTES) throw tooLarge();
  if (!/^[A-Za-z0-9+/\-_]+={0,2}$/.test(payload)) throw new AppError("upload_failed");
  // Node's base64 decoder reads the URL-safe alphabet too.
  return Buffer.from(payload, "base64");
}

/** A sharp pipeline that refuses pixel floods while decoding, too. */
const decoder = (data: Buffer) => sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error" });

/** Re-encodes to WebP: EXIF orientation applied, metadata dropped, within `side` × `side`. */
const encode = (data: Buffer, side: number) =>
  decoder(data)
    .rotate()
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();

/**
 * Checks an uploaded image by its content, re-encodes it and its thumbnail to WebP and
 * stores both under DATA_DIR/uploads with names the server chooses. Files are written
 * under temporary names and renamed; on any failure nothing of this upload is left.
 */
export async function storeImage(dataDir: string, data: Buffer): Promise<StoredImage> {
  if (data.length === 0) throw fileMissing();
  if (data.length > UPLOAD_MAX_BYTES) throw tooLarge();
  const format = detectImageFormat(data);
  if (!format) throw new AppError("upload_unsupported_type");

  let image: Buffer;
  let thumbnail: Buffer;
  try {
    const meta = await decoder(data).metadata();
    if (meta.format !== format) throw new AppError("upload_unsupported_type");
    // The header alone tells the size: refuse before decoding a single pixel.
    if (!meta.width || !meta.height) throw new AppError("upload_failed");
    if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw new AppError("upload_too_many_pixels");
    [image, thumbnail] = await Promise.all([encode(data, IMAGE_MAX_SIDE), encode(data, THUMBNAIL_MAX_SIDE)]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError("upload_too_many_pixels");
    }
    // A damaged or truncated image: sharp could not decode it.
    throw new AppError("upload_failed");
  }

  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const id = randomBytes(16).toString("hex");
  const urls = storedImageUrls(id);
  const fileOf = (url: string) => path.join(dir, url.slice(UPLOADS_URL_PREFIX.length));
  const files = [
    { data: image, temp: path.join(dir, `.${id}.tmp`), final: fileOf(urls.url) },
    { data: thumbnail, temp: path.join(dir, `.${id}-thumb.tmp`), final: fileOf(urls.thumbnailUrl) },
  ];
  try {
    for (const file of files) await fs.writeFile(file.temp, file.data, { flag: "wx" });
    for (const file of files) await fs.rename(file.temp, file.final);
  } catch (error) {
    await Promise.all(files.flatMap((f) => [f.temp, f.final].map((p) => fs.rm(p, { force: true }))));
    throw error;
  }
  return urls;
}
