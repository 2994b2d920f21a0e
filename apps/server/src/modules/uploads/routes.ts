import fs from "node:fs/promises";
import path from "node:path";
import { createdAnswers } from "@kantien/domain/api";
import { text } from "@kantien/domain/text";
import { uploadAnswer } from "@kantien/domain/uploads";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { AppError, notFound } from "../../errors";
import { acceptOneFile, readFileField } from "../../plugins/file-upload";
import {
  decodeBase64Upload,
  fileMissing,
  STORED_NAME,
  type StoredImage,
  storeImage,
  tooLarge,
  UPLOAD_MAX_BYTES,
  uploadsDir,
} from "./service";

/** 5 MB of file as base64 is ~6.7 MB; the JSON around it and a data: prefix are small. */
const BASE64_BODY_LIMIT = 7 * 1024 * 1024;

/** Both fields optional: a missing file gets its own message, not a validation error. */
const base64UploadBody = z.object({
  fileName: text().max(255).optional(),
  fileBase64: z.string().optional(),
});

// What both routes answer (decision 0016).
const uploadAnswers = createdAnswers(uploadAnswer);

const uploaded = ({ url, thumbnailUrl }: StoredImage) => ok({ url, thumbnailUrl }, { url });

/**
 * The image uploads of the food item dialog (multipart field `file`, or JSON `fileName` + `fileBase64`),
 * at /api/admin/upload/*: the admins' scope's guard runs at onRequest, so a non-admin's body is never read. The multipart file is taken as every
 * one-file route takes it (plugins/file-upload.ts).
 */
export async function uploadsRoutes(app: FastifyInstance, { config }: AppDeps) {
  await app.register(async (scope) => {
    await acceptOneFile(scope, { maxBytes: UPLOAD_MAX_BYTES, tooLarge });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post("/upload/weekly-item-file", { schema: { response: uploadAnswers } }, async (request, reply) => {
      const file = await readFileField(request, () => new AppError("upload_failed"));
      if (!file) throw fileMissing();
      return reply.status(201).send(uploaded(await storeImage(config.dataDir, file.data)));
    });

    api.post(
      "/upload/weekly-item",
      {
        bodyLimit: BASE64_BODY_LIMIT,
        schema: { body: base64UploadBody, response: uploadAnswers },
      },
      async (request, reply) => {
        const { fileBase64 } = request.body;
        if (!fileBase64) throw fileMissing();
        const data = decodeBase64Upload(fileBase64);
        return reply.status(201).send(uploaded(await storeImage(config.dataDir, data)));
      },
    );
  });
}

/**
 * Serves stored images outside /api, at /uploads. Only names the server generated are
 * looked up, so no path from the URL reaches the file system; each name's content
 * never changes, so it may be cached for a year.
 */
export async function uploadFilesRoutes(app: FastifyInstance, { config }: AppDeps) {
  const dir = uploadsDir(config.dataDir);
  app.get("/uploads/*", async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    if (!STORED_NAME.test(name)) throw notFound();
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path.join(dir, name), "r");
    } catch {
      throw notFound();
    }
    const stat = await handle.stat().catch(async (error) => {
      await handle.close();
      throw error;
    });
    return reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Length", stat.size)
      .type("image/webp")
      .send(handle.createReadStream());
  });
}
