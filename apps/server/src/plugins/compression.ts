import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** What answers are compressed with, in the server's order of preference. */
const ENCODINGS: ["br", "gzip"] = ["br", "gzip"];
/** Smaller answers go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;
/**
 * Answers up to this size (a kitchen day of a thousand orders is about 300 KB of JSON) are
 * compressed in one call. Through a zlib stream, the plugin's way above 8 KB on two cores, a
 * 300-order day cost about five times the CPU of compressing it at once (bench/layers.ts); one
 * call holds the event loop for about a millisecond per 100 KB.
 */
const COMPRESS_IN_ONE_CALL_BYTES = 512 * 1024;
/**
 * gzip's level for clients without Brotli: on JSON, level 3 takes less than half of the default
 * level 6's CPU for an answer about 9 % larger (a 300-order day: 0.66 against 1.45 ms, 12.3
 * against 11.2 KB).
 */
const GZIP_OPTIONS = { level: 3 };
/** Brotli's quality, @fastify/compress's own default: fast enough for answers made per request. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Compresses every answer the client accepts compressed (@fastify/compress). */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: THRESHOLD_BYTES,
    encodings: ENCODINGS,
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    zlibOptions: GZIP_OPTIONS,
    brotliOptions: BROTLI_OPTIONS,
  });
}

/**
 * A JSON answer many requests share, each encoding made at most once for all of them; null for
 * an answer under the threshold, which goes as it is.
 */
export type SharedJson = { text: string; encoded: ((encoding: string) => Buffer) | null };

export function sharedJson(text: string): SharedJson {
  if (Buffer.byteLength(text) < THRESHOLD_BYTES) return { text, encoded: null };
  const encoded = new Map<string, Buffer>();
  return {
    text,
    encoded: (encoding) => {
      let body = encoded.get(encoding);
      if (!body) {
        body =
          encoding === "br"
            ? zlib.brotliCompressSync(text, BROTLI_OPTIONS)
            : zlib.gzipSync(text, GZIP_OPTIONS);
        encoded.set(encoding, body);
      }
      return body;
    },
  };
}

/**
 * Sends a shared answer as @fastify/compress would (the same encodings, threshold and levels),
 * from its one compression: the plugin leaves an answer alone that is already encoded.
 */
export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, answer: SharedJson) {
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const accepted = request.headers["accept-encoding"];
  // As the plugin reads the header: "*" and "x-gzip" mean gzip.
  const encoding = accepted
    ? negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, "gzip"), ENCODINGS)
    : null;
  if (!encoding || !answer.encoded) return reply.send(answer.text);
  return reply.header("content-encoding", encoding).send(answer.encoded(encoding));
}
