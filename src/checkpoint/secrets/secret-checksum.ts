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

/** CRC-16/XMODEM of `bytes`, as NATS checks its keys. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** The first byte of a NATS public key by its letter: operator, server, cluster, account, user, curve (the letter is that byte's top five bits). */
const NATS_PUBLIC = /^[ONCAUX][A-Z2-7]{55}$/;

/**
 * A NATS public key (`NB3YN6SPZF6…`, as `nats-server` logs its id): its type's byte, an Ed25519 public key and a CRC-16 of both,
 * in base32. Published on purpose; the seed that signs (`SU…`, `SA…`) is a secret of its own format.
 */
export function isNatsPublicKey(token: string): boolean {
  if (!NATS_PUBLIC.test(token)) return false;
  const bytes = new Uint8Array(35);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const c of token) {
    value = (value << 5) | BASE32.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >>> bits) & 0xff;
    }
  }
  // (The type's byte is its letter's five bits and three zeros.)
  return (bytes[0]! & 7) === 0 && crc16(bytes.subarray(0, 33)) === (bytes[33]! | (bytes[34]! << 8));
}
