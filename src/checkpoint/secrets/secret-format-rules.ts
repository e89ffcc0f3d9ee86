/**
 * Compiles the provider table (secret-formats.ts) into one matcher that scans
 * a text once: inside the runs of token characters (token-runs.ts), only
 * the formats whose prefix starts a word there are tried. Formats without a
 * literal prefix (Discord, Telegram, Mailchimp, …) are tried on the runs
 * that hold their longest literal. Formats recognised by context name the
 * provider of a value the keyword rules found (`nameByContext`).
 */
import { ALPHABETS, SECRET_FORMATS, type Part, type SecretFormat } from './secret-formats.js';
import { verifyChecksum } from './secret-checksum.js';
import { lowerCased, MIN_TOKEN, tokenRuns } from './token-runs.js';
import { hasPlaceholderMarker, HEX_DIGEST, isPlaceholderValue, isPredictable, LISTED_FILE_AFTER } from './secret-placeholders.js';
import { isWordy } from './entropy.js';

/** Where a secret is and why. */
export interface Hit {
  start: number;
  end: number;
  reason: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const partSource = (part: Part) =>
  typeof part === 'string' ? escape(part) : `[${ALPHABETS[part.set]}]{${part.min},${part.max}}`;

/** The regular-expression source of a format's token. */
export function formatSource(format: SecretFormat): string {
  return format.parts.map(partSource).join('');
}

const BEFORE = '(?<![A-Za-z0-9_])';
const AFTER = '(?![A-Za-z0-9_-])';
/**
 * What may not follow a format's match: a word character or `-`, and after a body of base64 its `+` and `/` too (a body longer than
 * the format's longest is not cut at its last `+` or `/`, the rest of it left in the text).
 */
function afterOf(format: SecretFormat): string {
  const last = format.parts[format.parts.length - 1];
  return typeof last === 'object' && (last.set === 'b64' || last.set === 'b64url') ? '(?![A-Za-z0-9_+/-])' : AFTER;
}

interface Compiled {
  format: SecretFormat;
  /** Sticky: tried at one position. */
  sticky(): RegExp;
}

/**
 * A placeholder, a run of one character or a documented example is not a
 * credential. After a provider's own prefix (`dop_v1_`, `pscale_tkn_`, `NRAK-`,
 * `gsk_`: five characters, or three letters and a separator) a body typed in
 * sequence (`1234567890abcdef…`) is still taken: nothing but a token is written
 * after such a prefix. (Not after a short one whose format has a checksum that
 * failed, `ghp_1234…`: that token is not one the provider issued.)
 */
function isPlaceholder(token: string, lead = '', named = false, checked = false): boolean {
  const prefixed = lead.length >= 5 || (!checked && /^[a-z]{3}[_-]$/.test(lead));
  const body = prefixed ? token.slice(lead.length) : token.replace(/^[^A-Za-z0-9]*[A-Za-z]{1,12}[_.~|-]/, '');
  if (new Set(body).size < Math.min(6, Math.ceil(body.length / 3))) return true;
  // Runs of a repeated character (`5555555dAAAAA7777777Cccc…`): typed, not generated.
  if (prefixed && body.length >= 12 && repeats(body) >= (body.length - 1) * 0.6) return true;
  // A full-length token is only called a sequence when nearly all of it is one (`a1B2c3D4…`, `0123456789abcdef…`):
  // random bodies of a short alphabet follow their neighbour by chance more often than free text does.
  // In a token of hundreds of random characters a word turns up by chance: only short ones are read for words.
  if (body.length <= 200 && /your|YOUR|placeholder|PLACEHOLDER|redacted|REDACTED|example|EXAMPLE/.test(body)) return true;
  // A value named by its provider (`SNYK_TOKEN = "12345678-ABCD-…"`) is taken even when typed in sequence: the name says what it is.
  return /x{6,}|X{6,}|\*{4,}|0{10,}/.test(body) || (!prefixed && !named && body.length >= 12 && isPredictable(body, 0.8)) || hasPlaceholderMarker(body);
}

function accept(compiled: Compiled, token: string): boolean {
  if (compiled.format.checksum && verifyChecksum(compiled.format.checksum, token)) return true;
  // (A format without a prefix of its own takes no name made of words: `ConfigurationSettingNames.Client.REQUIRE_AUTHORIZATION_CONSENT`
  // has a Discord token's shape.)
  if (lead(compiled.format) === '' && isWordy(token)) return false;
  return !isPlaceholder(withoutInnerLiterals(compiled.format, token), lead(compiled.format), false, compiled.format.checksum !== undefined) && !(isShortLead(compiled.format) && !looksGenerated(token.slice(lead(compiled.format).length)));
}

/**
 * The token without the provider's fixed parts after its prefix (OpenAI's `T3BlbkFJ` between two runs): the runs alone
 * are judged, so `sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst` reads as the sequence it is.
 */
function withoutInnerLiterals(format: SecretFormat, token: string): string {
  let out = token;
  let from = lead(format).length;
  for (const part of format.parts.slice(1)) {
    if (typeof part !== 'string') continue;
    const at = out.indexOf(part, from);
    if (at < 0) continue;
    out = out.slice(0, at) + out.slice(at + part.length);
    from = at;
  }
  return out;
}

/** How many characters repeat the one before them. */
function repeats(s: string): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) if (s.charCodeAt(i) === s.charCodeAt(i - 1)) n++;
  return n;
}

