// Local storage errors are logged only (private mode, quota, disabled storage).
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`localStorage read failed for ${key}`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`localStorage write failed for ${key}`, error);
  }
}
