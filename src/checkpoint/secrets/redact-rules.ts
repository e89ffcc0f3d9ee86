/**
 * The rules of SPEC §9, most specific first, so that a token is counted under
 * its own reason, not as "high-entropy": private keys, the provider table
 * (secret-formats.ts), JWTs, headers and URLs, keyword-named values, the
 * entropy fallback, then personal data and network names.
 *
 * A rule is a global regular expression (a named group `secret` is what is
 * replaced, a group `pre` the text before it inside the match) or a `find`
 * function that returns the spans itself.
 */
import { CANDIDATE, isEncodedText, isHighEntropy, isWordy, SECRET_WORD } from './entropy.js';
import { findKeywordValues, hasLetterAndDigit, isRandomLetters, isValue } from './redact-keywords.js';
import { formatMatcher, type Hit } from './secret-format-rules.js';
import { findJsonWebKeyMembers, findKubernetesSecretData, findRecoveryPhrases } from './redact-structured.js';
import { tokenRuns } from './token-runs.js';
import type { RedactRule } from './redact-rule.js';
import { hasPlaceholderMarker, isNamedNonSecret, isNotSecret, isPredictable, isTokenAsUserPassword, MEDIA_MAGIC } from './secret-placeholders.js';
import { COMMAND_LINE_RULES, DEVICE_TOKEN_PATH_RULE, CREDENTIAL_PAIR_RULE, EMAIL_PASSWORD_RULE, EXPECT_SEND_RULE, GO_MYSQL_DSN_RULE, findEnvTokens, ENCODED_KEY_RULE, NETRC_RULE, NETRC_TOKEN_LOGIN_RULE, ORACLE_URL_RULE, PASSWORD_HASH_RULE, PUTTY_KEY_RULE, GOOGLE_CLIENT_SECRET_RULE, ACCESS_KEY_PAIR_RULES, PGPASS_RULE, SPACED_PASSWORD_LINE_RULE, NETWORK_DEVICE_RULE, IPSEC_SECRET_RULE, PLAIN_SCHEME_RULE, CHAT_LOGIN_RULE, SMTP_AUTH_RULE, PLAIN_LOGIN_RULE, OPENVPN_INLINE_RULE, POSTMAN_API_KEY_RULE, REDIS_ACL_RULE, strictBase64, SESSION_COOKIE_RULE, TERRAFORM_RANDOM_PASSWORD_RULE, STORED_HASH_RULE, JAAS_USER_RULE, UNICODE_LITERAL_PASSWORD_RULE, SQL_INSERT_RULE, PGBOUNCER_USERLIST_RULE, SASL_PASSWD_RULE, ELASTIC_SETUP_PASSWORDS_RULE, JENKINS_CREDENTIALS_RULE, USERS_MAP_RULE, NETWORK_KEY_RULE, CRACKED_PASSWORD_RULE, NTLMV2_RESPONSE_RULE, JUNOS_SECRET_RULE, ECHO_TO_SECRET_FILE_RULE, WALLET_KEY_RULE, BYTE_KEYPAIR_RULE, PUBLIC_KEY_RULE, WEBHOOK_PATH_RULE, ENCRYPTED_VALUE_RULE, ANSIBLE_VAULT_RULE, SEALED_SECRET_RULE, VAULT_SECRET_ID_RULE, CONSUL_SECRET_ID_RULE, CONSUL_TOKENS_RULE, WORDPRESS_SALT_RULE } from './redact-structural.js';

export type { Hit } from './secret-format-rules.js';
export type { RedactRule } from './redact-rule.js';

/** Not preceded by a character that would make the match part of a longer word or token. */
const B = '(?<![A-Za-z0-9_])';
/** Not followed by one either. */
const E = '(?![A-Za-z0-9_-])';
const rx = (source: string, flags = 'g') => new RegExp(source, flags);
const isMixed = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);
/**
 * A variable's reference or `null` before Helm's next settings (`${VALKEY_PASSWORD},cluster.nodes=7`, `null,enabled=true`): what
 * `--set` gives is named elsewhere. Only when no later setting names a secret of its own (`${PW},auth.rootPassword=…` is redacted
 * whole), and only `${NAME}`: a password may start with `$` (`$Xk9,q=7Lm!`).
 */
function isReferenceBeforeSettings(value: string): boolean {
  const [head, ...rest] = value.split(/(?<!\\),(?=[\w.[\]-]{1,80}=)/);
  return rest.length > 0 && /^(?:\$\{[A-Za-z_][A-Za-z0-9_]*\}|null)$/.test(head!) && rest.every((setting) => !SECRET_WORD.test(setting.slice(0, setting.indexOf('='))));
}

