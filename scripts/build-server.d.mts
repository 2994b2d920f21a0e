// Types of build-server.mjs for the TypeScript that imports it (the browser tests' setup, the
// cluster test).
export function bundleServer(entry: string, outfile: string): Promise<void>;
export function bundleMainServer(): Promise<void>;
export const SERVER_BUNDLE: string;
