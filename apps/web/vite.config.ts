import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// React and MUI go to their own long-cached vendor chunks; every screen except /login
// is a lazy import (app/router.tsx), which keeps the /login first load small (DESIGN §10).
const vendorGroups = [
  { name: "react-vendor", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  { name: "mui-vendor", test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 2 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // `codeSplitting.groups` is Rolldown's replacement for Rollup's `manualChunks`.
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
