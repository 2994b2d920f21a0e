/*
 * A record two people or devices edit carries a version, raised by every save
 * (docs/decisions/0057-edits-that-dont-overwrite-each-other.md). Reads answer it as the `ETag`
 * header and in the record (`version`); a save sends it back as `If-Match`, and one based on a
 * version another save replaced is refused as 409 `stale` with the current record.
 * Without zod: the web app's API client uses it.
 */

/** The `ETag` of a record's version: a quoted number, `"7"`. */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/**
 * The version an `If-Match` header names: `"7"` (or `W/"7"`, as a proxy that compresses may
 * weaken it) → 7; no header or `*` → null (any version); anything else → undefined (refused).
 */
export function versionOfTag(header: string | undefined): number | null | undefined {
  if (header === undefined || header.trim() === "" || header.trim() === "*") return null;
  const match = /^\s*(?:W\/)?"([1-9][0-9]{0,8})"\s*$/.exec(header);
  return match ? Number(match[1]) : undefined;
}
