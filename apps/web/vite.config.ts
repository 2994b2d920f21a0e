import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const MUI =
  /node_modules[\\/](@mui|@emotion|@popperjs|@babel[\\/]runtime|react-transition-group|react-is|stylis|clsx|prop-types|hoist-non-react-statics)[\\/]/;

/**
 * React and MUI go to long-cached vendor chunks. MUI is split in two: what the first page
 * needs (`$initial`: statically reachable from the entry) and the rest, loaded with the first
 * signed-in screen. Every screen except /login is a lazy import (app/lazy-screens.ts).
 * Budget: the /login first load ≤ 200 KB of gzipped JavaScript (DESIGN §10).
 * `codeSplitting.groups` is Rolldown's replacement for Rollup's `manualChunks`.
 */
const vendorGroups = [
  { name: "react-vendor", test: REACT, priority: 3 },
  { name: "mui-vendor", test: MUI, tags: ["$initial" as const], priority: 2 },
  { name: "mui-extra-vendor", test: MUI, priority: 1 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
