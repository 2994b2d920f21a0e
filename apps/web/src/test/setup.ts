import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, vi } from "vitest";
import { i18n, loadTexts } from "../lib/i18n";
import { fakeAnswerProblems } from "./api-answers";
import { cleanup, configure } from "./test-utils";

// Screens render here without the routes and layouts that load their texts in the app.
await loadTexts("backOffice");

// No component test reaches a network: a request no fake answers (mock-fetch.ts) fails as a
// browser's fetch fails offline, instead of happy-dom's fetch calling out to localhost.
globalThis.fetch = async () => {
  throw new TypeError("Failed to fetch");
};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // What a test kept on the device (the counter's offline queue) is not the next one's.
  globalThis.indexedDB = new IDBFactory();
  // A test that switched language leaves the next one in Afrikaans, the default.
  if (i18n.language !== "af") await i18n.changeLanguage("af");
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A fake API answer the domain's schema refuses (mock-fetch.ts) fails the test that sent it.
  const problems = fakeAnswerProblems.splice(0);
  if (problems.length > 0) throw new Error(problems.join("\n"));
});

// Screens and dialogs load lazily; on a busy CI machine the first import takes over 1 s.
configure({ asyncUtilTimeout: 5000, reactStrictMode: true });
