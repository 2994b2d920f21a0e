import { createRequire } from "node:module";
import path from "node:path";

/*
 * The folders of the workspace packages, found as Node finds any package, so that the same code
 * works from its TypeScript sources and from the bundle in apps/server/dist (built by
 * scripts/build-server.mjs), wherever that file sits.
 */
const require = createRequire(import.meta.url);
const folderOf = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export const serverFolder = folderOf("@kantien/server");
export const webFolder = folderOf("@kantien/web");
