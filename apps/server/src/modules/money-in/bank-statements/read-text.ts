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

// Windows-1252's characters at 0x80-0x9F, where it differs from Latin-1 (the five bytes it leaves
// undefined stay the control characters Latin-1 has there, which the text cleaning drops).
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Windows-1252, decoded with its real table: Node's TextDecoder reads the label as Latin-1, so
 * ’ – € (0x92, 0x96, 0x80) would come out as control characters and be lost.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80]!);
}

/**
 * The statement file as text with "\n" line ends. Strips the NUL bytes some banks scatter
 * through their exports and a byte-order mark; reads UTF-16 when it says so, UTF-8 when it is
 * valid, else Windows-1252, what Excel on Windows writes. Refuses, at line 0, an empty file and
 * one that is binary rather than text.
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
      text = decodeWindows1252(bytes);
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