const findProviderTokens = (text: string) => formatMatcher().find(text);
const findContextTokens = (text: string) => formatMatcher().findByContext(text);

/** The parts of a candidate between runs of five dashes or more. */
const ARMOR_PARTS = /[^-]+(?:-{1,4}[^-]+)*/g;

/** Random-looking runs; `before` decides the object-id exemption. */
function findHighEntropy(text: string): Hit[] {
  const hits: Hit[] = [];
  const xml = publicXmlValues(text);
  // A run longer than a window is read in overlapping windows: one that goes on from the window before belongs to the same run,
  // a picture's base64 whole on one line (a notebook's `"image/png": "iVBORw0KGgo…"`) past its first window too.
  let previousEnd = -1;
  let media = false;
  for (const run of tokenRuns(text)) {
    const continued = run.start < previousEnd;
    media = continued ? media : MEDIA_MAGIC.test(run.text);
    previousEnd = run.start + run.text.length;
    if (run.text.length < 32 || (continued && media)) continue;
    // A URL's host and path name a resource (ids, hashes, UUIDs), not a credential: only its query and fragment are judged.
    const path = urlPathEnd(run.text);
    CANDIDATE.lastIndex = 0;
    for (let m = CANDIDATE.exec(run.text); m; m = CANDIDATE.exec(run.text)) {
      if (m.index < path) continue;
      // Five dashes or more are a PEM armor's edge or a rule (`-----END CERTIFICATE-----<digest>`), never inside a token: each side is judged alone.
      const parts = m[0].includes('-----') ? [...m[0].matchAll(ARMOR_PARTS)].filter((p) => p[0].length >= 32) : [m];
      for (const part of parts) {
        const start = run.start + m.index + (part === m ? 0 : part.index!);
        const before = text.slice(Math.max(0, start - 60), start);
        const end = start + part[0].length;
        if (isHighEntropy(part[0], before, () => text.slice(Math.max(0, start - 2000), start), text.slice(end, end + 80)) && !isNamedNonSecret(part[0], before, text.slice(end, end + 80)) && !inSpans(xml, start) && !inEncodedFile(text, start)) {
          hits.push({ start, end, reason: 'high-entropy' });
        }
      }
    }
  }
  return hits;
}

