/** A statement's bytes as text: UTF-8 with or without a BOM, else Windows-1252 (what UK banks' exports use). */

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Decodes a statement: a UTF-8 BOM is dropped; bytes that are not valid UTF-8 are read as Windows-1252.
 *
 * @example
 * decodeStatement(new Uint8Array([0xa3, 0x31])) // '£1'
 */
export function decodeStatement(bytes: Uint8Array): string {
  const bom = BOM.every((b, i) => bytes[i] === b);
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}
