/**
 * "High-entropy string of 32+ characters" (SPEC §9), made precise: a run of
 * base64/base64url/hex characters that looks random rather than written.
 * Hex object ids (40 or 64 characters) and UUIDs are never secrets; neither
 * are identifiers, paths or words joined by separators.
 */

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]+$/i;

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * How often consecutive characters switch between lower case, upper case and
 * digits: about 0.6 for random base62, far less for camelCase words.
 */
function classSwitchRate(text: string): number {
  const cls = (c: string) => (c >= 'a' && c <= 'z' ? 1 : c >= 'A' && c <= 'Z' ? 2 : c >= '0' && c <= '9' ? 3 : 0);
  let switches = 0;
  for (let i = 1; i < text.length; i++) if (cls(text[i]!) !== cls(text[i - 1]!)) switches++;
  return switches / Math.max(1, text.length - 1);
}

/**
 * True when `token` (already known to be 32+ characters of
 * `[A-Za-z0-9+/_-]` with optional `=` padding) looks like a random secret.
 */
export function isHighEntropy(token: string): boolean {
  const body = token.replace(/=+$/, '');
  if (body.length < 32 || OBJECT_ID.test(body) || UUID.test(body)) return false;
  const digits = (body.match(/\d/g) ?? []).length;
  const letters = (body.match(/[A-Za-z]/g) ?? []).length;
  if (digits < 2 || letters < 2) return false;
  if (HEX.test(body)) return shannonEntropy(body) >= 3.0;
  // Judged without separators: words joined by `/`, `_` or `-` (paths, snake_case) keep
  // long runs of one letter case; random base64 switches case and digits at every other character.
  const bare = body.replace(/[+/_-]/g, '');
  return bare.length >= 24 && shannonEntropy(bare) >= 4.0 && classSwitchRate(bare) >= 0.3;
}
