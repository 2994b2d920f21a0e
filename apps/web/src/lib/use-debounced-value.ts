import { useEffect, useState } from "react";

/** Typing pauses this long before a search is sent to the server: one request a word, not a key. */
export const SEARCH_DELAY_MS = 300;

/** The value once it has stayed the same for `delay` ms: the one debounce of the app. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