const lead = (f: SecretFormat) => (typeof f.parts[0] === 'string' ? f.parts[0] : '');
/**
 * A prefix of three characters or fewer (`s.`, `SK`, `sl.`), or a word and a dot as a namespace is written (`STS.AssumeRole`), is
 * common in code: the body must look generated too.
 */
const isShortLead = (f: SecretFormat) => {
  const body = f.parts[1];
  return lead(f).length > 0 && (lead(f).length <= 3 || /^[A-Za-z]+\.$/.test(lead(f))) && f.parts.length === 2 && body !== undefined && typeof body !== 'string' && ALPHABETS[body.set].includes('a-z0-9');
};
/**
 * Letters and digits mixed, or both cases about equally and switching often,
 * or a long body of both cases that holds no words (`s.makeKubeConfigController`
 * is an identifier: few capitals, one per word).
 */
/** Words in camelCase, every one a capital and small letters, around one number of one to three digits (`sendV2SamplesWithBackoff`). */
const CAMEL_WORDS_AROUND_NUMBER = /^[a-z]{2,}(?:[A-Z][a-z]{2,})*[A-Z]?\d{1,3}(?:[A-Z][a-z]{2,})+$/;
function looksGenerated(body: string): boolean {
  // (Words in camelCase around a version's number are a method's name: `s.sendV2SamplesWithBackoff`.)
  if (/\d/.test(body) && /[A-Za-z]/.test(body) && !/^[A-Za-z]+\d{0,3}$/.test(body)) return !(CAMEL_WORDS_AROUND_NUMBER.test(body) && isWordy(body.replace(/\d+/, '')));
  const upper = body.replace(/[^A-Z]/g, '').length / body.length;
  const switches = body.split('').filter((c, i) => i > 0 && /[A-Z]/.test(c) !== /[A-Z]/.test(body[i - 1]!)).length / body.length;
  // (Not words in PascalCase, a method's name: `s.GetJenkinsObjectsForPath`.)
  if (upper >= 0.25 && upper <= 0.75 && switches >= 0.35) return !isWordy(body);
  // A long body of both cases that reads as no words (`EYwohtQFBvpDXJLRHZRVai30`): random runs of one case happen.
  return body.length >= 20 && upper >= 0.2 && upper <= 0.8 && switches >= 0.15 && !isWordy(body);
}

/** `make()` once, on first use: a save's text meets a handful of the table's hundreds of formats. */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function compile(format: SecretFormat): Compiled {
  return { format, sticky: lazy(() => new RegExp(`(${formatSource(format)})${afterOf(format)}`, 'y')) };
}

const specificity = (f: SecretFormat) => {
  const first = f.parts[0];
  const lead = typeof first === 'string' ? first.length : 0;
  const body = f.parts.find((p) => typeof p !== 'string');
  return lead * 1000 - (body && typeof body !== 'string' ? ALPHABETS[body.set].length : 0);
};

/** The table compiled for scanning; built on first use (only `save` pays for it). */
export interface FormatMatcher {
  find(text: string): Hit[];
  /**
   * The reason of a context format for a keyword-named value: the key holds
   * one of the format's words and the value has the format (`HEROKU_API_KEY` =
   * a UUID → `heroku-key`); null when none.
   */
  nameByContext(key: string, value: string): string | null;
  /**
   * Values named only by their provider (`postmark: "<uuid>"`, `CC_TEST_REPORTER_ID`
   * for CodeClimate, `sonar.login=<40 hex>`): a provider word starts a name, and
   * within the next CONTEXT_REACH characters a token has one of that provider's shapes.
   */
  findByContext(text: string): Hit[];
}

