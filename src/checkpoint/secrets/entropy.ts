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

/** A git object id, written in one case (some tools print them in upper case). */
import { encodedPemKind } from './der-keys.js';
import { isNatsPublicKey } from './secret-checksum.js';
import { DIGEST_LENGTHS, isGroupedSequence, isJwtIllustration, isPredictable, LISTED_FILE_AFTER, WORDS_WITH_A_NUMBER } from './secret-placeholders.js';

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64}|[0-9A-F]{40}|[0-9A-F]{64})$/;
/**
 * A digest named just before it: `checksum: <hex>`, `sha256:<hex>`, go.sum's `h1:<base64>`, `etag "…"`, and an entity tag as JSON
 * writes one, its quotes escaped (`"ETag": "\"<md5>\""` of `aws s3api`, `"etag": "W/\"…\""`).
 */
const DIGEST_BEFORE = /(?:checksum|digest|hash|sha\d*|md5|etag|h1|fingerprint|integrity|commit|revision|rev|oid|object|blob|tree)["']?\s{0,2}[:=]?\s{0,2}["']?(?:W\/)?(?:[\\ ]?["'])?$|(?:^|[\s(=:,])W\/["']$/i;
/** A file name that carries a content hash (`app.3f2a9c8b.js`, `logo-f0eb1acf…png`): a build artifact, not a credential. */
const HASHED_FILE = /[0-9a-fA-F]{8,}[^/]*\.[a-z][a-z0-9]{0,4}$|(?:^|[/_.-])[0-9a-fA-F]{8,}[_.-][^/]*\.[a-z][a-z0-9]{0,4}$/;
/** How every HASHED_FILE ends: tested first, as most candidates do not, and HASHED_FILE costs a try at every offset. */
const FILE_EXTENSION = /\.[a-z][a-z0-9]{0,4}$/;
/** A UUID with any of the separators identifiers use (`_api_org_96726c78_4ae3_…`). */
const UUID_ANY = /[0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12}/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID, whole: an id (a request's, a record's). */
export const isUuid = (s: string) => UUID.test(s);
const SRI = /^sha(?:1|256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
/** A digest named inside the token after a version (`pnpm@10.4.1+sha512.<hex>` in package.json's `packageManager`). */
const NAMED_DIGEST = /(?:^|[+@/])(?:sha(?:1|224|256|384|512)|md5)[.:-][0-9a-fA-F]{32,}$/;
/** A prefix (words and separators) before a hex body: `dapi…`, `pul-…`, `acme_live_…`. */
const PREFIXED_HEX = /^((?:[A-Za-z0-9]{1,12}[_.~|-]){0,3}[A-Za-z0-9]{0,12}?[_.~|-]?)([0-9a-fA-F]{24,})$/;
/** Prefixes that name a hash or a commit, not a credential: `sha1-<hex>`, `commit-<hex>`. */
const HASH_PREFIX = /^(?:sha\d*|md5|commit|rev|oid|git|g|tree|blob|ref|object|id|hash|head|v[\d.]*)[_.~|-]?$/i;
/** A secret keyword ending just before a value: `SENTRY_TOKEN = `, `"apiKey": "`. */
const KEYWORD_BEFORE = /(?:passw(?:or)?d|passphrase|pwd|secret|token|[_.-]?key|credentials?|auth)\w{0,20}["'`]?\s{0,3}(?:=>|:=|[:=,(])?\s{0,3}["'`]?$/i;

/** The roots of KEYWORD_BEFORE's words, lower case: a match lies within the last 41 characters and holds one. */
const KEYWORD_ROOTS = ['pass', 'pwd', 'secret', 'token', 'key', 'credential', 'auth'];
function keywordBefore(before: string): boolean {
  const tail = before.slice(-41).toLowerCase();
  return KEYWORD_ROOTS.some((w) => tail.includes(w)) && KEYWORD_BEFORE.test(before.slice(-60));
}

/**
 * The token starts a line of a listing of git's objects or refs, after another such line: an id, a blank, a path (`<sha>
 * cmd/generate/secrets` then `<sha> cmd/…`, as `git rev-list --objects`, `ls-tree` and `show-ref` print them; its own line one too,
 * LISTED_FILE_AFTER). The name that ends the line before names no value of this one; a command that reads a file so named,
 * `kubectl exec … cat /vault/root_token`, or a checksum's line before a file's content, `sha1sum f && cat f`, does.
 */
function startsListedObject(above: string): boolean {
  if (!above.endsWith('\n')) return false;
  return LISTED_OBJECT.test(above.slice(above.lastIndexOf('\n', above.length - 2) + 1, -1));
}
/** A line of such a listing: the object's id (after a tree's mode and type), a blank, a path or a ref. */
const LISTED_OBJECT = /^(?:\d{6} [a-z]+ )?[0-9a-f]{40}(?:[0-9a-f]{24})?[ \t]+[\w.-]*\/[\w./-]*\r?$/;

/**
 * Candidates: runs of token characters, at least 32 long, with up to 3 `=` of padding. A `.` at the end is a sentence's
 * (`… use ck_0a6e…409e.`), not the token's.
 */
export const CANDIDATE = /(?<![A-Za-z0-9+/_.~|-])[A-Za-z0-9+/_.~|-]{31,}[A-Za-z0-9+/_~|-]={0,3}(?![A-Za-z0-9+/=_-])/g;

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  return entropyOf(text, 0, text.length, false);
}

const COUNTS = new Uint32Array(128);
const SEEN = new Uint8Array(128);
/** The characters a token is split at (`+` and `/` of base64 too): left out of `bare` statistics. */
const isSeparator = (c: number) => c === 43 || c === 47 || c === 95 || c === 46 || c === 126 || c === 124 || c === 45;

/** The entropy of `text[from, to)`, leaving out the separators when `bare`; no string is built. */
function entropyOf(text: string, from: number, to: number, bare: boolean): number {
  const wide = new Map<number, number>();
  let seen = 0;
  let n = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (bare && isSeparator(code)) continue;
    n++;
    if (code >= 128) wide.set(code, (wide.get(code) ?? 0) + 1);
    else if (COUNTS[code]!++ === 0) SEEN[seen++] = code;
  }
  let bits = 0;
  for (let k = 0; k < seen; k++) {
    const p = COUNTS[SEEN[k]!]! / n;
    COUNTS[SEEN[k]!] = 0;
    bits -= p * Math.log2(p);
  }
  for (const count of wide.values()) bits -= (count / n) * Math.log2(count / n);
  return bits;
}

interface Profile { length: number; digits: number; letters: number; upperLetters: number; hexLetters: number; switches: number }

/** Length, digits, letters, and how often consecutive characters switch between lower case, upper case and digits. */
function profile(text: string, from: number, to: number, bare: boolean): Profile {
  let length = 0;
  let upperLetters = 0;
  let digits = 0;
  let letters = 0;
  let hexLetters = 0;
  let switches = 0;
  let prev = -1;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (bare && isSeparator(code)) continue;
    const cls = code >= 48 && code <= 57 ? 3 : code >= 97 && code <= 122 ? 1 : code >= 65 && code <= 90 ? 2 : 0;
    if (cls === 3) digits++;
    else if (cls) letters++;
    if (cls === 2) upperLetters++;
    if (((code | 0x20) >= 97 && (code | 0x20) <= 102)) hexLetters++;
    if (length > 0 && cls !== prev) switches++;
    prev = cls;
    length++;
  }
  return { length, digits, letters, upperLetters, hexLetters, switches: switches / Math.max(1, length - 1) };
}

/** `text[from, to)`, a run of hex digits, looks random (object ids are judged by the caller). */
function isRandomHex(text: string, from = 0, to = text.length): boolean {
  const p = profile(text, from, to, false);
  return to - from >= 24 && p.digits >= 2 && p.hexLetters >= 2 && entropyOf(text, from, to, false) >= 3.0;
}

/**
 * Random base62/base64 (`body` judged without its separators): high entropy
 * and case or digit switches at every other character (about 0.6 for random base62).
 */
function isRandomText(body: string): boolean {
  const p = profile(body, 0, body.length, true);
  if (p.length < 24 || p.letters < 2) return false;
  const entropy = () => entropyOf(body, 0, body.length, true);
  // One letter case and digits (`a-z0-9` keys): fewer class switches than base62, so judged on entropy with more digits.
  const oneCase = p.upperLetters === 0 || p.upperLetters === p.letters;
  if (oneCase && p.digits >= 4 && p.digits >= p.length / 10 && p.switches >= 0.15 && entropy() >= 4.2) return true;
  if (p.digits >= 2) return p.switches >= 0.3 && entropy() >= 4.0;
  // No digits at all (Hugging Face): only when both cases are about as frequent as in random letters
  // (CamelCase words have one capital per word, and are told by isWordy first) and switch as often.
  // (The share is the longest part's: a prefix in one case before a separator, `xyz_…`, is no part of the random body.)
  const longest = body.split(/[+/_.~|-]/).reduce((a, b) => (b.length > a.length ? b : a), '');
  const letters = longest.replace(/[^A-Za-z]/g, '').length;
  const upper = letters ? longest.replace(/[^A-Z]/g, '').length / letters : 0;
  return p.length >= 30 && upper >= 0.25 && upper <= 0.75 && p.switches >= 0.25 && entropy() >= 4.2;
}

/** True when a hex segment between separators (`<32 hex>-us12`, `<id>|<hex>`) of `body` looks random. */
function hasRandomHexSegment(body: string): boolean {
  let from = 0;
  for (let i = 0; i <= body.length; i++) {
    const c = i < body.length ? body.charCodeAt(i) : 46;
    if (c !== 46 && c !== 95 && c !== 126 && c !== 124 && c !== 45) continue;
    if (i - from >= 24 && hexTail(body.slice(from, i)) === i - from && !OBJECT_ID.test(body.slice(from, i)) && isRandomHex(body, from, i)) return true;
    from = i + 1;
  }
  return false;
}

/**
 * True when `token` (a CANDIDATE match) looks like a random secret; `before`
 * is the text just before it (a keyword there takes away the object-id
 * exemption).
 */
// (… or among them, as a generated marker writes one: a heredoc's `GH_AW_PROMPT_ee6a84c273424ae8_EOF`.)
const CONSTANT_WITH_DIGEST = /^[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*){2,}_(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9a-f]{16}_[A-Z][A-Z0-9]*)$/;
/** Code's members, one after another: `binPropertyOfStringsSets.es2024.has`. */
const MEMBER_CHAIN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
/** A part of such a chain: words in camelCase (each with a vowel), a number at its end at most. (Each word is tested alone: a
 * pattern of repeated alternatives would backtrack.) */
