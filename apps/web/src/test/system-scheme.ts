import { vi } from "vitest";

/** A system colour scheme the test can flip, as the browser's media query would. */
export function stubSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => media),
  );
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener();
  };
}
