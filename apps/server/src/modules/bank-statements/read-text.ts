import { StatementUnreadable } from "./statement";

// Files that are certainly not a CSV or OFX export, told by their first bytes.
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF- (the PDF statement, not the export)
  [0x50, 0x4b, 0x03, 0x04], // ZIP, so also .xlsx
  [0xd0, 0xcf, 0x11, 0xe0], // old Excel .xls
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
];

const startsWith = (file: Buffer, bytes: readonly number[]) =>
  bytes.every((byte, index) => file[index] === byte);
const hasBinarySignature = (file: Buffer) =>
  BINARY_SIGNATURES.some((signature) => startsWith(file, signature));

/** Control characters a text export never holds: C0 and DEL, tab and the line-ending ones aside. */
function countBinaryCharacters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && (code < 0x09 || code > 0x0d)) || code === 0x7f) count++;
  }
  return count;
}

/**
 * The statement file as text with "\n" line ends. Strips the NUL bytes some banks scatter
 * through their exports and a byte-order mark; reads UTF-16 when it says so, UTF-8 when it is
 * valid, else Windows-1252, what Excel on Windows writes (Node decodes it as Latin-1, so its few
 * symbols at 0x80-0x9F become control characters that the text cleaning drops). Refuses, at
 * line 0, an empty file and one that is binary rather than text.
 */
export function statementText(file: Buffer): string {
  if (hasBinarySignature(file)) throw new StatementUnreadable(0, "binary");

  let text: string;
  if (startsWith(file, [0xff, 0xfe])) text = new TextDecoder("utf-16le").decode(file.subarray(2));
  else if (startsWith(file, [0xfe, 0xff])) text = new TextDecoder("utf-16be").decode(file.subarray(2));
  else {
    // Without a byte-order mark, NULs are strays (or the high bytes of plain-ASCII UTF-16): drop them.
    const bytes = file.includes(0) ? Buffer.from(file.filter((byte) => byte !== 0)) : file;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes);
    }
  }
  text = text.replaceAll("\u0000", "").replace(/^\ufeff/, "");

  // A few stray control bytes happen (a DOS end-of-file mark); a binary file has them everywhere.
  const binaryCharacters = countBinaryCharacters(text);
  if (binaryCharacters >= 4 && binaryCharacters * 100 >= text.length)
    throw new StatementUnreadable(0, "binary");

  text = text.replace(/\r\n?/g, "\n");
  if (text.trim() === "") throw new StatementUnreadable(0, "empty");
  return text;
}