const isMemberChain = (body: string) =>
  MEMBER_CHAIN.test(body) && body.split('.').every((part) => {
    const words = part.replace(/\d{1,4}$/, '');
    return words !== '' && !/\d/.test(words) &&
      words.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).every((w) => /^(?:[a-z]+|[A-Z][a-z]+|[A-Z]{2,5})$/.test(w) && /[aeiouyAEIOUY]/.test(w));
  });
/** A path's segment named by a digest of what it holds: a name, a separator, 32, 40 or 64 hex digits. */
const NAMED_BY_DIGEST = /^[A-Za-z][\w.+-]{0,80}[_.+-](?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/;
/** What cargo builds under `target/`, named with a hash of 16 hex digits: `target/debug/deps/integration_test-1082c4b063a8fbe6`. */
const CARGO_ARTIFACT = /^(?:[\w.-]+\/)*(?:deps|build|incremental|\.fingerprint)\/[a-z][a-z0-9_]*-[0-9a-f]{16}(?:\/[\w.-]+)*$/;
/** A host's name in small letters, a port after it or not (`shop-prod.c1x2y3z4.eu-central-1.rds.amazonaws.com:5432`): an address. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){2,}[a-z]{2,24}(?::\d{1,5})?$/;
/** A package's archive, as an index names it: a name, a version and build tags before the extension. */
const PACKAGE_EXTENSION = /\.(?:whl|egg|tar\.gz|tgz|tar\.bz2|tar\.xz|zip|gem|jar|war|nupkg|deb|rpm|apk|crate)$/;
/**
 * `MarkupSafe-3.0.2-cp310-cp310-win32.whl`, `charset_normalizer-3.4.0-cp311-cp311-manylinux_2_17_ppc64le.manylinux2014_ppc64le.whl`,
 * Debian's `pool/main/a/ace-of-penguins/ace-of-penguins_1.5~rc2-5_amd64.deb`:
 * a file that pip, a lock file or an index lists, when it holds a version and every part is a name's (none a generated run).
 */
const isPackageFile = (body: string) =>
  PACKAGE_EXTENSION.test(body) && /[-_]v?\d/.test(body) &&
  // (A part may be a name in small letters with its numbers, `libcryptominisat5`, `libfcitx5config6`.)
  body.split(/[-_.+!~/]/).every((part) => part.length < 16 || !/\d/.test(part) || !/[A-Za-z]/.test(part) || /^[a-z]+\d*(?:[a-z]+\d*)?$/.test(part));
/**
 * A version that names the commit it was built from (`5.23.0-27.5dbef10b…`, Prisma's engines; `0.1.0-dev.3+g<sha>`): a release's
 * name, its parts numbers and short words before the commit's hex.
 */
function isVersionOfCommit(body: string): boolean {
  if (!/^v?\d+\.\d+\.\d+[-+.]/.test(body)) return false;
  const parts = body.split(/[-+.]/);
  const commit = parts.pop()!;
  return /^g?[0-9a-f]{7,64}$/.test(commit) && parts.every((part) => /^v?\d{1,14}$|^[A-Za-z]{1,12}\d{0,4}$/.test(part));
}
/** A line of the RECORD a Python wheel lists its files in: the file's path, its SHA-256 in base64 (URL-safe, unpadded), its size. */
const RECORD_LINE = /^([^,]+),sha256=[A-Za-z0-9_-]{43},\d+$/;
/** A temporary file's suffix after the name it will be renamed to: `.tmp` and a process's id, a time or a counter. */
const TEMPORARY_SUFFIX = /\.tmp(?:\.\d{1,20}){1,3}$/;
/** The tag Python gives a compiled module for its interpreter and platform (`.cpython-311-x86_64-linux-gnu.so`): the module is judged without it. */
const MODULE_TAG = /\.(?:cpython-\d{2,3}[a-z]?|pypy\d{0,3}-pp\d{2,3}|abi3)(?:-[a-z0-9_]+)*\.(?:so|pyd)$/;
/**
 * A C++ name as the compiler mangles it, as a stack trace, a leak report, a linker's error or a library's symbol list prints it
 * (`_ZN4node9inspector5Agent5StartE…`, `_ZN9__gnu_cxx6__poolILb0EE10_M_destroyEv`, `_Z10ListUpdateR16pkgAcquireStatus…`; macOS
 * writes `__Z`), read from the left (isItaniumName). Also Rust's: each name after its length, two of words covering two fifths of it,
 * with the hash of the function's crate at its end (`_ZN6memory4main17hd2333c1899d997f5E`), or its newer scheme
 * (`_RNvCsgStHSCytQ6I_7mycrate4main`, each crate's disambiguator between `s` and `_`); and either in its section's name, as
 * `objdump` and `nm` print it (`.text._ZN3foo3bar17h1acb594305f70c2eE`).
 */
function isMangledName(token: string): boolean {
  if (token.charCodeAt(0) !== 95 && token.charCodeAt(0) !== 46) return false;
  const name = token.replace(/^(?:\.[a-z_]+)+\./, '').replace(/^__Z/, '_Z');
  if (name.startsWith('_Z') && !/17h[0-9a-f]{16}E$/.test(name)) return /^_Z[A-Za-z0-9_]+$/.test(name) && isItaniumName(name);
  // (A disambiguator follows a crate's, an impl's or a namespace's tag, `Cs3ssYzQotkvD_`, `Msr_`, and is short.)
  const body = name.startsWith('_R') ? name.replace(/(?<=[CMNXY])s[0-9A-Za-z]{0,13}_/g, '') : name.replace(/17h[0-9a-f]{16}E$/, 'E');
  if (!/^_[ZR][A-Za-z0-9_]+$/.test(body)) return false;
  let names = 0;
  let covered = 0;
  // (Read from every digit: a length may follow a name's own digits, `2v8` then `8Function` in `_ZN2v88Function…`.)
  // (A length never starts with 0: `08Soylp…` is read once, from its 8.)
  for (const m of body.matchAll(/(?=([1-9]\d{0,2})[A-Za-z_])/g)) {
    const length = Number(m[1]);
    const name = body.substr(m.index + m[1]!.length, length);
    // (A name is words, in camelCase or joined by `_`, each with a vowel: random letters after a digit read as one seldom.)
    if (length >= 3 && name.length === length && /^_?[A-Za-z][a-z]+(?:[A-Z][a-z]+)*(?:_[a-z]+)*$/.test(name) && name.split(/_|(?=[A-Z])/).every((w) => w === '' || /[aeiouy]/i.test(w)) && rarePairs(name) === 0) {
      names++;
      covered += length;
    }
  }
  // (Most of it those names: random text after `_Z` reads a length and a word by chance now and then, not all along.)
  return names >= 2 && covered * 5 >= body.length * 2;
}
/**
 * What C++'s mangling writes between names (the Itanium ABI's): a reference to what came before (`S_`, `S4_`, `T0_`), the standard
 * library's own (`St`, `Sa`, `Sb`, `Ss`), a constructor or a destructor (`C1`, `D2`), a literal (`Lb0E`, `Li5E`), an array's or a
 * vector's size (`A10_`, `Dv4_`), a lambda (`UlvE0_`).
 */
const ITANIUM_CODE = /S[0-9A-Z]*_|S[tabsiod]|T[0-9A-Z]*_|[CD][0-5]|L[a-z]\d+E|A\d+_|Dv\d+_|Ul[A-Za-z0-9_]*?E\d*_|Ut\d*_/y;
/** The types and the marks between them, one letter each: nesting, `const`, pointers, references, the builtin types. */
const ITANIUM_MARK = /[A-Z_vwbcahstijlmxyonfdegz]/;
/**
 * C++'s mangling read from the left: each name after its length, what lies between them codes and marks. Names of words cover
 * most of it and nothing is left over that the scheme does not write (random text after `_Z` holds `k`, `p`, `q`, `r`, `u`, or a
 * length past its end).
 */
function isItaniumName(body: string): boolean {
  let names = 0;
  let covered = 0;
  for (let i = 2; i < body.length; ) {
    const c = body.charCodeAt(i);
    if (c >= 49 && c <= 57) {
      const digits = /\d+/y;
      digits.lastIndex = i;
      const length = Number(digits.exec(body)![0]);
      const from = digits.lastIndex;
      if (from + length > body.length) return false;
      const name = body.slice(from, from + length);
      const kind = nameOfCode(name);
      if (kind === 'words') names++;
      // (A short name, `id`, `v8`, `io`, covers its length; one that reads as no name covers nothing.)
      if (kind || (length < 3 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))) covered += from - i + length;
      i = from + length;
      continue;
    }
    ITANIUM_CODE.lastIndex = i;
    const code = ITANIUM_CODE.exec(body);
    if (code) {
      covered += code[0].length;
      i += code[0].length;
      continue;
    }
    if (!ITANIUM_MARK.test(body[i]!)) return false;
    i++;
  }
  // (Half of it two names of words or more; three fifths one name alone, when it is long: `_Z21dbeGetAggregatedValueiPcS_S_xxiS_S_`.)
  return (names >= 2 && covered * 2 >= body.length) || (names === 1 && covered >= 10 && covered * 5 >= body.length * 3);
}
/**
 * A name as C++ and Rust code write one (`Agent`, `pkgAcquireStatus`, `__normal_iterator`, `_M_reserve_block`, `__cxx11`, `x265`):
 * parts in camelCase or joined by `_`, a number at a joint. Each part is a word (small letters, or a capital and small letters,
 * with a vowel) or an abbreviation (capitals, five at most: `DPB`, `M`; three small letters, `pkg`, `cxx`; English's short words,
 * `Of`, `On`, `To`). `words` when a word
 * of five letters or more, or two words, are among them, `abbreviation` otherwise: random letters in both cases split into parts of
 * neither, `Vk`, `qJ`.
 */
