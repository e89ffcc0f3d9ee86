/**
 * Checksums that providers publish inside their tokens. GitHub's tokens end
 * in six base62 characters holding the CRC32 of the thirty before them, so a
 * token whose checksum holds is a real one even if it looks tame.
 */

let table: Uint32Array | null = null;

/** CRC-32 (IEEE 802.3) of the Latin-1 bytes of `text`. */
export function crc32(text: string): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = table[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` in base62, left-padded with zeros to `width` characters. */
export function base62(n: number, width: number): string {
  let out = '';
  for (let v = n; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62]! + out;
  return out.padStart(width, '0');
}

/** True when `token` carries a valid checksum of the named kind. */
export function verifyChecksum(kind: 'github-crc32', token: string): boolean {
  const m = /^gh[pousr]_([A-Za-z0-9]{30})([A-Za-z0-9]{6})$/.exec(token);
  return m !== null && base62(crc32(m[1]!), 6) === m[2];
}
