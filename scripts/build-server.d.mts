// Types of build-server.mjs for the TypeScript that imports it (the browser tests' setup).
export function bundleServer(entry: string, outfile: string): Promise<void>;
export function serverBundleIsStale(file: string): boolean;
export const SERVER_BUNDLE: string;