function nameOfCode(name: string): 'words' | 'abbreviation' | null {
  // (One pair that no word holds at most: abbreviations hold them, `cxx`, `hwc`, `jvm`, and so does `acquire`.)
  if (!/^_{0,2}[A-Za-z][A-Za-z0-9]*(?:_{1,2}[A-Za-z0-9]+)*_?$/.test(name) || rarePairs(name) > 1) return null;
  const parts = name.split(/_+|\d+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter((part) => part !== '');
  let long = 0;
  let words = 0;
  for (const part of parts) {
    // (Code joins words without a break, `stringstream`: six consonants in a row read as none.)
    if (/^[A-Z]?[a-z]{2,}$/.test(part) && /[aeiouy]/i.test(part) && !/[b-df-hj-np-tv-xz]{6}/i.test(part)) {
      words++;
      if (part.length >= 5) long++;
    } else if (!/^(?:[A-Z]{1,5}|[a-z]{1,3}|Of|On|In|To|At|By|Is|As|Or|If|No|Up|Id|Io)$/.test(part)) return null;
  }
  return long > 0 || words >= 2 ? 'words' : 'abbreviation';
}
/**
 * A name whose parts are joined by `_`, each in one case, two in five of them words at least (a number may end one): a constant's or a function's
 * name in C and its kin, its digits a standard's or a size's (`V4L2_MPEG_AUDIO_AC3_BITRATE_112K`, `MEDIA_BUS_FMT_RGB666_1X24_CPADHI`,
 * `gnutls_pkcs11_copy_x509_privkey2`). Random text's parts between its rare `_` are long, or in both cases.
 */
function isSnakeName(body: string): boolean {
  // (A `.` joins such names too, a model's and its weights' tag, `vit_medium_patch16_gap_256.sw_in12k_ft_in1k`.)
  // (Joined by `_` first: dots alone join a host's or a generated value's parts.)
  if (!body.includes('_')) return false;
  const parts = body.replace(/^[_.]+|[_.]+$/g, '').split(/[_.]+/);
  if (parts.length < 3 || parts.some((part) => part.length > 16 || !/^(?:[A-Z0-9]+|[a-z0-9]+)$/.test(part))) return false;
  const isWord = (part: string) => {
    const letters = part.replace(/\d{1,3}$/, '');
    return /^[A-Za-z]{3,}$/.test(letters) && VOWEL.test(letters) && rarePairs(letters) === 0 && !hasConsonantRun(letters);
  };
  // (What is not a word is short: `V4L2`, `AC3`, `RGB666`, `1X24`, `cx2341x`, `privkey2`.)
  const words = parts.filter(isWord);
  return words.length >= 2 && words.length * 5 >= parts.length * 2 && parts.every((part) => part.length <= 8 || isWord(part));
}
/**
 * A certificate's serial number after its name, in hex (its bytes may be joined by `:`): `S/N: 00B3…`, `serialNumber: '66593D…'`,
 * a CA bundle's comment `# Serial: 33af1e…`.
 */
const SERIAL_BEFORE = /(?:^|[^A-Za-z])(?:serial[ _]?number|S\/N)["']?[ \t]*[:=]?[ \t]*["']?$/i;
/** A CA bundle's comment on a certificate, `# Serial: 33af1e…`: what comes before its serial number on its line. */
export const CA_BUNDLE_SERIAL = /(?:^|\n)[ \t]*#[ \t]*Serial:[ \t]*$/;
const isSerialNumber = (body: string, before: string) =>
  (SERIAL_BEFORE.test(before.slice(-24)) || CA_BUNDLE_SERIAL.test(before.slice(-24))) && !/licen[cs]e|product|activation/i.test(before) && /^(?:[0-9A-Fa-f]{2}:)*[0-9A-Fa-f]{8,40}$/.test(body);
/**
 * A file named as the key of its digest: a package's archive (`'setuptools-0.6c10-py2.4.egg': '57d6d9d6…'`, a list of the archives'
 * MD5s or SHA-256s), a data file (`"qbert.bin": "484b0076…"`), a script's or a style sheet's integrity in base64 (`"bokeh-3.4.0.min.js":
 * "<SHA-384>"`); also as a pair, `("list_attr_celeba.txt", "75e246fa…")`. A data file's or an asset's extension: not a host's name
 * (`"api.github.com": "…"`), a user's (`john.doe`), a key's file (`server.key`).
 */
const PACKAGE_KEY_BEFORE = /["']([\w.+~-]{3,120})["'][ \t]*[:=,][ \t]*["']$/;
const DATA_FILE = /^(?=[\w+~-]*[A-Za-z])[\w.+~-]+\.(?:bin|dat|txt|csv|tsv|json|jsonl|xml|ya?ml|gz|tgz|bz2|xz|7z|tar|js|mjs|cjs|css|map|html|wasm|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|otf|pdf|mp[34]|wav|flac|ogg|npz|npy|pth|ckpt|safetensors|onnx|h5|pkl|parquet|mat|model|gguf|rom|a26|nes|iso|img|exe|dll|dylib|jar|whl|deb|rpm)$/;
/**
 * A map or a list opened under a name whose last word says it holds secrets, some lines up: `API_KEYS = {`, `"tokens": [`, typed
 * (`API_KEYS: dict[str, str] = {`, `apiKeys: Record<string, string> = {`), built (`dict(`, `map[string]string{`), a YAML block
 * (`api_keys:` then its entries), a TOML table (`[secrets]`); not `keyring_md5 = {`, `"keywords": [`, nor a call's result,
 * `skey = base64url_decode(…)`. Wherever it closes: an entry's value redacted before, or a tuple's `)`, does not close it.
 */
const SECRET_WORDS = 'pass(?:words?|wd|phrases?)?|pwd|secrets?|tokens?|keys?|creds?|credentials?|auth|sessions?|cookies?|encryption|ciphers?|salts?|seeds?|signing';
const SECRETS_OPENED = new RegExp(
  `(?:${SECRET_WORDS})["']?(?:[ \\t]*:[^=\\n{(]{1,60})?[ \\t]*(?:=|:|=>)[ \\t]*(?:dict|OrderedDict|defaultdict|new[ \\t]+Map|Map\\.of|map\\[[^\\]\\n]*\\][\\w.]*)?[{[(]|(?:${SECRET_WORDS})["']?[ \\t]*:[ \\t]*\\r?\\n|^\\[[\\w.-]*(?:${SECRET_WORDS})\\]|kind:[ \\t]*Secret\\b`,
  'im',
);
/** Words that name a key's material in a file's name. */
const KEY_MATERIAL = /seed|salt|encrypt|cipher|sign|priv|nonce|iv\b|master/i;
/** Digests in base64 by their length, padded or not: MD5, SHA-1, SHA-256, SHA-384, SHA-512. */
const BASE64_DIGEST = /^(?:[A-Za-z0-9+/]{22}(?:==)?|[A-Za-z0-9+/]{27}=?|[A-Za-z0-9+/]{43}=?|[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{86}(?:==)?)$/;
const isDigestOfPackage = (body: string, before: string, token: string, above: () => string) => {
  const hex = /^[0-9a-fA-F]{32,128}$/.test(body);
  if (!hex && !BASE64_DIGEST.test(token)) return false;
  const key = PACKAGE_KEY_BEFORE.exec(before.slice(-130));
  // (In base64, only a script's or a style sheet's integrity, `"bokeh-3.4.0.min.js": "<SHA-384>"`: 32 random bytes in base64 under
  // `"seed.bin"` are a key. A pair is a tuple's, not a call's arguments, `open_encrypted("data.bin", "…")`; the file names no key's
  // material, `seed.bin`, `salt.dat`.)
  if (key === null || !(isPackageFile(key[1]!) || (DATA_FILE.test(key[1]!) && !SECRET_WORD.test(key[1]!) && !KEY_MATERIAL.test(key[1]!) && (hex || /\.(?:m|c)?js$|\.css$/.test(key[1]!))))) return false;
  if (key[0].includes(',') && !/(?:^|[^\w$.])\([ \t]*$/.test(before.slice(0, before.length - key[0].length))) return false;
  // (Nor in a map or a list opened under a secret's name a few lines up, `API_KEYS = {` then `"x.bin": "…"`.)
  if (SECRETS_OPENED.test(above())) return false;
  // (Not in a map named for secrets on its line, `signing_secrets = {"app-1.2.3.jar": "…"}`.)
  const rest = before.slice(0, before.length - key[0].length);
  return !SECRET_WORD.test(rest.slice(rest.lastIndexOf('\n') + 1));
};
/** A digest of the peers a version was resolved with, in parentheses after it, as pnpm's lock file writes one: `19.0.0(<md5>)`. */
const PEERS_DIGEST_BEFORE = /\d\.\d+(?:[-+][\w.]+)?\($/;
/** The digests of empty input (MD5, SHA-1, SHA-256): constants that code compares with, never a secret. */
const EMPTY_DIGESTS = new Set(['d41d8cd98f00b204e9800998ecf8427e', 'da39a3ee5e6b4b0d3255bfef95601890afd80709', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855']);

/** (`above`: the lines before the token, for a map opened under a secret's name that holds it; the text just before it by default.) */
export function isHighEntropy(token: string, before = '', above = () => before, after = ''): boolean {
  const body = token.endsWith('=') ? token.replace(/=+$/, '') : token;
  // (A decimal number, its exponent and its type's suffix with it, `0.822283865417792281772556288e34F`: a constant.)
  if (EMPTY_DIGESTS.has(body.toLowerCase()) || HOST_NAME.test(body) || /^[+-]?\d+\.\d+(?:[eE][+-]?\d+)?[fFlLdD]?$/.test(body)) return false;
  // An object id is a secret only after a keyword, whatever the tests below say (told first: most candidates in a session are ids).
  if (OBJECT_ID.test(body) && (!keywordBefore(before) || (LISTED_FILE_AFTER.test(after) && startsListedObject(above())))) return false;
  if (body.length < 32 || (body.length > MAX_SECRET && !keywordBefore(before)) || (body.length === 36 && UUID.test(body)) || (token.startsWith('sha') && SRI.test(token)) || before.endsWith(';base64,')) return false;
  // A digest cut into folders as a store of objects by their ids keeps them (git's loose objects, `.git/objects/02/d856…`, also
  // `…/32/bfae…` as a diffstat shortens one; npm's cache, `content-v2/sha512/1a/2b/…`): the path is judged without it.
  if (body.includes('/') && !keywordBefore(before)) {
    const rest = withoutStoredDigest(body);
    if (rest !== body) return rest.length >= 32 && isHighEntropy(rest, before);
  }
  // A path is judged by its long segments: one without any is told before the other tests (most candidates in a session are paths).
  const segments = body.includes('/') && isPathLike(body) ? body.split('/').filter((segment) => segment.length >= 32) : null;
  if (segments?.length === 0 || NAMED_DIGEST.test(body)) return false;
  // A range of revisions (`fd68f8f5…..test-dependency`, `<sha>...<sha>`): each end judged alone.
  // (Not after a secret's keyword, and one end a revision's: a commit's hex or a branch's name in small letters.)
  if (body.includes('..') && /^[\w/-]+\.\.\.?[\w/-]+$/.test(body) && !keywordBefore(before)) {
    const ends = body.split(/\.{2,3}/);
    if (ends.some((end) => /^[0-9a-f]{7,64}$|^[a-z][a-z0-9]*(?:[-/_][a-z0-9]+)*$/.test(end))) return ends.some((end) => isHighEntropy(end, before));
  }
  if (DIGEST_BEFORE.test(before.slice(-16)) && !keywordBefore(before)) return false;
  if ((PEERS_DIGEST_BEFORE.test(before) && /^[0-9a-f]+$/.test(body)) || isPackageFile(body) || isDigestOfPackage(body, before, token, above) || CARGO_ARTIFACT.test(body) || (isVersionOfCommit(body) && !keywordBefore(before)) || isSerialNumber(body, before)) return false;
  if (MODULE_TAG.test(body)) return isHighEntropy(body.replace(MODULE_TAG, ''), before);
  // (… and a file written atomically, under a temporary name its writer makes of its own, `….json.tmp.1309.1769395985429`: a process's
  // id and a time, as Node's write-file-atomic and Claude Code's logs give them.)
  if (TEMPORARY_SUFFIX.test(body)) return isHighEntropy(body.replace(TEMPORARY_SUFFIX, ''), before);
  // A file's line in a wheel's RECORD, `path,sha256=<digest>,size`: the path is judged alone, the digest is named.
  const record = RECORD_LINE.exec(body);
  if (record) return isHighEntropy(record[1]!, before);
  if (isMangledName(body)) return false;
  // (Also a chain of members whose numbers are a version's or a year's: `binPropertyOfStringsSets.es2024.has`.)
  // (… or a constant's name in capitals that ends in a hex digest, `NODE_SEA_FUSE_fce680ab…`: a marker, unless its words name a secret.)
  if (CONSTANT_WITH_DIGEST.test(body) && !SECRET_WORD.test(body.replace(/_[0-9a-f]{16,64}(?=_|$)/, ''))) return false;
  // (… or a name whose numbers sit at the joints of its words, `BetaToolComputerUse20241022Param`, `ShuffleNet_V2_X1_5_Weights.verify`.)
  // (Without a digit, isWordy tells such names: random letters read as parts of one now and then.)
  if (isWordy(body) || ((isSnakeName(body) || (/\d/.test(body) && isNameOfParts(body))) && !keywordBefore(before)) || isMemberChain(body) || isEncodedText(body) || encodedPemKind(body) === 'public' || isJwtIllustration(body) || isPredictable(body, 0.8) || isGroupedSequence(body, 0.8)) return false;
  // An Ethereum address (`0x` and 40 hex digits, their case a checksum): public, as an account number is.
  if (body.length === 42 && /^0x[0-9a-fA-F]{40}$/.test(body)) return false;
  // … and a NATS public key (a server's id in its log, a user's `nkey` in its configuration): its checksum holds.
  if (body.length === 56 && isNatsPublicKey(body)) return false;
  // (A segment that is a name and a digest, as a tool names what it stores by content: pnpm's `…angular+_379bf773…/node_modules`,
  // Terraform's `tfstate.2cb96f52…`; not a name that says it holds a secret, `token.<hex>`.)
  if (segments) return segments.some((segment) => !(NAMED_BY_DIGEST.test(segment) && !SECRET_WORD.test(segment.replace(/[0-9a-f]+$/, ''))) && isHighEntropy(segment, before));
  if ((FILE_EXTENSION.test(body) && HASHED_FILE.test(body)) || (UUID_ANY.test(body) && isIdAmongWords(body.replace(UUID_ANY, '-'), before))) return false;
  // Most candidates (paths, identifiers) end in no hex run long enough: the prefix pattern is only tried on those that do.
  const hex = hexTail(body) >= 24 ? PREFIXED_HEX.exec(body) : null;
  if (hex) {
    const [, prefix = '', digits = ''] = hex;
    if (OBJECT_ID.test(digits) && (prefix === '' || HASH_PREFIX.test(prefix))) return keywordBefore(before);
    return isRandomHex(digits);
  }
  if (isNameWithShortHex(body, before)) return false;
  return hasRandomHexSegment(body) || isRandomText(body);
}

/**
 * Words joined with a short hash or a number among them, as a tool names what it generates (`httproute-default-app-1-gw-web-0-
 * af329269dd38031b03e3-svc-default-whoami-0`, a pod's `web-7d9f8b6c5d-x2k4p`): a name, when the hex is a third of it at most and the
 * words name no secret.
 */
function isNameWithShortHex(body: string, before: string): boolean {
  // (In small letters, as such names are: random groups in capitals, `TAWL-IZDO-…-8645-XKKV`, are a key.)
  if (/[A-Z]/.test(body)) return false;
  const parts = body.split(/[-_.]/);
  if (parts.length < 4) return false;
  const hex = parts.filter((part) => /\d/.test(part) && /^[0-9a-f]{1,23}$/.test(part));
  if (hex.join('').length * 3 > body.length) return false;
  return isIdAmongWords(parts.filter((part) => !hex.includes(part)).join('-'), before);
}

/**
 * What is left of a token around its UUID is short, or words (`_nomad-task-<uuid>-group-api-count-api-9001-sidecar-proxy`), and
 * names no secret: an id. (`acme-secret-key-<uuid>` is a key; so is `webapp-session-store-<uuid>`, and words under a session's or a
 * secret's name, `sessionid=Marble-Vacation-<uuid>-Zebra`.)
 */
export const SECRET_WORD = new RegExp(`${KEYWORD_ROOTS.join('|')}|cred|session|cookie|(?<![a-z])sid(?![a-z])`, 'i');
const isIdAmongWords = (rest: string, before: string) =>
  !SECRET_WORD.test(rest) && (rest.replace(/[^A-Za-z0-9]/g, '').length < 16 || (isWordy(rest) && !SECRET_WORD.test(before.slice(-40))));

/** A letter run that reads as a word: `Zod`, `string`, `Overload` (a vowel, lower case after an optional capital). */
const WORD_RUN = /^[A-Z]?[a-z]{2,}$/;
const VOWEL = /[aeiouy]/i;
/**
 * How a word may start: a vowel, one consonant, or two that start words (`str`, `sch`, `ph`, `kn`, `ps`, `dj` of `Django`, `sv` of
 * `Svelte`, `ll` of `Llama`, `mn` of `Mnemonic`, `ng` of `nginx`). Random letters start a run with any two (`kkelu`, `Tbid`).
 */
const WORD_START = /^(?:[aeiouy]|[b-df-hj-np-tv-xz](?:[aeiouy]|$)|bl|br|ch|cl|cr|dj|dr|dw|fl|fr|gh|gl|gn|gr|kl|kn|kr|ph|pl|pn|pr|ps|pt|qu|rh|sc|sh|sk|sl|sm|sn|sp|sq|st|sv|sw|th|tr|ts|tw|wh|wr|ll|mn|ng|zh|kh)/i;
/** Four consonants in a row: rare in words, common in random letters. */
const CONSONANT_RUN = /[b-df-hj-np-tv-xz]{4,}/gi;
/** The runs of four consonants that English words hold (`instruct`, `length`, `abstract`, `anthropic`); random letters hold any. */
const CLUSTER = /^(?:nstr|ngths?|bstr|nthr|nscr|bscr|rstr|mpst)$/i;
/** Four consonants in a row, not one of English's clusters: letters that read as no word. */
export const hasConsonantRun = (letters: string) => {
  for (const m of letters.matchAll(CONSONANT_RUN)) if (!CLUSTER.test(m[0])) return true;
  return false;
};
/** Letters that no word holds: no vowel, a pair words never hold (`Wx`, `Gq`) or four consonants none of English's clusters. */
export const readsAsNoWord = (letters: string) => !/[aeiouy]/i.test(letters) || rarePairs(letters) > 0 || hasConsonantRun(letters);
/** One of the short words names of code are made of (`By`, `Ptr`, `Cmd`), in any case. */
export const isShortCodeWord = (part: string) => SHORT_WORDS.has(part.toLowerCase());
/** A model's size in parameters (`7b`, `480B`, `a35b`, `1.5B`, `350m`) between separators. */
const MODEL_SIZE = /(?<![A-Za-z0-9.])a?\d{1,4}(?:\.\d{1,2})?[bBmMkK](?![A-Za-z0-9])/g;
/** Letter pairs that English words (and the names made of them) almost never hold, and random letters often do. */
const RARE_PAIR = /q[^u]|[jqvxz][bcdfgjkmpqvxz]|[bcdfgkmpvw][jqxz]|[hjkqvwx][hjkqvwx]/i;

const RARE_PAIRS = new RegExp(RARE_PAIR.source, 'gi');
/** Rare pairs that the words of code's names do hold: `SQL`, `Expression`, `Context`, `Exception`, `Object`, `When`. */
const NAME_PAIR = /^(?:ql|x[cpt]|bj|wh)$/i;
/** How many letter pairs of `s` no word holds (`qz`, `kz`, `vx`), each letter counted once: random letters hold several, a name seldom two. */
export const rarePairs = (s: string): number => (s.match(RARE_PAIRS) ?? []).filter((p) => !NAME_PAIR.test(p)).length;

/** Standards and algorithms whose number is one of a name's parts: in capitals (`RFC6749`, `OAEP256`), or as a word (`Ed25519`, `sha256`). */
const NUMBERED_ACRONYMS = 'rfc rsa sha aes oaep hmac pkcs ecdsa dsa hs rs es ps md crc utf iso tls cve'.split(' ');
const NUMBERED_WORDS = 'rfc rsa sha aes ed curve utf base crc pkcs int uint float hmac md'.split(' ');
/** A number after the standard or the algorithm it belongs to: `RFC6749`, `RSA1024`, `OAEP256`, `Ed25519`, `Sha256`, `Curve25519`, `X509`. */
const NAMED_NUMBER = new RegExp(
  String.raw`(?<=(?:${NUMBERED_ACRONYMS.map((w) => w.toUpperCase()).join('|')}|${NUMBERED_WORDS.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('|')})` +
    String.raw`|(?:^|[^A-Za-z])(?:${NUMBERED_WORDS.join('|')}))\d{3,5}(?!\d)|(?<=X)509(?!\d)`,
  'g',
);
/**
 * Short words that names of code are made of (`Get`, `By`, `Key`, `Or`, `Err`): too short to be told from random letters by their
 * shape, so only these, by name.
 */
const SHORT_WORDS = new Set(('by or to of id get set key not use add new old all any max min err msg fmt ptr str len num src dst tmp api url uri app cmd ' +
  'cfg ctx env for and has can via per raw bin sum run val var ref sys log job map end').split(' '));

/**
 * Identifiers and names joined by separators or case (`ZodFirstPartyTypeKind`,
 * `tsc_Colon_The_TypeScript_Compiler_6922`, `constants.Nfsv4OpenClaimType.CLAIM_NULL`):
 * most letters sit in runs that read as words. Random text has short runs without vowels.
 */
export function isWordy(name: string): boolean {
  // The cheap tests first: eight letters at least. Base64 (`+`, `/`, padding) is never a name.
  if (name.length < 8 || /[+/=]/.test(name)) return false;
  // (A model's size between separators is one of its name's parts, `qwen3-coder-480b-a35b-instruct`, `Llama-3.3-70B`: not counted.)
  const body = name.replace(MODEL_SIZE, '-');
  // Random text has a digit in every six characters or so, with letters after them; names have few, or numbers
  // only at the ends of their parts (`tsc_Colon_6922`, `SN_id_Gost28147_89_None`).
  // (A standard's or an algorithm's number is one of a name's parts, after its name, `RFC6749`, `RSA1024`, `Ed25519`, `Sha256`: not
  // counted. Random text holds such runs too, `qPyma5621WZ…`, after any letters.)
  const digits = body.replace(NAMED_NUMBER, '').replace(/\D/g, '').length;
  if (digits >= body.length * 0.1 && !/^\D*\d+$/.test(body) && /\d[A-Za-z]/.test(body)) return false;
  let letters = 0;
  let acronyms = 0;
  let short = 0;
  let inWords = 0;
  let words = 0;
  let boundaries = 0;
  for (const segment of body.split(/[^A-Za-z0-9]+/)) {
    boundaries++;
    if (/^[A-Z]{3,}$/.test(segment) && VOWEL.test(segment)) {
      letters += segment.length;
      inWords += segment.length;
      words++;
      continue;
    }
    for (const run of segment.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|\d+/)) {
      if (!run) continue;
      if (/^[A-Z]/.test(run)) boundaries++;
      letters += run.replace(/[^A-Za-z]/g, '').length;
      if (/^[A-Z]{2,4}$/.test(run)) acronyms += run.length;
      else if (SHORT_WORDS.has(run.toLowerCase())) short += run.length;
      if (run.length >= 4 && WORD_RUN.test(run) && run.replace(/[^aeiouy]/gi, '').length * 6 >= run.length && !hasConsonantRun(run) && rarePairs(run) === 0 && WORD_START.test(run)) {
        inWords += run.length;
        words++;
      }
    }
  }
  // Words are told apart by case or separators: one long run of one case is not a name made of words.
  // (Among three words or more, an acronym is neither a word nor against one: `ACL` and `RPC` of `ACLGetBindingRuleRPCMethod`.)
  // (Nor is a short word, `Get`, `By`, `Key`, `Or`: too short to tell from random letters, and common in names.)
  return letters >= 8 && words >= 2 && boundaries >= 3 && inWords >= (words >= 3 ? letters - acronyms - short : letters) * 0.55;
}

/** A word as words are spelled: a vowel, no four consonants in a row, no pair of letters that words never hold (`Repository`, `manage`). */
export const isWord = (w: string) => /^[A-Z]?[a-z]{3,}$/.test(w) && /[aeiouy]/.test(w) && !/[b-df-hj-np-tv-xz]{4}/i.test(w) && rarePairs(w) === 0;
/**
 * A name of code in parts (`Conv2dNorm`, `M2M100ScaledWordEmbedding`, `base64url_decode`, `Int64Value`, `PySide6.QtCore.QByteArray`):
 * its numbers at the joints of its words (a small letter at most after one, `2d`), or parts of a word (`b64decode`); every other part
 * a word (three letters may be one, `Pix`), an acronym in capitals, or one or two letters (`Py`, `t`), these no more than the words. Two words at least. A generated
 * value's runs between its digits read as no word: `Xk9mP2qZ`, `p4ss`.
 */
export const isNameOfParts = (v: string) => {
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(v)) return false;
  let words = 0;
  let short = 0;
  let letters = 0;
  let inWords = 0;
  let numbered = 0;
  // (A word with a number counts as a word where the next starts apart, `Int64Value`, `k8s_`; glued to the next, `win32typing`, not.)
  const named = v.replace(NUMBER_WORD_IN_NAME, (w, at: number) => (/^[a-z]/.test(v.charAt(at + w.length)) || numbered++, '_'));
  // (After a number, a word starts with a capital or a `_`: two small letters glued to it are a generated value's, `Mky2csre`; and
  // two numbers at most, `Staple65Tiger9StoneCloud40Battery` is a passphrase.)
  if (/\d[a-z]{2}/.test(named) || (named.match(/\d+/g)?.length ?? 0) > 2) return false;
  for (const part of named.replace(/\d+(?:[a-z](?![a-z]))?/g, '_').split(/[_.$]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)) {
    letters += part.length;
    if (part === '' || /^[A-Z]{1,5}$/.test(part)) continue;
    if (isWord(part) || (/^[A-Za-z][a-z]{2}$/.test(part) && /[aeiouy]/.test(part) && rarePairs(part) === 0)) {
      words++;
      inWords += part.length;
    } else if (/^[A-Za-z][a-z]?$/.test(part)) short++;
    else return false;
  }
  // (Two words besides those with a number; one, when no other number is in it: `base64url_decode`, not `k8s_admin2024`.)
  return (words >= 2 || (words === 1 && numbered > 0 && !/\d/.test(named))) && short <= words && inWords * 3 >= letters * 2;
};
/**
 * Such a word in a name, in small letters or capitals alone, or with a capital first where a word of a name in camelCase starts
 * (`Int64Value`, `toBase64`); a word of five letters or more may follow it glued, `win32typing`: it is judged as the name's next
 * part (`s3cret` is not read so).
 */
const NUMBER_WORD_IN_NAME = new RegExp(
  `(?:(?<![A-Za-z0-9])(?:${WORDS_WITH_A_NUMBER.flatMap((w) => [w, w.toUpperCase()]).join('|')})|(?<![A-Z0-9])(?:${WORDS_WITH_A_NUMBER.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('|')}))(?!\d|[a-z]{1,4}(?![a-z]))`,
  'g',
);
/**
 * A digest's hex cut after its first digits into folders of one or two (git's `02/d856…`, npm's `1a/2b/…`, pip's wheels
 * `91/88/73/530d…`), or kept whole under folders of its first digits (pip's HTTP cache, `f/7/a/0/3/f7a03…`), to the path's end or
 * a folder's: each taken out.
 */
const STORED_DIGEST = /(?<![^/])((?:[0-9a-f]{1,2}\/){1,5})([0-9a-f]{30,128})(?![^/])/g;
function withoutStoredDigest(body: string): string {
  return body.replace(STORED_DIGEST, (whole, folders: string, rest: string) => {
    const lead = folders.replace(/\//g, '');
    return DIGEST_LENGTHS.has(lead.length + rest.length) || (DIGEST_LENGTHS.has(rest.length) && rest.startsWith(lead)) ? '' : whole;
  });
}

/** `/commit/<sha>`, `./assets/logo-3f2a.png`, `a/b/c`: most segments are words, names or object ids. */
function isPathLike(body: string): boolean {
  const segments = body.split('/').filter(Boolean);
  if (segments.length < 2) return false;
  // Counted until half the segments are named: the rest cannot change the answer.
  let named = 0;
  for (const s of segments) {
    // (`~` is the home folder, `..` the parent: named.)
    if ((/^[A-Z]?[a-z0-9._~-]{1,40}$/.test(s) && (VOWEL.test(s) || /^v?\d/.test(s) || /^(?:~|\.\.?)$/.test(s))) || OBJECT_ID.test(s) || UUID.test(s) || isWordy(s)) named++;
    if (named * 2 >= segments.length) return true;
  }
  return false;
}

/** Longer runs are embedded data (a wasm module, an image): no credential is this long without a prefix of its own or a key naming it (an OAuth refresh token of 1,500 characters after `"refresh_token": "`). */
const MAX_SECRET = 1000;

/**
 * Base64 of readable text (`VGhpcyBpcyBh…` is "This is a…"): encoded prose, not a key. A line cut from a longer
 * encoded text (a descriptor or a file embedded in source, wrapped at any width) may start inside a group of four:
 * it is read from each of the four places a group can start.
 */
export function isEncodedText(body: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+$/.test(body)) return false;
  if (body.length % 4 !== 1 && decodesToText(body)) return true;
  if (body.length < 32) return false;
  for (let skip = 1; skip < 4; skip++) {
    const part = body.slice(skip);
    if (decodesToText(part.slice(0, part.length - (part.length % 4)))) return true;
  }
  return false;
}

/**
 * A group of four that encodes text starts with `A`–`Z` or `a`–`f` (its first byte is below 128): most random runs fail
 * this within a few groups, before anything is decoded.
 */
function groupsStartAsText(body: string): boolean {
  for (let i = 0; i < body.length; i += 4) {
    const c = body.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

function decodesToText(body: string): boolean {
  if (!groupsStartAsText(body)) return false;
  const decoded = Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  if (decoded.length < 12 || !/^[\x20-\x7e\t\r\n]*$/.test(decoded)) return false;
  // A JWT's header alone (`eyJhbGciOiJIUzI1NiIs…` is `{"alg":"HS256",…}`) names an algorithm, and holds no claim or signature.
  if (/^\{"(?:alg|typ|kid)":"[^"]*"(?:,"(?:alg|typ|kid)":"[^"]*")*\}$/.test(decoded)) return true;
  // (A colon may join a user and a password, `user:pass`, or hold a URL that carries one.)
  if (/PRIVATE KEY|:/.test(decoded)) return false;
  // Prose: words separated by spaces, nearly all letters. (Or markup and code in words, `<script>alert(document.domain);</script>`:
  // three words of four letters or more, in small letters, that make most of it, and a bracket or a `;` of code; words joined
  // by dashes alone may be a passphrase; markup that names a secret, `<password>…</password>`, holds one.)
  const words = decoded.match(/(?<![A-Za-z])[a-z]{4,}(?![A-Za-z])/g)?.filter((w) => /[aeiouy]/.test(w)) ?? [];
  return (decoded.split(' ').length >= 3 && decoded.replace(/[^A-Za-z ]/g, '').length >= decoded.length * 0.85) || isPredictable(decoded, 0.8) ||
    (words.length >= 3 && words.join('').length >= decoded.length * 0.6 && /[<>(){};]/.test(decoded) && !SECRET_WORD.test(decoded));
}

/** How many hex digits end `text`. */
function hexTail(text: string): number {
  let i = text.length;
  while (i > 0 && isHexCode(text.charCodeAt(i - 1))) i--;
  return text.length - i;
}
const isHexCode = (c: number) => (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
