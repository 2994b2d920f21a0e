import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { AppError } from "../errors";

/**
 * Lets the routes of `scope` (a plugin of their own) take one file, multipart field `file`, of
 * at most `maxBytes`; a larger one is answered with `tooLarge()`. Multipart is parsed in such
 * scopes only: everywhere else the API takes JSON.
 */
export async function acceptOneFile(
  scope: FastifyInstance,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: () => AppError },
): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1024, headerPairs: 50 },
  });
  // Both ways of being too big get the route's own message; the rest goes to the app's handler.
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE" || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      throw tooLarge();
    }
    throw error;
  });
}

/**
 * The `file` field's bytes and the name the browser gave it; null when the request carries no
 * file (or no multipart body at all). Other parts are drained. A broken form (no boundary, a
 * truncated body) is the client's fault: `broken()`, not a 500.
 */
export async function readFileField(
  request: FastifyRequest,
  broken: () => AppError,
): Promise<{ data: Buffer; filename: string } | null> {
  if (!request.isMultipart()) return null;
  let file: { data: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname === "file" && file === null) {
        file = { data: await part.toBuffer(), filename: part.filename };
      } else part.file.resume();
    }
  } catch (error) {
    // The plugin's limit errors carry their status.
    if ((error as FastifyError).statusCode) throw error;
    throw broken();
  }
  return file && file.data.length > 0 ? file : null;
}