/** How far after a provider's word its value may start (`okta token - '…'`, `"postmark": {"token": "…"}`). */
const CONTEXT_REACH = 80;
/** How near the word a value longer than the reach must start. */
const CONTEXT_NEAR = 24;
/** A token in the reach of a provider word: what a value of a context format is made of. */
const CONTEXT_TOKEN = /[A-Za-z0-9][A-Za-z0-9_.+/=~:-]*[A-Za-z0-9=]/g;

let shared: FormatMatcher | null = null;
/** The table compiled once, on first use (only saving pays for it). */
export const formatMatcher = (): FormatMatcher => (shared ??= buildMatcher());

/** `[A-Za-z0-9_]` by code. */
const WORD = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_') WORD[c.charCodeAt(0)] = 1;
const isWordChar = (code: number) => code < 128 && WORD[code] === 1;

/** The length of the shortest token of a format. */
const shortest = (f: SecretFormat) => f.parts.reduce((n: number, p) => n + (typeof p === 'string' ? p.length : p.min), 0);
/** … and of the longest. */
const longest = (f: SecretFormat) => f.parts.reduce((n: number, p) => n + (typeof p === 'string' ? p.length : p.max), 0);

/** The longest literal of a format without a prefix: a run must contain it before the format is tried. */
const marker = (f: SecretFormat) => f.parts.filter((x): x is string => typeof x === 'string').sort((a, b) => b.length - a.length)[0] ?? '';