/** A line of base64 alone, blanks around it and a quote, a brace or a string's continuation at its ends. */
const BASE64_LINE = /^[ \t]*["'{]?[A-Za-z0-9+/]{40,}={0,2}["'}\\,;)]*[ \t]*\r?$/;
/** … and the last of a block, which may be short. */
const LAST_LINE = /^[ \t]*[A-Za-z0-9+/]{4,}={0,2}["'}\\,;)]*[ \t]*\r?$/;
/** A line's last run of base64, after an assignment (`data = "R0lGODlh…`): where a block may start. */
const BASE64_TAIL = /([A-Za-z0-9+/]{40,})["'\\]*[ \t]*\r?$/;
/** How many lines a block is read back or on over, at most. */
const MAX_BLOCK_LINES = 20000;
/** The last block of base64 lines looked at, and whether it is a file's. */
let lastBlock: { text: string; from: number; to: number; file: boolean } | null = null;

function lineEndAt(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
}

/** A base64 line's run: its width tells the block's lines from a line of another kind put after them. */
const base64Run = (line: string) => /[A-Za-z0-9+/]+={0,2}/.exec(line)?.[0] ?? '';

/**
 * Whether `at` is on a line of a picture, a sound or a font written in base64 over several lines (not an XML file, an SVG, a zip
 * or a PDF: `base64 settings.xml` or `base64 bundle.zip` prints what decodes to a secret) (an icon in a Tcl or a Python
 * source: `-data {` then `iVBORw0KGgo…`, `ICON = "R0lGODlh…` then more): a block of base64 lines of one width (its last line may be
 * shorter, and padding ends it) whose first starts with the file's magic. The block is read once; its other lines are looked up in it.
 */
function inEncodedFile(text: string, at: number): boolean {
  if (lastBlock?.text === text && at >= lastBlock.from && at < lastBlock.to) return lastBlock.file;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let to = lineEndAt(text, at);
  const line = text.slice(lineStart, to);
  const previousLine = (from: number) => text.slice(text.lastIndexOf('\n', from - 2) + 1, from - 1);
  // (The block's last line may be short, `…ASUVORK5CYII=`: a line of base64 after one of the block's.)
  const last = !BASE64_LINE.test(line);
  if (last && (lineStart === 0 || !LAST_LINE.test(line) || !BASE64_LINE.test(previousLine(lineStart)))) return false;
  const width = last ? base64Run(previousLine(lineStart)).length : base64Run(line).length;
  if (last && base64Run(line).length > width) return false;
  let from = lineStart;
  for (let n = 0; n < MAX_BLOCK_LINES && from > 0; n++) {
    const previous = previousLine(from);
    const run = base64Run(previous);
    if (!BASE64_LINE.test(previous) || run.length !== width || run.endsWith('=')) break;
    from -= previous.length + 1;
  }
  for (let n = 0; !last && !base64Run(text.slice(lineStart, to)).endsWith('=') && n < MAX_BLOCK_LINES && to < text.length; n++) {
    const next = lineEndAt(text, to + 1);
    const following = text.slice(to + 1, next);
    const run = base64Run(following);
    if (!BASE64_LINE.test(following) || run.length !== width) {
      if (LAST_LINE.test(following) && run.length < width) to = next;
      break;
    }
    to = next;
    if (run.endsWith('=')) break;
  }
  // The first line's base64, or the last run of the line before it (the block started after an assignment on that line).
  let file = MEDIA_MAGIC.test(text.slice(from, lineEndAt(text, from)).replace(/^[ \t]*["'{]?/, ''));
  if (!file && from > 0) {
    const tail = BASE64_TAIL.exec(previousLine(from))?.[1] ?? '';
    file = tail.length === width && MEDIA_MAGIC.test(tail);
  }
  lastBlock = { text, from, to, file };
  return file;
}

/**
 * The elements of XML Signature and XML Encryption whose text is public or ciphertext: a certificate, a signature, a digest, an RSA
 * key's modulus and exponent (not its private parts, `<D>`, `<P>`), an encrypted value. SAML's messages and metadata are full of them.
 */
const PUBLIC_XML_OPEN = /<((?:[\w.-]+:)?(?:X509Certificate|X509CRL|SignatureValue|DigestValue|CipherValue|Modulus|Exponent|EncapsulatedX509Certificate|EncapsulatedTimeStamp))(?:\s[^<>]*)?(?<!\/)>/g;
/** What such an element holds: base64 and the blanks between its lines. */
const XML_BASE64 = /[A-Za-z0-9+/=\s]*/y;

/** Where the text of each such element lies, from its opening tag to its own closing tag, when it holds base64 alone (in order). */
function publicXmlValues(text: string): [number, number][] {
  const spans: [number, number][] = [];
  PUBLIC_XML_OPEN.lastIndex = 0;
  for (let m = PUBLIC_XML_OPEN.exec(text); m; m = PUBLIC_XML_OPEN.exec(text)) {
    const from = m.index + m[0].length;
    XML_BASE64.lastIndex = from;
    XML_BASE64.exec(text);
    if (text.startsWith(`</${m[1]}>`, XML_BASE64.lastIndex)) spans.push([from, XML_BASE64.lastIndex]);
    PUBLIC_XML_OPEN.lastIndex = Math.max(PUBLIC_XML_OPEN.lastIndex, XML_BASE64.lastIndex);
  }
  return spans;
}

/** Whether `at` falls inside one of `spans` (sorted, apart). */
function inSpans(spans: [number, number][], at: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (at < spans[mid]![0]) hi = mid - 1;
    else if (at >= spans[mid]![1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Where the host and path of the first URL in a run end (0 when the run holds none); a fragment without `=` is an anchor, skipped too. */
function urlPathEnd(run: string): number {
  // (Also a run that starts with a URI whose path follows one slash: `mlflow-artifacts:/<experiment>/<run id>/artifacts`, `dbfs:/…`.)
  const single = /^[A-Za-z][\w+.-]*:\/(?!\/)/.exec(run);
  const scheme = single ? single[0].length - 2 : run.indexOf('://');
  if (scheme < 0) return 0;
  const query = run.slice(scheme).search(/[?#]/);
  if (query < 0) return run.length;
  const at = scheme + query;
  return run[at] === '#' && !run.includes('=', at) ? run.length : at;
}

/** A placeholder or a reference, also written in brackets or after a sigil (`<password>`, `[pass]`, `$PW`, `%PASS%`). */
const isStandIn = (s: string) => isNotSecret(s) || /^[<[{$%#]/.test(s) || /[>\]}]$/.test(s);

/**
 * `user:pass` where the password is a placeholder or a reference (`test:test`,
 * `$1:$2`, `user:****`, `<user>:<password>`, `${{ secrets.X }}`), the
 * user name again, or any password of the anonymous user.
 */
function isPlaceholderPair(pair: string): boolean {
  const colon = pair.lastIndexOf(':');
  const user = pair.slice(0, colon);
  const pass = colon < 0 ? pair : pair.slice(colon + 1);
  // `anonymous:<anything>` is the anonymous login of FTP and others, whose password is by convention an address or nothing.
  // (With GitHub's fixed `x-oauth-basic`, `https://<token>:x-oauth-basic@github.com`, the user is judged instead.)
  if (isTokenAsUserPassword(pass)) return isStandIn(user);
  return pass === user || /^anonymous$/i.test(user) || pass.length <= 3 || isStandIn(pass);
}

/**
 * `-u`/`--user` (`-U`/`--proxy-user` for the proxy) and the credentials after it: `user:password`, or `"<api key>:"` (the key as the user name and
 * no password, as Stripe, Elastic and others document; or GitHub's fixed `x-oauth-basic` as the password). One pass, the flag's literal first.
 */
const USER_FLAG = /-(?:u|U|-user|-proxy-user)(?:=|[ \t]+)(?:"([^\s:"]{0,100}):([^"\n]{0,200})"|'([^\s:']{0,100}):([^'\n]{0,200})'|["']?([^\s:"']*):["']?([^\s"']*))/g;

function findCurlPasswords(text: string): Hit[] {
  if (!text.includes('curl')) return [];
  const hits: Hit[] = [];
  USER_FLAG.lastIndex = 0;
  for (let m = USER_FLAG.exec(text); m; m = USER_FLAG.exec(text)) {
    const before = text.charCodeAt(m.index - 1);
    if (before !== 32 && before !== 9) continue;
    // (Quoted, the password may hold blanks: WordPress' application passwords are groups of four, `"editor:0uVY 6Imr …"`.)
    const user = m[1] ?? m[3] ?? m[5] ?? '';
    const password = m[2] ?? m[4] ?? m[6] ?? '';
    // (The key as the user with no password, or with GitHub's fixed `x-oauth-basic`: the user is the secret.)
    const asUser = password === '' || isTokenAsUserPassword(password);
    const secret = !asUser ? (isValue(password) && !isPlaceholderPair(`${user}:${password}`) ? password : '')
      : user.length >= 12 && hasLetterAndDigit(user) && !isNotSecret(user) ? user : '';
    if (secret === '' || !curlBefore(text, m.index)) continue;
    const end = m.index + m[0].length - (m[2] ?? m[4] ? 1 : 0);
    const start = !asUser ? end - password.length : m.index + m[0].lastIndexOf(user, end - m.index - password.length - 1);
    hits.push({ start, end: start + secret.length, reason: 'password' });
  }
  return hits;
}

/** `curl` earlier on the command that holds `at`: its line, and the lines it continues with a trailing backslash (2000 characters at most). */
function curlBefore(text: string, at: number): boolean {
  let start = at;
  const limit = Math.max(0, at - 2000);
  for (;;) {
    const nl = text.lastIndexOf('\n', start - 1);
    const lineStart = Math.max(nl + 1, limit);
    if (/\bcurl\b/.test(text.slice(lineStart, start))) return true;
    if (nl < limit || !/\\\r?$/.test(text.slice(Math.max(limit, nl - 2), nl))) return false;
    start = nl;
  }
}

/** `Basic <base64>` decodes to `user:password`. */
const isBasicCredential = (s: string) => Buffer.from(s, 'base64').toString('latin1').includes(':');

/** A Basic credential's base64 read strictly as `user:password` in printable text: the user and the password, or null. */
function encodedLogin(value: string): [string, string] | null {
  const pair = strictBase64(value) ?? '';
  const colon = pair.indexOf(':');
  return colon < 1 || !/^[\x20-\x7e]+$/.test(pair) ? null : [pair.slice(0, colon), pair.slice(colon + 1)];
}

/**
 * A Basic header's credential whose user and password are both made up (`example:example`). (A user alone, `browser:`, is judged
 * as the header's value: a client's id given as its credential; a key as the user and `X` as the password, Freshdesk's `<key>:X`,
 * is a credential.)
 */
function isPlaceholderLogin(value: string): boolean {
  const login = encodedLogin(value);
  return login !== null && login[1] !== '' && isPlaceholderPair(login.join(':')) && isStandIn(login[0]) && isStandIn(login[1]);
}

/**
 * `Basic <base64>` standing without its header's name, whose base64 is strictly `user:password` in printable text: the password
 * no placeholder, or a token as the user with no password (`c2tfbGl2ZV8…Og==`).
 */
function isEncodedLogin(value: string): boolean {
  const login = encodedLogin(value);
  if (login === null) return false;
  const [user, password] = login;
  return password === '' ? user.length >= 12 && hasLetterAndDigit(user) && !isNotSecret(user) : !isPlaceholderPair(login.join(':'));
}

/** Raw base64 of a generated value, 12 characters or more: letters in both cases and a digit, `/` or `+` among them, no name of words. */
const isGeneratedBase64 = (s: string) => /^[A-Za-z0-9+/]{12,}={0,2}$/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && !isWordy(s.replace(/[+/=]/g, ''));

export const BASE_RULES: RedactRule[] = [
  {
    reason: 'private-key',
    requires: 'PRIVATE KEY',
    // A header with nothing after it (documentation, a parser's constant), or with a word in place of the key (`INVALIDDATA`), holds no key. (Each
    // line may start with its number, as an agent's file reader and `cat -n` print a file: `     2→MIIEvQ…`.)
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?=\s*(?:\d{1,7}(?:→|\t))?(?:[A-Za-z0-9+/=]{16}|Proc-Type:|(?![A-Za-z]+\s*-----END)[A-Za-z0-9+/=]+\s*-----END))[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    // Nor does plain text in base64 in its place (`YWJjZGVm…` is "abcdef…"): a key is not text.
    accept: (block) => !isEncodedText(/-----\s*([A-Za-z0-9+/=]{16,})\s*-----END/.exec(block)?.[1]?.replace(/=+$/, '') ?? ''),
  },
  {
    // The SSH2 format of SSH Communications' tools and PuTTY's export: `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`, headers such as
    // `Comment: "…"` (continued with `\`), then the key in base64.
    reason: 'private-key',
    requires: 'SSH2',
    pattern: /---- BEGIN SSH2 (?:ENCRYPTED )?PRIVATE KEY ----(?=\s*(?:[A-Za-z][\w-]*:[^\n]*\n\s*)*[A-Za-z0-9+/=]{16})[\s\S]*?(?:---- END SSH2 (?:ENCRYPTED )?PRIVATE KEY ----|$)/g,
  },
  PUBLIC_KEY_RULE,
  ENCRYPTED_VALUE_RULE,
  ANSIBLE_VAULT_RULE,
  SEALED_SECRET_RULE,
  ENCODED_KEY_RULE,
  { reason: 'provider', find: findProviderTokens },
  // (Not right after a `-` either: each `eyJ` inside one long run of base64url, `xoxb-eyJxoxb-eyJ…`, would read the rest of the run.)
  { reason: 'jwt', near: /eyJ/g, pattern: rx(`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,}${E}`) },
  // A JWT encoded once more in base64 (`ZXlK…` is `eyJ…`), as a header or a config holds it.
  {
    reason: 'jwt',
    near: /ZXlK/g,
    pattern: /(?<![A-Za-z0-9+/])ZXlK[A-Za-z0-9+/]{40,}={0,2}(?![A-Za-z0-9+/=])/g,
    accept: (s) => /^eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\./.test(Buffer.from(s.slice(0, 1 << 16), 'base64').toString('latin1')),
  },
  {
    // Older OpenAI keys and look-alikes without a fixed marker: only when random (mixed case and digits).
    reason: 'openai-key',
    near: /sk-/g,
    pattern: rx(`${B}sk-(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{32,300}${E}`),
    // (Its runs judged without OpenAI's marker between them: `sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst` is a sequence.)
    accept: (s) => isMixed(s.replace(/^sk-(?:proj|svcacct|admin|None)-/, '')) && !hasPlaceholderMarker(s) && !isPredictable(s.replace(/^sk-(?:(?:proj|svcacct|admin|None)-)?/, '').replace('T3BlbkFJ', ''), 0.8),
  },
  {
    reason: 'bearer-token',
    near: /bearer/gi,
    // (A token of two parts joined by `:`, a user and a password as some providers take them, `customer-…:3zAA…`, is one; a colon
    // after the scheme, as a header's name has one, `Bearer: 2lkj…`, changes nothing.)
    pattern: rx(`(?<pre>${B}Bearer:?\\s+)(?<secret>[A-Za-z0-9._~+/-]{12,}=*(?::[A-Za-z0-9._~+/-]+=*)*)(?![A-Za-z0-9._~+/=-])`, 'gi'),
    accept: (s) => (hasLetterAndDigit(s) || isRandomLetters(s)) && !isNotSecret(s),
  },
  {
    // Authorization: <scheme> <token> (Basic, Bearer, token, SSWS, a provider's own: `Authorization: clickatell …`), Authorization: <token>,
    // a short Bearer token after its header (also URL-encoded, `authorization:%20bearer%20…`)
    reason: 'authorization',
    near: /authorization/gi,
    pattern: rx(
      `(?<pre>${B}Authorization["']?[ \\t]*[:=](?:[ \\t]*|%20)["']?(?:(?!new[ \\t])[A-Za-z][\\w-]{1,30}(?:[ \\t]+|%20))?)(?![A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)+\\()(?<secret>[A-Za-z0-9._~+/:-]{8,}={0,3})`,
      'gi',
    ),
    // (Names in words, digits or not, are code: `authorization = OAuth2Authorization.from(…)`, `new OAuth2Authorization()`. A name's
    // digits end a word, `OAuth2`, `X509`: a digit before a small letter, `p0ak0iNsunE`, is a generated token's.)
    // (Nor a variable named in snake_case, its parts short: `'Authorization': v4auth_header`; nor a member's call,
    // `authorization = base64.b64decode(header)`.)
    // (Nor a Basic credential whose pair is a placeholder, `ZXhhbXBsZTpleGFtcGxl` of `example:example`.)
    accept: (s) => isValue(s) && (hasLetterAndDigit(s) || isBasicCredential(s)) && !(isWordy(s.replace(/\d+/g, '')) && !/\d[a-z]/.test(s)) &&
      !/^[a-z][a-z0-9]{0,11}(?:_[a-z][a-z0-9]{0,11})+$/.test(s) && !isPlaceholderLogin(s),
  },
  {
    // The same header's value where its name is not beside it: a HAR file's or a Postman collection's headers
    // (`{"name": "authorization", "value": "Basic …"}`, the name and the value on lines of their own), a log's dump of them.
    reason: 'authorization',
    near: /Basic[ \t]/g,
    pattern: rx(`(?<pre>${B}Basic[ \\t]+)(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=_.-])`),
    accept: isEncodedLogin,
  },
  POSTMAN_API_KEY_RULE,
  REDIS_ACL_RULE,
  SESSION_COOKIE_RULE,
  TERRAFORM_RANDOM_PASSWORD_RULE,
  JAAS_USER_RULE,
  UNICODE_LITERAL_PASSWORD_RULE,
  SQL_INSERT_RULE,
  PASSWORD_HASH_RULE,
  STORED_HASH_RULE,
  PGBOUNCER_USERLIST_RULE,
  SASL_PASSWD_RULE,
  ELASTIC_SETUP_PASSWORDS_RULE,
  JENKINS_CREDENTIALS_RULE,
  USERS_MAP_RULE,
  NETWORK_KEY_RULE,
  CRACKED_PASSWORD_RULE,
  NTLMV2_RESPONSE_RULE,
  JUNOS_SECRET_RULE,
  PUTTY_KEY_RULE,
  GOOGLE_CLIENT_SECRET_RULE,
  ...ACCESS_KEY_PAIR_RULES,
  DEVICE_TOKEN_PATH_RULE,
  WEBHOOK_PATH_RULE,
  VAULT_SECRET_ID_RULE,
  CONSUL_SECRET_ID_RULE,
  CONSUL_TOKENS_RULE,
  WORDPRESS_SALT_RULE,
  {
    reason: 'url-credentials',
    // (A `#` in the password, left unencoded as people write it, `mysql://root:pa#ss@host`, is part of it; so is a `/`, as base64 holds one,
    // `mongodb://admin:4s+Kr9c/aUWH@mongo`.)
    // (The anchor is the user and its colon, `://user:`: a search for the `@` past the slashes would read the rest of a run at every `://` in it.)
    near: /:\/\/[^\s/@?:]*:/g,
    pattern: rx(`(?<pre>${B}[A-Za-z][A-Za-z0-9+.-]{1,30}://)(?<secret>[^\\s:/@?#\\[\\]]*:(?:[^\\s/@?]|/(?=[^\\s@?]{0,100}@)|@(?=[^\\s/?@]*@)){1,300})(?<post>@[A-Za-z0-9\\[])`),
    // (`host:3000#invite=bob@example.com` is a port and a fragment, `registry:5000/library/alpine@sha256:…` a port and a path,
    // `file://C:/Users/…/node_modules/@types/…` a drive and a path: not a user and a password.)
    // (A `/` at the password's end is a path's start, `host:path/@scope`, unless before it is a generated value, raw base64's
    // last character: `app:KdQYiG5U81AjDIo/@db`.)
    accept: (s) => !/^[^:]*:\d+[#/]/.test(s) && !/^[A-Za-z]:\//.test(s) && (!s.endsWith('/') || isGeneratedBase64(s.slice(s.indexOf(':') + 1))) && !isPlaceholderPair(s),
  },
  {
    reason: 'url-credentials',
    // A token given as the URL's user, with no password (`https://<token>@github.com/…`, as Git hosts accept one): letters and digits,
    // not a name made of words.
    near: /:\/\/[A-Za-z0-9_.~-]{20,}@/g,
    pattern: rx(`(?<pre>${B}[A-Za-z][A-Za-z0-9+.-]{1,30}://)(?<secret>[A-Za-z0-9_.~-]{20,300})(?=@[A-Za-z0-9\\[])`),
    accept: (s) => hasLetterAndDigit(s) && !isWordy(s) && !isNotSecret(s),
  },
  {
    reason: 'url-credentials',
    // The password of a URL whose user a provider's rule took (`https://[REDACTED:gitlab-token]:…@gitlab.com`), read on the next
    // look; a constant (GitHub's `x-oauth-basic`) or a placeholder is no password.
    near: /:\/\/\[REDACTED:/g,
    pattern: /(?<pre>:\/\/\[REDACTED:[a-z0-9-]+\]:)(?<secret>[^\s/@?#]{1,300})(?=@[A-Za-z0-9[])/g,
    accept: (s) => s.length > 3 && !isStandIn(s),
  },
  // curl -u user:password, also quoted (`--user kevin:'…'`) and on a continued line (`\` newline)
  { reason: 'password', find: findCurlPasswords },
  ...COMMAND_LINE_RULES,
  NETRC_RULE,
  NETRC_TOKEN_LOGIN_RULE,
  PGPASS_RULE,
  ORACLE_URL_RULE,
  SPACED_PASSWORD_LINE_RULE,
  NETWORK_DEVICE_RULE,
  IPSEC_SECRET_RULE,
  PLAIN_SCHEME_RULE,
  CHAT_LOGIN_RULE,
  SMTP_AUTH_RULE,
  PLAIN_LOGIN_RULE,
  OPENVPN_INLINE_RULE,
  ECHO_TO_SECRET_FILE_RULE,
  WALLET_KEY_RULE,
  BYTE_KEYPAIR_RULE,
  EMAIL_PASSWORD_RULE,
  CREDENTIAL_PAIR_RULE,
  EXPECT_SEND_RULE,
  GO_MYSQL_DSN_RULE,
  {
    reason: 'connection-string',
    near: /(?:Password|Pwd|AccountKey|SharedAccessKey|SharedAccessSignature|SharedSecret)[ \t]*=/gi,
    // key=value pairs separated by ';' (ADO.NET, Azure, ODBC): the credential values only.
    pattern: rx(
      `(?<pre>(?:^|[;\\s"'])(?:Password|Pwd|AccountKey|SharedAccessKey|SharedAccessSignature|SharedSecret)[ \\t]*=[ \\t]*)` +
        // (A `;` ends the value where another pair, a quote or the line's end follows it: in `password=…;gIr2` it is the password's own.)
        `(?<secret>[^;\\s"'()]+)(?=;(?:[ \\t]*(?:[A-Za-z][\\w .-]{0,40}=|["';]|$))|\\s*["']|\\s*$)`,
      'gim',
    ),
    // (Two letters or fewer are a string's prefix before its quote, `Password = f"…"`, not a value.)
    // (Nor is a comparison, `password===x`, or a regular expression, `PASSWORD=.*/…`.)
    accept: (s) => s.length > 2 && isValue(s) && !/^[<[{=]|^\.[*+]/.test(s) && !isReferenceBeforeSettings(s),
  },
  // Docker's config.json: "auth": "<base64 of user:password>"
  // (The whole text: a service-account key in base64 is longer than the lines around an anchor.)
  { reason: 'password', requires: 'auth', pattern: /(?<pre>"auth\\?"[ \t]*:[ \t]*\\?")(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?=\\?")/g },
  { reason: 'password', find: findKeywordValues, readsWritten: true },
  // (Also as written: a Secret as JSON holds strings of its own with escaped quotes, `"config.json": "{\"k\": …}"`.)
  { reason: 'password', find: findKubernetesSecretData, readsWritten: true },
  { reason: 'private-key', find: findJsonWebKeyMembers },
  // A Tink keyset in JSON: a key's material, in base64, is the `value` of its `keyData` when the key is symmetric or private
  // (a public keyset's is kept), also as written inside a string (`\"value\": \"…\"`).
  {
    reason: 'private-key',
    requires: 'google.crypto.tink.',
    pattern:
      /(?<pre>\\?"typeUrl\\?"[ \t]{0,8}:[ \t]{0,8}\\?"type\.googleapis\.com\/google\.crypto\.tink\.\w{1,60}\\?"[ \t]{0,8},\s{0,40}\\?"value\\?"[ \t]{0,8}:[ \t]{0,8}\\?")(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?=\\?"[ \t]{0,8},\s{0,40}\\?"keyMaterialType\\?"[ \t]{0,8}:[ \t]{0,8}\\?"(?:SYMMETRIC|ASYMMETRIC_PRIVATE)\\?")/g,
  },
  { reason: 'password', find: findRecoveryPhrases },
  { reason: 'provider', find: findContextTokens },
  { reason: 'high-entropy', find: findHighEntropy },
  { reason: 'high-entropy', find: findEnvTokens },
  {
    reason: 'email',
    near: /@/g,
    // Not the password of `scheme://user:password@host` (a placeholder there is left for the URL rule to judge), also once the
    // user has been redacted (`https://[REDACTED:github-token]:x-oauth-basic@github.com`).
    pattern: /(?<![$A-Za-z0-9._%+-]|\/\/|\/\/(?:[^\s/@:]{0,300}|\[REDACTED:[a-z0-9-]+\]):)[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-])/g,
    // `git@host:owner/repo` is an ssh remote, not a person; `icon@2x.png` is a picture for a screen's density (no domain ends in an
    // image's extension).
    accept: (s) => !/^git@/i.test(s) && !/@\d(?:\.\d)?x\.(?:png|jpe?g|gif|webp|svg|avif|bmp|tiff?)$/i.test(s),
    pii: true,
  },
  {
    reason: 'phone',
    near: /\+\d|\(\d{2,4}\)|\d{3}[.-]\d{3}[.-]\d{4}/g,
    pattern: /(?<![\w+.\-/])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]\d{1,4}){1,5}(?![\w.\-/]|\.\d)|(?<![\w+.\-/])\+\d{8,15}(?![\w.\-/])/g,
    accept: isPhoneNumber,
    pii: true,
  },
  {
    reason: 'internal-host',
    // (The name ends in the lower-case word, then no name character: `C.INTERNAL_RESULT_KEYS`, `conn.internal_options` are code.)
    // (Or a name in capitals throughout, as Windows writes a domain: `DC01.CONTOSO.CORP`; `Visibility.INTERNAL` is code.)
    near: /\.(?:internal|corp|lan|INTERNAL|CORP|LAN)(?![A-Za-z0-9_-])/g,
    pattern: /(?<![A-Za-z0-9.-])(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:internal|corp|lan)|(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+(?:INTERNAL|CORP|LAN))(?![A-Za-z0-9_-]|\.[A-Za-z0-9])/g,
    // The names container runtimes and clouds give every machine (`host.docker.internal`, `metadata.google.internal`) say nothing of a network.
    accept: (s) => !WELL_KNOWN_INTERNAL.test(s),
    pii: true,
  },
  {
    reason: 'private-ip',
    near: /(?<![\w.])(?:10|172|192)\./g,
    pattern: /(?<![\w.])(?:10(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|172\.(?:1[6-9]|2\d|3[01])(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){2}|192\.168(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){2})(?![\w]|\.\d)/g,
    pii: true,
  },
];

/** Internal names that Docker, Podman, Lima, minikube and Google Cloud document for every installation. */
const WELL_KNOWN_INTERNAL = /^(?:(?:host|gateway|kubernetes|vm)\.docker|host\.containers|host\.lima|(?:host|control-plane)\.minikube|metadata\.google)\.internal$/i;

/**
 * A phone number: 10 to 15 digits written as one — with an international `+`
 * prefix, an area code in parentheses, or the North American 3-3-4 grouping
 * with one separator (`-` or `.`) — so that dates, versions, sizes and lists
 * of numbers are not taken for one.
 */
function isPhoneNumber(s: string): boolean {
  const digits = s.replace(/\D/g, '').length;
  if (digits < 10 || digits > 15) return false;
  if (s.startsWith('+')) return true;
  return /^\(\d{2,4}\)[ .-]?\d{3,4}[ .-]?\d{4}$/.test(s) || /^[2-9]\d{2}([.-])\d{3}\1\d{4}$/.test(s);
}
