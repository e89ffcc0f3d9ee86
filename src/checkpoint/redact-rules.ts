/**
 * The secret and PII patterns of SPEC §9, each in its real format: prefix,
 * length, alphabet, and a boundary on both sides so that a token inside an
 * identifier (`mask_password_field`) or a prefix named in prose ("the AKIA
 * prefix") is left alone. Order matters: the most specific rules run first so
 * that a token is counted under its own reason, not as "high-entropy".
 *
 * A rule whose pattern has a named group `secret` replaces only that group
 * (the key of `password=…` and the user-less parts of a URL stay readable);
 * groups `pre` and `post` are kept around it.
 */
import { isHighEntropy } from './entropy.js';

export interface RedactRule {
  /** What the placeholder says: `[REDACTED:<reason>]`. */
  reason: string;
  /** Global (`g`) regular expression. */
  pattern: RegExp;
  /** Second look at a match (the `secret` group when there is one); false keeps the text. */
  accept?: (secret: string) => boolean;
  /** A private key or a provider token: enough to keep a whole file out of the wip tree. */
  highConfidence?: boolean;
}

/** Not preceded by a character that would make the match part of a longer word or token. */
const B = '(?<![A-Za-z0-9_])';
/** Not followed by one either (`-` counts: tokens with `-` in their alphabet end at a boundary too). */
const E = '(?![A-Za-z0-9_-])';
/** Placeholders already in the text are never matched again (redaction is idempotent). */
const NOT_DONE = '(?!\\[REDACTED:)';

const hasDigit = (s: string) => /\d/.test(s);
const hasLetterAndDigit = (s: string) => /[A-Za-z]/.test(s) && hasDigit(s);
const isMixed = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s) && hasDigit(s);

const rx = (source: string, flags = 'g') => new RegExp(source, flags);

/** The key of a `key=value` credential: a credential word, optionally with a prefix (`DB_PASSWORD`) or a suffix (`SECRET_KEY`). */
const KEY =
  '(?<![A-Za-z0-9])[A-Za-z0-9_.-]{0,40}?(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key)' +
  '(?:[_.-]?(?:key|value|base|access[_-]?key))?';

/** Values of `key=value` that are references or placeholders, not secrets. */
const REFERENCE = /^(?:\$\{?[A-Za-z_][\w.]*\}?|%[A-Za-z_]\w*%|<[^>]*>|\{\{.*\}\}|\*+|x+|null|none|nil|true|false|undefined|changeme|\.{3}|…)$/i;
const PATH = /^(?:\/|~\/|\.\.?\/)/;

/** A value worth redacting: not a reference, and not a path (`PWD=/home/…`) unless it is random like a key. */
const isValue = (s: string) => !REFERENCE.test(s) && !(PATH.test(s) && !isHighEntropy(s));

/**
 * The built-in rules, most specific first: provider tokens before generic
 * credentials, those before high entropy, then PII and network names.
 * `highConfidence` marks what alone keeps a file out of the wip snapshot.
 */