export function buildMatcher(formats: readonly SecretFormat[] = SECRET_FORMATS): FormatMatcher {
  const byLead = new Map<string, Compiled[]>();
  const loose: { marker: string; minLength: number; re: () => RegExp; compiled: Compiled }[] = [];
  const byWord = new Map<string, Compiled[]>();
  // Only the index is built here: each format's expressions are compiled when a text first reaches it.
  const ranked = formats.map((format, i) => ({ format, rank: specificity(format), i }))
    .sort((a, b) => b.rank - a.rank || a.i - b.i);
  for (const { format } of ranked) {
    const compiled = compile(format);
    const first = format.parts[0];
    if (format.context) for (const w of format.context) push(byWord, w, compiled);
    else if (typeof first === 'string' && first.length >= 2) push(byLead, first, compiled);
    else loose.push({ marker: marker(format), minLength: shortest(format), re: lazy(() => new RegExp(`${BEFORE}${formatSource(format)}${afterOf(format)}`, 'g')), compiled });
  }
  const leads = [...byLead.keys()].sort((a, b) => b.length - a.length);
  // Leads by their first two characters; a lead that is a prefix of a longer one is tried there too (`sk-` under `sk-proj-`).
  const byFirst = Object.assign(new Map<number, string[]>(), { starts: new Uint8Array(129) });
  for (const lead of leads) push(byFirst, pairAt(lead, 0), lead);
  for (const lead of leads) byFirst.starts[Math.min(lead.charCodeAt(0), 128)] = 1;
  // Most runs are shorter than any format without a prefix: those skip the list at once.
  const looseMin = Math.min(...loose.map((l) => l.minLength));
  // (A value near the word is read to its end, however long its format: `<24 hex>:<64 hex>` is longer than the reach.)
  const contextMax = Math.max(0, ...formats.filter((f) => f.context).map(longest));
  const contextual = [...byWord].map(([word, list]) => ({ word, formats: list.map((c) => ({ reason: c.format.reason, whole: lazy(() => new RegExp(`^(?:${formatSource(c.format)})$`, 'i')) })) }));
  const anyWord = new RegExp(contextual.map(({ word }) => escape(word)).join('|') || '(?!)');
  const byWordLower = new Map(contextual.map((c) => [c.word, c]));
  const words = [...byWordLower.keys()].sort((a, b) => b.length - a.length).map(escape).join('|') || '(?!)';
  const wordScan = lazy(() => new RegExp(words, 'gi'));
  const lowerWordScan = lazy(() => new RegExp(words, 'g'));
  return {
    find(text) {
      const hits: Hit[] = [];
      for (const run of tokenRuns(text)) {
        scanRun(text, run.start, run.start + run.text.length, byFirst, byLead, hits);
        if (run.text.length < looseMin) continue;
        for (const l of loose) {
          if (run.text.length >= l.minLength && run.text.includes(l.marker)) findLoose(text, run.start, run.text, l.re(), l.compiled, hits);
        }
      }
      return hits;
    },
    nameByContext(key, value) {
      const lower = key.toLowerCase();
      if (!anyWord.test(lower)) return null;
      for (const { word, formats } of contextual) {
        if (!lower.includes(word)) continue;
        const found = formats.find((f) => f.whole().test(value));
        if (found) return found.reason;
      }
      return null;
    },
    findByContext(text) {
      const hits: Hit[] = [];
      // The words are searched for in the text lower-cased once, which is several times faster than a search that ignores case;
      // a text whose length lower-casing changes (a few letters outside ASCII) is searched as it is.
      const lower = lowerCased(text);
      const hay = lower ?? text;
      const scan = lower === null ? wordScan() : lowerWordScan();
      scan.lastIndex = 0;
      for (let m = scan.exec(hay); m; m = scan.exec(hay)) {
        // The word starts a name (`POSTMARK_TOKEN`, `sonar.login`, `newRelicKey`), not the middle of another word (`global`).
        const before = m.index > 0 ? text.charCodeAt(m.index - 1) : 32;
        const startsName = !isLetterCode(before) || (isLowerCode(before) && isUpperCode(text.charCodeAt(m.index)));
        // … and is a word of that name, not the start of another (`sumObj`, `sumOfExposures` hold no `sumo`).
        const splitsWord = isUpperCode(text.charCodeAt(m.index + m[0].length - 1)) && isLowerCode(text.charCodeAt(m.index + m[0].length));
        if (!startsName || splitsWord || isInPlaceholder(text, m.index) || isInUrl(text, m.index)) continue;
        const listed = isInFileName(text, m.index, m[0].length);
        const entry = byWordLower.get(m[0].toLowerCase());
        if (!entry) continue;
        const from = m.index + m[0].length;
        // The reach ends at a value already redacted (a placeholder is never looked past) and at the line after the word's.
        let window = text.slice(from, Math.min(text.length, from + CONTEXT_REACH + contextMax));
        const stop = window.indexOf('[REDACTED:');
        if (stop >= 0) window = window.slice(0, stop);
        const second = window.indexOf('\n', window.indexOf('\n') + 1);
        if (second >= 0) window = window.slice(0, second);
        CONTEXT_TOKEN.lastIndex = 0;
        for (let t = CONTEXT_TOKEN.exec(window); t && t.index < CONTEXT_REACH; t = CONTEXT_TOKEN.exec(window)) {
          // (A value ends within the reach; a longer one only when it follows the word at once, `ghost=<24 hex>:<64 hex>`.)
          if (t.index + t[0].length > CONTEXT_REACH && t.index > CONTEXT_NEAR) continue;
          // A path segment, a URL fragment or a version pin (`pkg-1.2.4.tgz#<sha1>`) names a file, not a credential.
          if (t.index > 0 && '/#@'.includes(window[t.index - 1]!)) continue;
          // (After a file listed with its digest, a digest that lists the next file, not a value: `sha1sum f && cat f` prints one.)
          if (listed && LISTED_FILE_AFTER.test(text.slice(from + t.index + t[0].length, from + t.index + t[0].length + 80))) continue;
          let value = t[0].replace(/^[^A-Za-z0-9]+|[.:]+$/g, '');
          let start = from + t.index;
          let found = entry.formats.find((f) => f.whole().test(value));
          // A name and its value written as one token (`…__COM=27ec5ba1:68d13f79`): the value after the `=`. (Named for a digest's
          // algorithm, `twitter.py,sha256=<base64>,78255` of a wheel's RECORD, it is the file's digest.)
          const equals = found ? -1 : value.indexOf('=');
          if (equals > 0 && /(?:^|[^A-Za-z])(?:sha\d*|md5|digest|checksum)$/i.test(value.slice(0, equals))) continue;
          if (equals > 0 && equals < value.length - 1) {
            start += equals + 1;
            value = value.slice(equals + 1);
            found = entry.formats.find((f) => f.whole().test(value));
          }
          if (!found || isPlaceholder(value, '', true) || !readsGenerated(value)) continue;
          hits.push({ start, end: start + value.length, reason: found.reason });
          scan.lastIndex = Math.max(scan.lastIndex, start + value.length);
          break;
        }
      }
      return hits;
    },
  };
}

/**
 * A value named only by its provider must read as generated: hex (groups joined by `-` or `:`), groups of four letters and digits
 * joined by `-` with a digit among them (an app password, `oems-eebb-9upg-ndej`: four letters often read as a word), or letters and
 * digits mixed, never a name made of words.
 */
