/** A fresh Idempotency-Key; `randomUUID` needs a secure context, so a LAN address falls back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One key per submission of a form, reused when the same body is sent again after an answer
 * that leaves the outcome unknown (no answer, or a server error): the server then charges
 * once. After a clear refusal or a changed body, the next submission is a new one.
 */
export class SubmissionKeys {
  private last: { body: string; key: string } | null = null;

  keyFor(body: unknown): string {
    const serialized = JSON.stringify(body);
    if (this.last?.body === serialized) return this.last.key;
    this.last = { body: serialized, key: newIdempotencyKey() };
    return this.last.key;
  }

  /** The answer was clear (success or a 4xx refusal): a later submission is a new one. */
  settled(): void {
    this.last = null;
  }
}