export const BASE_RULES: RedactRule[] = [
  {
    reason: 'private-key',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    highConfidence: true,
  },
  { reason: 'jwt', pattern: rx(`${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,}${E}`) },
  { reason: 'anthropic-key', pattern: rx(`${B}sk-ant-[a-z]{2,10}\\d{0,3}-[A-Za-z0-9_-]{32,300}${E}`), highConfidence: true },
  {
    reason: 'openai-key',
    pattern: rx(`${B}sk-(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{32,300}${E}`),
    accept: (s) => isMixed(s.replace(/^sk-(?:proj|svcacct|admin|None)-/, '')),
    highConfidence: true,
  },
  { reason: 'stripe-key', pattern: rx(`${B}(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{20,247}${E}`), accept: hasDigit, highConfidence: true },
  {
    reason: 'github-token',
    pattern: rx(`${B}(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}|github_pat_[A-Za-z0-9_]{70,240})${E}`),
    accept: hasDigit,
    highConfidence: true,
  },
  { reason: 'slack-token', pattern: rx(`${B}xox[bapors]-(?:\\d+-)+[A-Za-z0-9-]{8,200}${E}`), accept: hasLetterAndDigit, highConfidence: true },
  { reason: 'aws-key', pattern: rx(`${B}(?:AKIA|ASIA|AIDA|AROA|AGPA)[A-Z0-9]{16}${E}`), accept: hasDigit, highConfidence: true },
  { reason: 'google-api-key', pattern: rx(`${B}AIza[A-Za-z0-9_-]{35}${E}`), highConfidence: true },
  { reason: 'npm-token', pattern: rx(`${B}npm_[A-Za-z0-9]{36}${E}`), accept: hasDigit, highConfidence: true },
  { reason: 'gitlab-token', pattern: rx(`${B}gl(?:pat|dt|rt|ptt|cbt)-[A-Za-z0-9_-]{20,200}${E}`), accept: hasDigit, highConfidence: true },
  {
    reason: 'bearer-token',
    pattern: rx(`(?<pre>${B}Bearer\\s+)(?<secret>${NOT_DONE}[A-Za-z0-9._~+/-]{16,}=*)(?![A-Za-z0-9._~+/=-])`, 'gi'),
    accept: hasLetterAndDigit,
  },
  {
    reason: 'url-credentials',
    pattern: rx(`(?<pre>${B}[A-Za-z][A-Za-z0-9+.-]{1,30}://)(?<secret>${NOT_DONE}[^\\s:/@?#\\[\\]]*:[^\\s/@?#]+)(?<post>@[A-Za-z0-9\\[])`),
  },
  {
    reason: 'connection-string',
    // key=value pairs separated by ';' (ADO.NET, Azure, ODBC): the credential values only.
    pattern: rx(
      `(?<pre>(?:^|[;\\s"'])(?:Password|Pwd|AccountKey|SharedAccessKey|SharedAccessSignature|SharedSecret)=)` +
        `(?<secret>${NOT_DONE}[^;\\s"'()]+)(?=;|\\s*["']|\\s*$)`,
      'gim',
    ),
    accept: isValue,
  },
  {
    reason: 'password',
    // Unquoted `KEY=value` as in env files, URLs and shell lines (no spaces, so code like `token = next()` is left alone).
    pattern: rx(`(?<pre>${KEY}=)(?<secret>${NOT_DONE}[^\\s"'&;,)]+)`, 'gi'),
    accept: isValue,
  },
  {
    reason: 'password',
    // A quoted literal: `password = "…"`, `"token": "…"`, `secret: '…'`.
    pattern: rx(`(?<pre>${KEY}["']?\\s*[:=]\\s*["'])(?<secret>${NOT_DONE}[^\\s"']+)(?=["'])`, 'gi'),
    accept: isValue,
  },
  {
    reason: 'password',
    // `key: value` inside a line, when the value looks like a credential (letters and digits): `api_key: abc123xyz`.
    pattern: rx(`(?<pre>${KEY}[ \\t]*:[ \\t]*)(?<secret>${NOT_DONE}[^\\s"'#,;)]{6,})`, 'gi'),
    accept: (s) => isValue(s) && hasLetterAndDigit(s),
  },
  {
    reason: 'password',
    // A YAML-style line holding one value: `password: hunter2`, `  - api_key: abc123`.
    pattern: rx(`(?<pre>^[ \\t-]*${KEY}[ \\t]*:[ \\t]+)(?<secret>${NOT_DONE}[^\\s"'#]+)(?=[ \\t]*$)`, 'gim'),
    accept: isValue,
  },
  { reason: 'high-entropy', pattern: /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{32,}={0,3}(?![A-Za-z0-9+/=_-])/g, accept: isHighEntropy },
  {
    reason: 'email',
    pattern: /(?<![A-Za-z0-9._%+-]|\/\/)[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-])/g,
    // `git@host:owner/repo` is an ssh remote, not a person.
    accept: (s) => !/^git@/i.test(s),
  },
  {
    reason: 'phone',
    pattern: /(?<![\w+.\-/])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]\d{1,4}){1,5}(?![\w.\-/]|\.\d)|(?<![\w+.\-/])\+\d{8,15}(?![\w.\-/])/g,
    accept: isPhoneNumber,
  },
  {
    reason: 'internal-host',
    pattern: /(?<![A-Za-z0-9.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:internal|corp|lan)(?![A-Za-z0-9-]|\.[A-Za-z0-9])/gi,
  },
  {
    reason: 'private-ip',
    pattern: /(?<![\w.])(?:10(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|172\.(?:1[6-9]|2\d|3[01])(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){2}|192\.168(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){2})(?![\w]|\.\d)/g,
  },
];

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