const readsGenerated = (value: string) =>
  /^[0-9a-fA-F:-]+$/.test(value) || (/^[a-z0-9]{4}(?:-[a-z0-9]{4}){3,}$/i.test(value) && /\d/.test(value)) || ((/\d/.test(value) || looksGenerated(value)) && !isWordy(value));

/** The word is part of a URL (`http://www.ibm.com/j9/…`, `https://api.clarifai.com/v2/models/…`): the address of the provider's service, which names no value. */
function isInUrl(text: string, at: number): boolean {
  let from = at;
  for (const limit = Math.max(0, at - 200); from > limit && !URL_ENDS.test(text[from - 1]!); ) from--;
  return text.slice(from, at).includes('://');
}
const URL_ENDS = /[\s"'`<>()[\]{},;]/;
/** A line's start, a digest and the blanks (and `*` of a binary file) `md5sum` writes before a file's path; or a git object's id and the blank or tab `rev-list` and `ls-tree` write. */
const DIGEST_BEFORE_FILE = new RegExp(`(?:^|\\n)(?:\\d{6} [a-z]+ )?${HEX_DIGEST}(?: \\*| {1,2}|\\t)$`);

/**
 * The word is part of a file's name in a listing of files after their digests (`7ca25671…  usr/include/linux/map_to_7segment.h`,
 * as `md5sum` and dpkg write them, or git's objects, `<sha> testdata/twitter.txt`): a file listed, which names no value on the next
 * line when that line lists a file too. Not a file read by a command (`cat ~/.config/configstore/snyk.json`), nor one whose digest is
 * followed by its content (`sha1sum f && cat f`), nor a path with a setting in it (`config/segment.yml:3:  write_key: …`).
 */
function isInFileName(text: string, at: number, length: number): boolean {
  let from = at;
  for (const limit = Math.max(0, at - 200); from > limit && !URL_ENDS.test(text[from - 1]!); ) from--;
  if (!text.slice(from, at).includes('/') || !DIGEST_BEFORE_FILE.test(text.slice(Math.max(0, from - 140), from))) return false;
  let to = at + length;
  for (const limit = Math.min(text.length, to + 80); to < limit && !URL_ENDS.test(text[to]!); ) to++;
  return /^[\w-]*\.[A-Za-z0-9]{1,8}$/.test(text.slice(at + length, to));
}

/** The word is part of a placeholder already written (`[REDACTED:snowflake-password]`). */
function isInPlaceholder(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  const open = before.lastIndexOf('[REDACTED:');
  return open >= 0 && !before.includes(']', open);
}

const isLowerCode = (c: number) => c >= 97 && c <= 122;
const isUpperCode = (c: number) => c >= 65 && c <= 90;
const isLetterCode = (c: number) => isLowerCode(c) || isUpperCode(c);

/** Appends `value` to the list under `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The two characters at `i` as one number: a map key that costs no string. */
const pairAt = (text: string, i: number) => text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1);

/** Leads by their first two characters, and which characters start one (codes from 128 share the last slot). */
type LeadIndex = Map<number, string[]> & { starts: Uint8Array };

/** Tries the leads at every word start inside one run. */
function scanRun(text: string, from: number, to: number, byFirst: LeadIndex, byLead: Map<string, Compiled[]>, hits: Hit[]): void {
  // Each character is read once: whether it is a word character says, for the next one, whether a word starts there.
  let afterWord = from > 0 && isWordChar(text.charCodeAt(from - 1));
  for (let i = from; i <= to - MIN_TOKEN; i++) {
    const code = text.charCodeAt(i);
    const wasAfterWord = afterWord;
    afterWord = isWordChar(code);
    if (wasAfterWord || byFirst.starts[code < 128 ? code : 128] === 0) continue;
    const leads = byFirst.get(pairAt(text, i));
    if (!leads) continue;
    for (const lead of leads) {
      if (!text.startsWith(lead, i)) continue;
      const end = tryAt(text, i, byLead.get(lead)!, hits);
      if (end !== null) {
        i = end - 1;
        afterWord = isWordChar(text.charCodeAt(i));
        break;
      }
    }
  }
}

function findLoose(text: string, offset: number, run: string, re: RegExp, compiled: Compiled, hits: Hit[]): void {
  re.lastIndex = 0;
  for (let m = re.exec(run); m; m = re.exec(run)) {
    if (offset + m.index > 0 && m.index === 0 && isWordChar(text.charCodeAt(offset - 1))) continue;
    if (accept(compiled, m[0])) hits.push({ start: offset + m.index, end: offset + m.index + m[0].length, reason: compiled.format.reason });
  }
}

