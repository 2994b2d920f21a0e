/**
 * Browser-test hook for the error fallback ('Oeps! Iets het verkeerd gegaan').
 *
 * A Playwright test sets `sessionStorage["kantien:throw"] = "<section>"` (e.g. "kitchen");
 * that section then throws while rendering, so the test can see the fallback, and
 * 'Probeer weer' clears the flag and shows the section again. Nothing else sets the
 * flag; it is checked only here, so it is harmless in production.
 */
const THROW_FLAG_KEY = "kantien:throw";

function readFlag(): string | null {
  try {
    return window.sessionStorage.getItem(THROW_FLAG_KEY);
  } catch {
    return null;
  }
}

export function throwIfRequested(section: string): void {
  if (readFlag() === section) throw new Error(`Test-requested render error in section "${section}"`);
}

export function clearThrowRequest(): void {
  try {
    window.sessionStorage.removeItem(THROW_FLAG_KEY);
  } catch {
    // Storage unavailable: the flag cannot be set either.
  }
}
