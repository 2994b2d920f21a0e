import type { Alias } from "vite";

/**
 * The app is written against React's API and runs on Preact's compatibility layer
 * (decision 0024): the same components at a fifth of React DOM's size, which is what keeps the
 * ordering app's first load within its budget. The build (vite.config.ts) and the component
 * tests (vitest.config.ts) resolve React through these, so both run the same renderer.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
  // React 18's shim for react-i18next: Preact has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "preact/compat" },
];

/**
 * Packages that import React, which the component tests must compile instead of loading from
 * node_modules as they are: only then do the aliases reach them, and one Preact serves all.
 */
export const usesReact = [
  /@mui\//,
  /@emotion\//,
  /@tanstack\/react-query/,
  /react-router/,
  /react-i18next/,
  /react-hook-form/,
  /@hookform\//,
  /react-error-boundary/,
  /react-transition-group/,
];
