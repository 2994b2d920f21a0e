/** `promise`, or an `Error(what)` once `ms` have passed without it settling. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer = 0;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = window.setTimeout(() => reject(new Error(what)), ms);
      }),
    ]);
  } finally {
    window.clearTimeout(timer);
  }
}
