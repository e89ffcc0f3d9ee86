/**
 * "High-entropy string of 32+ characters" (SPEC §9), made precise. A
 * candidate is a run of token characters, taken whole across the separators
 * that providers put inside tokens (`.`, `~`, `|`, `-`, `_`), so that
 * `<id>.<ts>.<hmac>` or `prefix_<random>` is judged as one token. A body of
 * hex digits is judged on the hex threshold (hex can never reach base64's
 * bits per character). Exempt: lowercase git object ids (40 or 64 hex) that
 * follow no secret keyword, UUIDs, subresource-integrity hashes, and words
 * joined by separators (paths, identifiers, versions).
 */

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SRI = /^sha(?:1|256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
/** A prefix (words and separators) before a hex body: `dapi…`, `pul-…`, `acme_live_…`. */
const PREFIXED_HEX = /^((?:[A-Za-z0-9]{1,12}[_.~|-]){0,3}[A-Za-z0-9]{0,12}?[_.~|-]?)([0-9a-fA-F]{24,})$/;
/** Prefixes that name a hash or a commit, not a credential: `sha1-<hex>`, `commit-<hex>`. */
const HASH_PREFIX = /^(?:sha\d*|md5|commit|rev|oid|git|g|tree|blob|ref|object|id|hash|head|v[\d.]*)[_.~|-]?$/i;
/** A secret keyword ending just before a value: `SENTRY_TOKEN = `, `"apiKey": "`. */
const KEYWORD_BEFORE = /(?:passw(?:or)?d|passphrase|pwd|secret|token|[_.-]?key|credentials?|auth)\w{0,20}["'`]?\s{0,3}(?:=>|:=|[:=,(])?\s{0,3}["'`]?$/i;

/** Candidates: runs of token characters, at least 32 long, with up to 3 `=` of padding. */
export const CANDIDATE = /(?<![A-Za-z0-9+/_.~|-])[A-Za-z0-9+/_.~|-]{32,}={0,3}(?![A-Za-z0-9+/=_-])/g;

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < text.length; i++) counts.set(text.charCodeAt(i), (counts.get(text.charCodeAt(i)) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Digits, letters, and how often consecutive characters switch between lower case, upper case and digits. */
function profile(text: string): { digits: number; letters: number; upperLetters: number; hexLetters: number; switches: number } {
  let upperLetters = 0;
  let digits = 0;
  let letters = 0;
  let hexLetters = 0;
  let switches = 0;
  let prev = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const cls = code >= 48 && code <= 57 ? 3 : code >= 97 && code <= 122 ? 1 : code >= 65 && code <= 90 ? 2 : 0;
    if (cls === 3) digits++;
    else if (cls) letters++;
    if (cls === 2) upperLetters++;
    if (((code | 0x20) >= 97 && (code | 0x20) <= 102)) hexLetters++;
    if (i > 0 && cls !== prev) switches++;
    prev = cls;
  }
  return { digits, letters, upperLetters, hexLetters, switches: switches / Math.max(1, text.length - 1) };
}

/** A run of hex digits that looks random (object ids are judged by the caller). */
function isRandomHex(hex: string): boolean {
  const p = profile(hex);
  return hex.length >= 24 && p.digits >= 2 && p.hexLetters >= 2 && shannonEntropy(hex) >= 3.0;
}

/** Random base62/base64: high entropy and case or digit switches at every other character (about 0.6 for random base62). */
function isRandomText(bare: string): boolean {
  if (bare.length < 24) return false;
  const p = profile(bare);
  if (p.letters < 2) return false;
  // One letter case and digits (`a-z0-9` keys): fewer class switches than base62, so judged on entropy with more digits.
  const oneCase = p.upperLetters === 0 || p.upperLetters === p.letters;
  if (oneCase && p.digits >= 4 && p.digits >= bare.length / 10 && p.switches >= 0.15 && shannonEntropy(bare) >= 4.2) return true;
  if (p.digits >= 2) return p.switches >= 0.3 && shannonEntropy(bare) >= 4.0;
  // No digits at all (Hugging Face): only when both cases are about as frequent as in random letters
  // (CamelCase words have one capital per word) and switch as often.
  const upper = p.upperLetters / p.letters;
  return bare.length >= 30 && upper >= 0.3 && upper <= 0.7 && p.switches >= 0.25 && shannonEntropy(bare) >= 4.2;
}

/**
 * True when `token` (a CANDIDATE match) looks like a random secret; `before`
 * is the text just before it (a keyword there takes away the object-id
 * exemption).
 */
export function isHighEntropy(token: string, before = ''): boolean {
  const body = token.replace(/=+$/, '');
  if (body.length < 32 || UUID.test(body) || SRI.test(token) || /;base64,$/.test(before)) return false;
  const hex = PREFIXED_HEX.exec(body);
  if (hex) {
    const [, prefix = '', digits = ''] = hex;
    if (OBJECT_ID.test(digits) && (prefix === '' || HASH_PREFIX.test(prefix))) return KEYWORD_BEFORE.test(before.slice(-60));
    return isRandomHex(digits);
  }
  // Hex segments between separators (`<32 hex>-us12`, `<id>|<hex>`), then the whole token without separators.
  for (const seg of body.split(/[._~|-]/)) {
    if (/^[0-9a-fA-F]{24,}$/.test(seg) && !OBJECT_ID.test(seg) && !UUID.test(seg) && isRandomHex(seg)) return true;
  }
  return isRandomText(body.replace(/[+/_.~|-]/g, ''));
}
