// Types of chromium.mjs for the TypeScript that imports it (the browser tests, the benchmark).
export const CHROMIUM: string;
export const CHROMIUM_HEADLESS_SHELL: string;
export const CHROMIUM_ARGS: string[];