/** The alphabets of hex digits (in either case). */
const HEX_ALPHABETS = new Set<string>(['hex', 'HEX', 'anyhex']);

/**
 * A segment of a path or a file name (`notion.site/API-BD80F5…`, `video_box.ico-7a388b…png`) whose body is hex where the
 * format's body is not (letters and digits of any kind): a digest or an id that happens to follow the prefix, not a token.
 */
function isDigestInPath(text: string, index: number, format: SecretFormat, token: string): boolean {
  const before = text.charCodeAt(index - 1);
  if (before !== 47 && before !== 46) return false;
  if (format.parts.some((part) => typeof part !== 'string' && HEX_ALPHABETS.has(part.set))) return false;
  const body = token.slice(lead(format).length);
  return body.length >= 24 && /^(?:[0-9a-f]+|[0-9A-F]+)$/.test(body);
}

/** Tries each candidate at `index`; records the first that matches and is not a placeholder; returns its end. */
function tryAt(text: string, index: number, candidates: Compiled[], hits: Hit[]): number | null {
  let judged = false;
  for (const c of candidates) {
    const sticky = c.sticky();
    sticky.lastIndex = index;
    const m = sticky.exec(text);
    if (!m) continue;
    judged = true;
    if (!accept(c, m[1]!) || isDigestInPath(text, index, c.format, m[1]!)) continue;
    const end = index + m[0].length;
    hits.push({ start: end - m[1]!.length, end, reason: c.format.reason });
    return end;
  }
  // (A token of the format's own shape that it refused, a placeholder, is not read again at another length.)
  return judged ? null : tryLoose(text, index, candidates[0]!, hits);
}

/** A prefix written as one (four characters or more, ending in `_` or `-`: `figd_`, `glft-`), then a body of another length. */
const LOOSE_BODY = /[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*/y;
const isLooseLead = (lead: string) => lead.length >= 4 && /[_-]$/.test(lead);
const LOOSE_MAX = 300;
/** What may follow a loose body: the end, a space, a quote or a bracket, or a sentence's `.`, `:`, `,` before a space. */
const LOOSE_END = /^(?:$|[\s"'`<>()[\]{};|&\\]|[.,:!?](?:$|\s))/;

/**
 * A provider's prefix followed by a generated body of a length the table does not give (a token cut short, a format
 * lengthened since, a sample): redacted under the provider's name. The body mixes letters and digits, is 16 characters or
 * more, and is no placeholder and no name made of words (`key-value-store-v2`).
 */
function tryLoose(text: string, index: number, c: Compiled, hits: Hit[]): number | null {
  const prefix = lead(c.format);
  // (Not a segment of a URL's path: `/API-BD80F56C…` names a page; nor a later word of a slug, `…-google-maps-api-key-usage-…`.)
  const before = text.charCodeAt(index - 1);
  if (!isLooseLead(prefix) || before === 47 || before === 45 || before === 95) return null;
  // (Read from a window of 300 characters and the two after them: a run of `glft-glft-…` costs each prefix that much, not the run.)
  const from = index + prefix.length;
  const window = text.slice(from, from + LOOSE_MAX + 2);
  LOOSE_BODY.lastIndex = 0;
  const m = LOOSE_BODY.exec(window);
  // (The run ends with the body: a body followed by `=`, `.`, `/` or `+` is a part of a longer value, which the other rules judge whole.)
  if (!m || m[0].length < 16 || m[0].length > LOOSE_MAX || !LOOSE_END.test(window.slice(m[0].length, m[0].length + 2))) return null;
  const body = m[0];
  if (!/\d/.test(body) || !/[A-Za-z]/.test(body) || !looksGenerated(body) || isWordy(body) || isPlaceholder(prefix + body, prefix, false, false) || isPlaceholderValue(body)) return null;
  // (A generated body holds a long run of letters and digits mixed; short words and numbers between dashes are a name: `api-2-myself-get`,
  // and so are words before a post's id, `key-usage-cases-and-why-you-need-to-care-1ccb28bf21e`.)
  const parts = body.split(/[_-]/);
  if (!parts.some((part) => part.length >= 8 && /\d/.test(part) && /[A-Za-z]/.test(part)) || parts.filter((part) => /^[a-z]+$/.test(part)).length > 2) return null;
  const end = from + body.length;
  hits.push({ start: index, end, reason: c.format.reason });
  return end;
}
