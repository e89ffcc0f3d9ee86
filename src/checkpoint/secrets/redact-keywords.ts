/**
 * Credentials named by a keyword (SPEC §9): `password=…`, `"token": "…"`,
 * `var dbPassword string = "…"`, `PASSWORD ?= …`, `<password>…</password>`,
 * `<add key="ClearTextPassword" value="…"/>`, `System.setProperty("db.password", "…")`,
 * `--token …`, `- name: DB_PASSWORD` then `value: …`, `if ("…" == password)`.
 * The scan looks for the keywords only (one fast pass), widens each hit to
 * its whole key (`DB_PASSWORD`, `token1`), then tries the assignment forms at
 * the end of the key. Only the value is redacted.
 */
import { hasConsonantRun, isEncodedText, isHighEntropy, isNameOfParts, isShortCodeWord, isUuid, isWord, isWordy, rarePairs, readsAsNoWord } from './entropy.js';
import { formatMatcher, type Hit } from './secret-format-rules.js';
import { isCodeName, isNotSecret, isNotSecretName, PUBLIC_KEY_NAME, WORDS_WITH_A_NUMBER } from './secret-placeholders.js';
import { escapeIn, isWrittenBreakAt } from './written-escapes.js';
import { lowerCased } from './token-runs.js';
import { lineEndNear } from './redact-windows.js';

/**
 * A password's name in the languages people write notes in: German, Dutch, the Nordic languages, Spanish, Portuguese, French,
 * Polish, Czech and Slovak, Hungarian, Turkish, Russian and Ukrainian, Greek, Hebrew, Arabic, Hindi, Vietnamese, Indonesian and
 * Malay, Japanese, Chinese, Korean.
 */
const PASSWORD_WORDS = [
  'passwort', 'kennwort', 'wachtwoord', 'lösenord', 'passord', 'adgangskode', 'salasana', 'contraseña', 'contrasena', 'senha',
  'mot de passe', 'hasło', 'heslo', 'jelszó', 'şifre(?:si|niz|n)?', 'пароль', 'κωδικός πρόσβασης', 'סיסמה', 'סיסמא', 'كلمة المرور', 'كلمة السر',
  'पासवर्ड', 'mật khẩu', 'kata sandi', 'kata laluan', 'パスワード', '密码', '密碼', '비밀번호', 'รหัสผ่าน', 'parolă', 'lozinka', 'geslo', 'slaptažodis',
];
/**
 * The keywords, in the order they are tried at a position, each starting with its first letter (a letter before `pass`, `dbpass`,
 * is read back from it by the scan; `sig`, `psk` and the weak words look back for the letter they must not follow).
 */
const WORD_ALTERNATIVES = [
  'passw(?:or)?d', ...PASSWORD_WORDS, 'pass[_-]?phrase', 'passcode', 'pepper', 'pwd', 'secret', 'token', 'api[_-]?key', 'apikey', 'access[_-]?key',
  'private[_-]?key', 'credentials?', 'creds', 'auth[_-]?key', 'signing[_-]?key', 'encryption[_-]?key', 'pass(?<=[_a-z]pass)(?![A-Za-z])',
  'bindpw(?![A-Za-z0-9])', 'rootpw(?![A-Za-z0-9])', 'authtok(?![A-Za-z])', 'key(?![A-Za-z0-9])', 'keys(?![A-Za-z0-9])', 'sonar[._-]?login',
  ...['basic', 'digest', 'ntlm'].map((w) => `${w}auth(?=[ \\t]*\\()`), 'x-(?:amz|goog)-signature', 'sig(?<![A-Za-z]sig)(?==)',
  'psk(?<![A-Za-z]psk)(?![A-Za-z])', ...['pass', 'pw'].map((w) => `${w}(?<![A-Za-z]${w})(?![A-Za-z])`), ...['private', 'access', 'auth'].map((w) => `${w}(?<![A-Za-z]${w})(?![A-Za-z0-9])`),
];
/**
 * The alternatives grouped by their first character, each group in the order above: at a position only one group is tried (the
 * scan costs a third less than one list). Two alternatives that start with different characters never match at the same place,
 * so the first to match at each place is the one it was.
 */
function byFirstCharacter(alternatives: string[]): string {
  const groups = new Map<string, string[]>();
  for (const a of alternatives) {
    const first = [...a][0]!;
    groups.set(first, [...(groups.get(first) ?? []), a.slice(first.length)]);
  }
  return [...groups].map(([first, rest]) => `${first.replace(/[-[\]{}()*+?.,\\^$|#]/g, '\\$&')}(?:${rest.join('|')})`).join('|');
}
const WORDS = new RegExp(byFirstCharacter(WORD_ALTERNATIVES), 'gi');
/** The same words in a text lower-cased first: a case-blind search costs several times more. */
const LOWER_WORDS = new RegExp(WORDS.source, 'g');
/** The names `pass` is glued to in a password's key (`dbpass`, `userpass`, `keypass`, `storepass`): the text up to the letter before `pass`. */
const GLUED_PASS = /(?:^|[^a-z])(?:db|user|admin|root|master|smtp|mail|ftp|ldap|redis|mysql|pg|sql|app|api|svc|bind|proxy|store|keystore|truststore|key|require|remote)$/i;
/** `ADMIN_KEY`, `deepgram_key`, `auth`: a weaker keyword (`cache_key`, `sort_key`, `auth: true` are common), whose value must look like a key. */
const isWeakWord = (word: string) => /^(?:keys?|pass|pw|private|access|auth)$/i.test(word);
/**
 * `pass`, `pw` alone as a password's name: given a value with `=` (`PASS=…`, a query's or a form's `&pw=…`), after a colon
 * unless in capitals (`pass: …`, `Pass: …`; `--- PASS: TestIPv6` is a test's result), given a quoted value (`pass: '…'`,
 * nodemailer's `auth: { user, pass }`) or as an entry's key (`<key>PASS</key>`, `"key": "PASS", "value": …`, `key: PASS` then
 * `value: …`).
 */
const passNamed = (text: string, word: string, alone: boolean, keyEnd: number) => {
  if (!alone || !/^(?:pass|pw)$/i.test(word)) return false;
  const after = text.slice(keyEnd, keyEnd + 24);
  return /^[ \t]*=/.test(after) || (word !== word.toUpperCase() && /^:[ \t]+[^\s"'`]/.test(after)) ||
    /^["']?[ \t]*[:=][ \t]*["'`]|^<\/key>|^["'][ \t]*,[ \t]*["']?value["']?[ \t]*:|^[ \t]*\r?\n[ \t]*value[ \t]*:/i.test(after);
};
/**
 * … whose value is then one when typed as a password with a symbol or a digit between its letters (`hunter2x`, `Kq8wPzLt3`, `p@ss!`),
 * not a size, a version or a label (`120px`, `node18`, `fail2`, `x86_64`), arithmetic (`width*2+pad1`) nor words (`pass: 'passed'`).
 */
const passTyped = (v: string) => typedPassword(v) && !isExpression(v) && (/[!@#$%^&*+=?~]/.test(v) || /[A-Za-z]\d+[A-Za-z]/.test(v));
/** `PRIVATE`, `ACCESS` alone name a kind of key (`nimble PRIVATE <token>`): only a generated token follows them. */
const isBareWord = (word: string) => /^(?:private|access)$/i.test(word);
const keyLike = (v: string) =>
  // (Not a name that is an address after words and colons, npm's cache key `make-fetch-happen:request-cache:https://registry.npmjs.org/…`.)
  (v.length >= 16 || (v.length >= 10 && /^[A-Za-z0-9]+$/.test(v))) && /\d/.test(v) && /[A-Za-z]/.test(v) && !ADDRESS_KEY.test(v) && !isWordsAndVersion(v) && !isWordy(v) && !DATE_TIME.test(v) && isValue(v) &&
  // Base64 of plain text (`ZHVtbXkgdGV4dC…` is "dummy text…"): sample data under a generic key.
  !isEncodedText(v.replace(/=+$/, ''));
/** An address, after names in small letters and colons or not: `https://…`, `make-fetch-happen:request-cache:https://…`. */
const ADDRESS_KEY = /^(?:[a-z][a-z-]*:)*[a-z][a-z0-9+.-]*:\/\//;
/** `2024-01-01T00:00:00Z`: a date and a time, never a key. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** `S7C9*L%@8KX+`, `Tr0ub4dor&3`: letters, a digit and a symbol of the ones passwords are asked to hold, 8 to 64 characters. */
/** Letters, a digit and a symbol such as `!`, `#`, `%`, as a password is written (not a reference, not arithmetic). */
const writtenAsPassword = (v: string) => /[A-Za-z]/.test(v) && /\d/.test(v) && /[!@#$%^&*+=?~]/.test(v) && isValue(v) && !isExpression(v);
const passwordLike = (v: string) => v.length >= 8 && v.length <= 64 && writtenAsPassword(v);
/** Both cases, a digit and symbols of any kind, twelve characters at least: a generated password (`9SLYB;Wlm=pZhEIuR^Z,`), not arithmetic. */
const generatedWithSymbols = (v: string) => v.length >= 12 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v) && isValue(v) && !isExpression(v);
/**
 * `width*2+pad1`, `offset+len*4`: names and numbers joined by arithmetic, one a lower-case name. (Names of one style: a capital that
 * starts a later word is a password's, `fable-Shale%67`, `lotus+Rain7`.)
 */
const isExpression = (v: string) => {
  const parts = v.split(/[-+*/%]/);
  return parts.length >= 2 && parts.every((p) => /^(?:\d+(?:\.\d+)?|[A-Za-z_$][\w$.]*)$/.test(p)) && parts.some((p) => /^[a-z_$][a-z0-9_$.]{2,}$/.test(p)) &&
    !parts.slice(1).some((p) => /^[A-Z][a-z]/.test(p));
};
/** `SalesResults-1.2`, `report_v2`, `cache-key-2024`: words with a number or a version, a name rather than a key. */
const isWordsAndVersion = (v: string) =>
  /^[A-Za-z]+(?:[-_.][A-Za-z]+)*[-_.]?v?\d{1,4}(?:[-_.]\d{1,4}){0,3}$/.test(v) && !/[a-z][A-Z][a-z]?\d|\d[A-Za-z]/.test(v) &&
  // A random run of both cases with a digit at its end (`kkeluIspCVGCXNQxPcKCn3`) switches case more often than words do.
  !((v.match(/[a-z][A-Z]/g)?.length ?? 0) >= 3 && !isWordy(v.replace(/[^A-Za-z]/g, '')));
/**
 * A token on its own after a key with no operator (`SECRET abc123…`, `token - '…'`, `Using Key=…`): only a
 * value that reads as a generated credential (16+ characters of letters and digits mixed, no words joined by separators;
 * `Key=VmFYK7WG3Ckg:c*X` may hold punctuation, `wdvn-usa87a-fxp9ioas` digits inside its groups).
 */
const tokenLike = (v: string) =>
  keyLike(v) && /^[A-Za-z0-9+/=_.~:%*#!@^-]+$/.test(v) && !/^[a-z]+\d*(?:[_.:/-](?:[a-z]+\d*|\d+))+$/i.test(v) && !/^v?\d+(?:\.\d+)+/.test(v) &&
  // Punctuation inside (`user:1234:profile`, `tenant:9f8e7d6c:cart` are cache keys, `value%23rest` is URL-escaped): one part must be a long generated run.
  // (Not a package's name, its words and a platform joined by dashes: `pacote:tarball:@rolldown/binding-linux-x64-gnu@1.2.19`.)
  (/^[A-Za-z0-9+/=_.~-]+$/.test(v) || v.split(/(?:[:*#!@^/]|%[0-9A-Fa-f]{2}|%)+/).some((part) => part.length >= 12 && /\d/.test(part) && /[A-Za-z]/.test(part) && !isDashedName(part)));
const isDashedName = (part: string) =>
  part.includes('-') && part.split(/[-.]/).every((w) => PLATFORM_TAG.test(w) || (/^[a-z]{3,}$/.test(w) && /[aeiouy]/.test(w) && rarePairs(w) === 0));
/** A platform's tag in a package's name: its processor or its system. */
const PLATFORM_TAG = /^(?:x64|x86|amd64|arm64|armv[67]l?|aarch64|i[36]86|ppc64(?:le)?|s390x|riscv64|loong64|mips64(?:el)?|win32|win64)$/;
/** The rest of a package's coordinates after its group (`io.jsonwebtoken:jjwt-jackson:0.11.2`, `…:jjwt-api-0.11.2`): a name and a version. */
const isCoordinate = (v: string) => /^[a-z][a-z0-9.-]*[:-]v?\d+(?:\.\d+){1,3}(?:[-.][A-Za-z0-9]+)*$/.test(v);
/**
 * `pbkdf2Sync`, `decodeBase64url`, `crypto.scryptSync`, `get_key_v2`, `base64decode`: a function's name, words joined
 * by case or `_`, or lower case with one number in it.
 */
const isFunctionName = (v: string) =>
  // (A run of digits is one part, `(?!\d)`: split every way it can be, a failed match would cost twice as much a digit.)
  /^(?:[A-Za-z_$][\w$]*\.)*(?:[a-z]+\d*[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,}|\d+(?!\d)[a-z]*)*|[a-z]{2,}(?:_[a-z]{2,}\d*)+|[a-z]{2,}\d{1,3}[a-z]{2,})$/.test(v);
/** Letters (and the marks, blanks, hyphens and apostrophes between words) only. */
const NATURAL_WORDS = /^[\p{L}\p{M}](?:[\p{L}\p{M}'’ .-]*[\p{L}\p{M}])?$/u;
/** A quote, then words of a sentence before the keyword (`"Client `, `"OAuth client `): the key is a phrase, as a translation's is. */
const PHRASE_BEFORE = /(?:^|[\s{,])"[A-Z][A-Za-z]*(?: [A-Za-z]+)* $/;
/** The key of a text shown to a user, named for where it shows: Rails' and Redmine's `field_password`, `label_api_access_key`, `notice_…`. */
const UI_TEXT_KEY = /^(?:label|field|setting|notice|error|text|button|title|hint|placeholder|tooltip|caption|message|msg|prompt|heading|mail_subject)[._]/;
const VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýœıаеёиоуыэюяіїє]/giu;
/**
 * A word as languages spell them: a script without capitals (`シークレット`), or small letters after a capital or two with a vowel in
 * three letters or more, and a letter beyond ASCII (`nøkkel`) or no pair of letters that words never hold (random small letters pass
 * one time in twenty at sixteen).
 */
const isLanguageWord = (w: string) =>
  /\p{Lo}/u.test(w) || (/^\p{Lu}{0,2}\p{Ll}+$/u.test(w) && (w.match(VOWELS)?.length ?? 0) >= w.length * 0.3 && (/[^\x00-\x7f]/.test(w) || rarePairs(w.toLowerCase()) === 0));
/** Words of a language, an acronym among them or not (`Contrasenya`, `API-nyckel`, `OAuth-klientnøkkel`, `Client-Geheimnis`). */
const isLanguageText = (v: string) => {
  const words = v.split(/[ -]/);
  return NATURAL_WORDS.test(v) && words.some(isLanguageWord) && words.every((w) => /^[A-Z]{2,5}$/.test(w) || isLanguageWord(w));
};
/** Whether the key, in quotes (`after` is the character after it), is a phrase or the label `Credentials`. */
const isTranslatedLabel = (lineBefore: string, key: string, after: number) =>
  after === 34 && (PHRASE_BEFORE.test(lineBefore) || (key === 'Credentials' && lineBefore.endsWith('"')));
/** A character of a script written without blanks between words: Han, kana, Thai. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** What may follow the keyword inside the key: `SECRET_KEY`, `token_value`, `password2`. */
const TAIL = '(?:[_.-]?(?:key|value|base|hash|str|string|access[_-]?key))?\\d{0,3}(?![A-Za-z0-9_])';
/** A declared type between key and value: `: string`, Go's ` string`, ` []byte`. */
const TYPE = '(?:[ \\t]*:[ \\t]*(?:string|String|str|&str)|[ \\t]+(?:string|String|\\[\\]byte))?';
/** (`：`, the full-width colon, is how Chinese and Japanese write one: `密码：…`; Ruby's `||=` sets a default, `ENV['X'] ||= '…'`; R assigns with `<-`.) */
const OP = '(?:=>|<-|:::?=|::=|:=|\\?\\?=|\\|\\|=|\\?=|\\.=|\\+=|=(?!=)|:|：)';
/** The field of an entry of its own that holds the key's value: `value`, `default`, `defaultValue`. */
const ENTRY_VALUE = '(?:value|default(?:value)?)';
/**
 * The name of an entry whose value field holds a secret: a password's, a secret's, a credential's, a key's of a kind
 * (`api_key`, `private_key`), a token's of a kind (`access_token`, `apiToken`). Not a bare `token` or `key`: a design token's
 * value is a colour, a parser's a word.
 */
const ENTRY_KEY = /(?:pass(?:w(?:or)?d|phrase)?|pwd|secret|cred(?:ential)?s?|(?:api|access|private|secret|signing|encryption|master|admin)[_-]?key|(?:access|auth|api|bearer|refresh|client|session|bot|admin)[_-]?token)$/i;
/** A literal in an entry's field: not an expression (Azure's `[newGuid()]`), a colour (`#1a2b3c`), nor a mark that it was removed (`*SENSITIVE*DATA*DELETED*`). */
const entryValue = (v: string) => isValue(v) && !/^[[#*]/.test(v);
/** A verb that changes a key, in a sentence: `set to`, `rotated to`. */
const CHANGED = '(?:set|changed|rotated|reset|updated|switched)[ \\t]+to';
/**
 * What joins a key to its value in a sentence, the blanks after it included: `is`, `was set to`, `has been rotated to`,
 * `is now`, `changed to`, `is:`.
 */
const SAYS = `(?:(?:is|was|are|were|will[ \\t]+be|ha(?:s|ve|d)(?:[ \\t]+now)?[ \\t]+been)(?:[ \\t]+now)?(?:[ \\t]+${CHANGED})?|(?:now[ \\t]+)?${CHANGED})(?:[ \\t]*:[ \\t]*|[ \\t]+)`;
/**
 * … in the languages a password's name is known in (German `ist`, Spanish `es`, Portuguese `é`, French `est`, …), `now`
 * after it in theirs too (`ist jetzt`, `es ahora`): before a generated value, or one typed as a password, only.
 */
const SAYS_OTHER = '(?:ist|es|é|est|è|jest|je|är|er|on|adalah|là|hai|hain|هي|هو)(?:[ \\t]+(?:jetzt|nun|ahora|maintenant|désormais|agora|ora|adesso|nu|teraz|nyt|nå))?[ \\t]+';

/**
 * A value in a sentence, up to a blank or a stop: in the quotes of the languages (`« … »`, `„…“`, `「…」`) or a backtick, their
 * full-width commas and stops ending it; a stop before a closing quote is the value's (`„…Xk9!“`).
 */
const SENTENCE_VALUE = `(?:[«“„「『\`][ \\t]?)?(?<v>[^\\s"'\`,;()<>，。；：！？、」』»”“]{4,63}(?:[^\\s"'\`,;()<>.:!?，。；：！？、」』»”“]|[.:!?](?=[\`」』»”“])))(?=[\\s.,;:!?)\\]}"'\`，。；：！？、」』»”“]|$)`;
/** A password's name in one of the other languages, as a sentence writes it (`Mật khẩu`, `kata sandi`, `كلمة المرور`). */
const OTHER_PASSWORD_KEY = new RegExp(`^(?:${PASSWORD_WORDS.join('|')})$`, 'i');

type Form = {
  source: string;
  re: RegExp;
  when?: (lineBefore: string, end: string) => boolean;
  accept?: (value: string) => boolean;
  keys?: RegExp;
  /** Whether the form applies to this key, given its name and the end of the text before it (`the API ` before `key`). */
  named?: (key: string, end: string) => boolean;
  /** The value's test instead of `accept` when the key is an item of a list (`[…, 'KEY', 'value']`). */
  inList?: (value: string) => boolean;
};

/** Words of a message about a password (`Password is required`, `must be at least 8 characters`), never of a passphrase. */
const MESSAGE_WORDS = new Set(('is are was be been must should not no please enter your the at least characters character match matches does do did field ' +
  'empty wrong new confirm reset forgot show hide required invalid incorrect too short long weak strong expired change changed ' +
  'for of to and or with a an this that it you me my our here password passwords passphrase pwd login user username').split(' '));
/** The name of a password or a passphrase, the word on its own or as the last part of the key (`DB_PASSWORD`, `dbPassword`, not `someotherpassword`). */
const PASSWORD_KEY = new RegExp(
  String.raw`(?:^|[_.:-])(?:[Pp]ass(?:w(?:or)?d|[_-]?phrase)?|PASS(?:W(?:OR)?D|[_-]?PHRASE)?|[Pp]wd|PWD|(?:bind|root)pw|(?:BIND|ROOT)PW)$|[a-z]Pass(?:word|phrase)$|^(?:[Pp]w|PW)$` +
    // (A password's name in the other languages, as a sentence writes it: `Passwort`, `PASSWORT`, `senha`, `密码`; in a script written
    // without blanks, after what it is for in Latin letters too: `DBパスワード`, `root密码`.)
    `|^(?:${PASSWORD_WORDS.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}|${w.toUpperCase()}`).join('|')})$` +
    `|^[A-Za-z0-9]{1,12}(?:${PASSWORD_WORDS.filter((w) => !/[a-z ]/i.test(w) && /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(w)).join('|')})$`,
);
/**
 * A label in any language, as a translation file gives one under a password's key (`"repeat_password": "Gjenta passord"`,
 * `"new_password": "Neues Passwort"`, `"Du har tastet feil engangspassord"`): it names a password itself, alone or as the end of a word.
 */
/**
 * Words for "password" a label is written with but no key is named by (English's own, a word of a phrase or inflected: Portuguese
 * `palavra-passe`, Welsh `cyfrinair` and its mutations, Basque `pasahitza`, Finnish `salasanan`, Croatian `lozinku`, Latvian `paroli`,
 * Zulu and Swati `iphasiwedi`, Afrikaans, Swahili, Irish, Estonian).
 */
const LABEL_WORDS = ['passw(?:or)?d', 'palavra-passe', 'yfrinair', 'pasahitz\\p{L}*', 'salasan\\p{L}*', 'lozink\\p{L}', 'paro(?:le|li|ol\\p{L}*)',
  'phasiwedi', 'wagwoord', 'nenosiri', 'nywila', 'pasfhocal', 'contrasenya', 'contrasinal', 'lykilorð', 'парол\\p{L}', 'лозинк\\p{L}'];
// (A word of a compound too, after a dash: `Einmal-Passwort`.)
const NAMES_A_PASSWORD = new RegExp(`(?:^|[ -])\\p{L}{0,20}(?:${[...PASSWORD_WORDS, ...LABEL_WORDS].join('|')})(?=[ ?!.:-]|$)`, 'iu');
const isLabel = (v: string) => NAMES_A_PASSWORD.test(v);
/** A passphrase of a few small words (`open sesame`, `correct horse battery staple`), not a message about one. */
const passphrase = (v: string) =>
  v.length >= 8 && v.length <= 60 && isValue(v) && !isLabel(v) && v.split(' ').every((w) => w !== '' && !MESSAGE_WORDS.has(w.replace(/[^a-z]/g, '')));
const form = (source: string, extra: Omit<Form, 'source' | 're'> = {}): Form => ({ source, re: new RegExp(leadCaptured(source), 'yi'), ...extra });

/**
 * A form's source with what comes before the value (`(?<v>…)`, a part of the
 * sequence, not of an alternative) captured as group 1, the groups after it
 * renumbered: the value starts at `m.index + m[1].length`. (The indices of a
 * match, flag `d`, cost several times the match itself.)
 */
function leadCaptured(source: string): string {
  let depth = 0;
  let inClass = false;
  let split = -1;
  let alternatives = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '|') alternatives ||= depth === 0;
    else if (c === ')') depth--;
    else if (c === '(') {
      if (depth === 0 && split < 0 && source.startsWith('(?<v>', i)) split = i;
      depth++;
    }
  }
  if (split < 0 || alternatives) throw new Error(`a keyword form must hold its value as a part of one sequence: ${source}`);
  const renumber = (part: string) => part.replace(/\\\\|\\(\d+)/g, (all, n: string | undefined) => (n === undefined ? all : `\\${Number(n) + 1}`));
  return `(${renumber(source.slice(0, split))})${renumber(source.slice(split))}`;
}

/** Values of `key=value` that are references or placeholders (`${X}`, `{password!r}`, `%s`), not secrets. */
const REFERENCE = new RegExp(
  '^(?:\\$\\{[A-Za-z_][\\w.]*(?::?[-=?+][^}]*)?\\}?|\\$[A-Za-z_][\\w.]*(?:[-+][^\\s]*)?|\\$\\(.*|%[A-Za-z_]\\w*%|%[-+ #0-9.]*[sdifuxXoeEgGcpqv]|%\\([\\w.]+\\)[sdr]|%\\d+\\$[sd]' +
    '|\\{\\d*\\}|\\{[A-Za-z_][\\w.]*(?:![rsa])?(?::[<>=^]?[-+ ]?#?0?\\d*[,_]?(?:\\.\\d+)?[bcdeEfFgGnosxX%]?)?\\}|<[^>]*>|\\{\\{.*\\}\\}|\\*+|x+|null|none|nil|true|false|yes|no|on|off|enabled|disabled|undefined|changeme' +
    '|\\.{3}|…|(?:process\\.env|os\\.environ|env|ENV|import\\.meta\\.env)[.\\[(].*)$',
  'i',
);
const PATH = /^(?:\/|~\/|\.\.?\/)/;
/** Base64 that happens to start with `/` (`/XrNpA3e06UMDbjB`, `/iSZgy5++xA1+lfm1g`): one segment, or a `+` or padding, in both cases and digits. */
const isSlashBase64 = (s: string) =>
  /^\/[A-Za-z0-9+/]+={0,2}$/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && (/[+=]/.test(s) || s.indexOf('/', 1) < 0);
const URL_VALUE = /^[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\//;
/** Where a key is read from, not the key: `classpath:test-key.pem`, `file:/run/secrets/db`, `certs/server.key`, `keystore.p12`. */
const RESOURCE = /^(?:classpath\*?|file|resource|optional):|^(?:[\w.@~+-]*\/)+[\w.@~+-]*\.(?:pem|key|crt|cer|der|p8|p12|pfx|jks|jceks|keystore|truststore|pub|gpg|asc|ppk)$|^[a-z0-9_.-]+\.(?:pem|key|crt|cer|der|p8|p12|pfx|jks|jceks|keystore|truststore|pub|gpg|asc|ppk)$/i;
/** A number given as a flag (in hex, a C or Java literal's suffix too: `0x00000004L`), or a long option: `--password-stdin` after `-u gitlab-ci-token` is the next flag, not the token's value. */
// (A long option with its value, a number and its unit or a switch, as a sentence names it: `pass --storage.tsdb.max-block-duration=2h to prometheus`.)
const FLAG = /^-?(?:\d{1,5}|0x[0-9a-fA-F]{1,16}(?:[uU]?[lL]{1,2}|[uU])?)$|^--[a-z]+(?:-[a-z]+)*$|^--[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*=(?:\d{1,4}(?:\.\d{1,2})?(?:[smhdwy]|ms|us|ns|[KMGT]i?|[kmgt]b?|%)?|true|false)$/;
/**
 * A version or a range of them (`^9.0.0`, `~1.2`, `>=2.0.0-rc.1`): a dependency's, under a package named for tokens (`jsonwebtoken`).
 * Also as lock files write one: from a registry (yarn's `npm:^9.0.3`, `workspace:^1.0.0`), and with the peers it was resolved with
 * (pnpm's `7.1.0(encoding@0.1.13)`, `19.0.0(<hash of them>)`); and Debian's, with its epoch and its revisions in small letters
 * (`1:4.13+dfsg1-1+deb12u1` of `dpkg -l`).
 */
const VERSION = /^\d{1,2}:\d+(?:\.\d+)+(?:[-+~][a-z0-9.]{1,16})*$|^(?:npm:|workspace:)?(?:[~^=<>]{1,2}v?|v)?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?(?:\((?:@?[\w./-]{1,100}@[\w.^~+-]{1,40}|[0-9a-f]{16,64})\))*$/;

/** A value worth redacting: not a reference, not a small number or a boolean, not a path (unless random like a key). */
export const isValue = (value: string) => {
  // A value already redacted is a placeholder (the tests below say so too, after reading it several ways): told first, since a
  // second look at a line reads the placeholders just written.
  if (value.includes('[REDACTED:')) return false;
  const s = value.replace(/(?:\\[nrt])+$/, '');
  // A URL is judged by the URL rule (only its credentials are secret), never redacted whole.
  return s !== '' && !REFERENCE.test(s) && !FLAG.test(s) && !VERSION.test(s) && !(PATH.test(s) && !isHighEntropy(s) && !isSlashBase64(s)) && !URL_VALUE.test(s) && !RESOURCE.test(s) && !isNotSecret(s);
};
export const hasLetterAndDigit = (s: string) => /[A-Za-z]/.test(s) && /\d/.test(s);
/**
 * Letters alone in both cases that read as no name (`yclebUbRspUGqYhy`, `CSufXHhndSgNPTtW`): sixteen or more, turning case six
 * times or more, no word of code (`getElementsByTagName`), two pairs of letters that words never hold or a run of consonants they
 * never hold. A generated value
 * of sixteen letters and digits holds no digit one time in sixteen.
 */
export const isRandomLetters = (s: string) => {
  // (Base64's `+` and `/`, base64url's `-` and `_`, a few among them: `MIRIbyxciN_JmtpX`.)
  if (s.length < 16 || !/^[A-Za-z][A-Za-z+/_-]*[A-Za-z]$/.test(s) || (s.match(/[+/_-]/g)?.length ?? 0) > 3 || !/[a-z]/.test(s) || !/[A-Z]/.test(s)) return false;
  const letters = s.replace(/[+/_-]/g, '');
  // (Random letters in both cases turn from one case to the other every second letter or so; a name or a compound word only at its
  // words' starts: `mountPropagation`, `Authentifizierungstoken`, `RSAPrivateCrtKey`.)
  const turns = letters.match(/[a-z](?=[A-Z])|[A-Z](?=[a-z])/g)?.length ?? 0;
  return turns >= 6 && (rarePairs(letters) >= 2 || hasConsonantRun(letters)) && !isWordy(s) && !isCamelName(letters);
};
/**
 * … and, for a value that no key names a secret (an environment file's line under a service's name), letters that cut where a
 * capital starts a word give parts of under three letters on average, or short parts that no word holds, three of them or two
 * under 3.3 letters on average; a name's parts are words, whatever pairs its joints make (`getAllDocumentsByKey`,
 * `convertTypeAcquisitionFromJson`).
 */
export const hasRandomParts = (s: string) => {
  const letters = s.replace(/[^A-Za-z]/g, '');
  const parts = letters.match(CAMEL_PART) ?? [];
  const average = letters.length / Math.max(1, parts.length);
  if (average < 3) return true;
  const noWords = average < 4 ? parts.filter((p) => p.length >= 2 && !/^[A-Z]+$/.test(p) && !isShortCodeWord(p) && readsAsNoWord(p)).length : 0;
  return noWords >= 3 || (noWords === 2 && average < 3.3);
};
/** A name's parts: a run of capitals not before a small letter (an acronym), or small letters with the capital before them. */
const CAMEL_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g;
/**
 * Code more often than a literal, unquoted: a name of letters with no digit (`token = element`, `token = next_token`,
 * `password = getPassword`, `secret = this.secret`). A quoted word is a literal, judged as one.
 */
/** A call's arguments, names, numbers or quoted words, then what ends the expression: `(underlying);`, `(address(this)).`. */
const CALL_ARGUMENTS = /^\((?:[ \t]*(?:[A-Za-z_$][\w$.]*(?:\([\w$.]*\))?|\d+|"[^"\n]{0,40}"|'[^'\n]{0,40}')[ \t]*(?:,|(?=\))))*\)(?:[ \t]*(?:[;,.)]|$)|\s)/;
/**
 * A name whose numbers are all parts of words (`standard_b64encode`, `_get_end2end_headers`), and whose other parts are words
 * with a vowel and no rare pair of letters (not `k8s_admin2024`, nor `e2e_` before random letters).
 */
const isWordsAroundNumbers = (v: string) =>
  v.replace(WORD_NUMBER, '_').split(/_+|(?<=[a-z])(?=[A-Z])/).every((w) => w === '' || (/^[A-Za-z]+$/.test(w) && /[aeiouy]/i.test(w) && rarePairs(w) === 0));
/** Numbers that are part of a word in code's names, whole: `b64encode`, `utf8`, `x509`, `k8s`, `sha256`, `int64`, `end2end`. */
const WORD_NUMBER = new RegExp(`(?<![A-Za-z0-9])(?:${WORDS_WITH_A_NUMBER.join('|')})(?![a-z0-9])`, 'gi');
/**
 * A language model's special token: `[MASK2]`, `<|endoftext|>`, `<SUF>`, `|SPEAKER|`, SentencePiece's `▁` before it or not. A word of one
 * case, short, a number of two digits at most at its end: `[D8DE9CB1…]` is a value in brackets.
 */
const SPECIAL_TOKEN = /^▁?(?:\[[A-Z][A-Z_]{1,15}\d{0,2}\]|<\|?[A-Za-z][a-z_]{1,15}\d{0,2}\|?>|<\|?[A-Z][A-Z_]{1,15}\d{0,2}\|?>|\|[A-Z][A-Z_]{1,15}\d{0,2}\|)$/;
/** What a sentence goes on with after naming a login and a password (`login and password exists`, `… are required`). */
const PROSE_AFTER_LOGIN = /^(?:exists?|is|are|was|were|will|must|should|can|cannot|do|does|did|fields?|required|missing|removed|incorrect|invalid|wrong|empty|matche?s?|after|before|from|for|with|to|of|in|on|at|by)$/;
/** A template's arguments after its name: types' names (`<asio::deferred_t>`, `<executor_type>`, `<>`), not an element of HTML. */
const TEMPLATE_ARGUMENTS = /^<(?!\/|(?:br|p|b|i|a|u|s|em|hr|li|ul|ol|td|tr|th|div|span|img|code|pre|strong|small|sub|sup|h[1-6])\b)(?:[A-Za-z_:][\w:]*(?:<[\w:, *&]*>)?(?:[ \t]*,[ \t]*[A-Za-z_:][\w:]*)*)?>/i;
/** A type hint of Python's `typing`, or a built-in collection's with its items' types: `Optional[str]`, `dict[str, Any]`. */
const TYPE_HINT = /^(?:typing\.)?(?:Optional|Union|List|Dict|Tuple|Set|FrozenSet|Callable|Type|Sequence|Mapping|Iterable|Iterator|Awaitable|Literal|Annotated|NotRequired|Required|ReadOnly|ClassVar|Final|list|dict|tuple|set|frozenset|type)\[/;
/** A class named for the kind of thing it holds: `OAuth2Token`, `JiraOauth2Token`, `X25519PrivateKey`, `PyCredHandle`. */
const KIND_TYPE = /^[A-Z][A-Za-z0-9]*[a-z0-9](?:Token|Key|Credentials?|Handle)$/;
const isIdentifier = (s: string) => s.length >= 2 && /^[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][A-Za-z_$]*)*$/.test(s);
const credentialLike = (s: string) => isValue(s) && (hasLetterAndDigit(s) || (s.length >= 10 && /[^A-Za-z]/.test(s)));

// (An .npmrc key scoped to its registry, `//registry.npmjs.org/:_authToken = …`, starts its line too.)
// (A line as grep prints it is one too, after its file's path and line number: `./config/database.yml:14:  password: …`; and a
// REST client's variable, `@adminPassword = …`.)
const lineStart = (before: string) =>
  /^(?:[\w.~-]*[/.][\w./~-]*:(?:\d{1,7}:)?)?[ \t]*(?:(?:#+|\/\/|;+|--)[ \t]*)?(?:export[ \t]+|set[ \t]+|ENV[ \t]+|ARG[ \t]+|-[ \t]+|@)?["']?$|^[ \t]*\/\/[^\s=]*:$/.test(before);

/**
 * The last 40 characters of the text before a key (and the blanks and quotes after them), for a test anchored at its end (`…name: $`): a regular expression
 * ending in `$` is tried from every position of what it is given. A cut text begins with a NUL, never a line's start.
 */
const tail = (b: string) => {
  // (The blanks and quotes right before the key are kept whole: `- name:` or `key=` and 40 spaces still name a field.)
  let i = b.length;
  while (i > 0 && ' \t"\'`'.includes(b[i - 1]!)) i--;
  return i > 40 ? `\0${b.slice(i - 40)}` : b;
};

/** Words a sentence goes on with after naming an option (`the -token argument`, `-secret values are sent`). */
const PROSE_AFTER_OPTION = /^(?:values?|arguments?|flags?|options?|parameters?|fields?|settings?|is|are|was|were|and|or|to|the|a|an|of|in|on|for|with|not|will|can|must|should|when|if|as)$/i;

/** The forms tried at the end of a key, first match wins. */
/** A call named for a credential, given a user and then the credential: `NetworkCredential("user", "…")`, `HTTPBasicAuth('user', '…')`. */
const CREDENTIAL_CALL = `${TAIL}\\w{0,20}[ \\t]*\\([ \\t]*(?:(["'])[^"'\\n]{0,100}\\1|[Ss]tring\\.Empty|null|None|nil)[ \\t]*,[ \\t]*(["'])(?<v>[^"'\\s]{4,300})\\2`;
const FORMS: Form[] = [
  // <password>…</password>, <db.password attr="x">…</db.password>, and the value on a line of its own between the tags
  form(`${TAIL}(?:[ \\t][^>\\n]*)?>[ \\t]*(?:\\r?\\n[ \\t]*)?(?<v>[^<\\s]{1,300})\\s*</`, { when: (b) => b.endsWith('<') }),
  // … and an element named for a secret whose value is in a `<Value>` element of its own: Windows' answer files
  // (`<AdministratorPassword>` then `<Value>…</Value>` and `<PlainText>true</PlainText>`; also as grep and Select-String print the
  // lines, each after its file and number: `> autounattend.xml:42:   <Value>…`.)
  form(`${TAIL}(?:[ \\t][^>\\n]*)?>\\s{0,80}(?:>?[ \\t]*[^\\s:<>]{1,200}[:-]\\d{1,7}[:-][ \\t]{0,80})?<${ENTRY_VALUE}>[ \\t]*(?<v>[^<\\s]{1,300})[ \\t]*</`, { when: (b) => b.endsWith('<'), keys: ENTRY_KEY, accept: entryValue }),
  // Jenkins' credentials.xml: <secret>{AQAAABAAA…}</secret>, and a value written with a label inside the braces, `{name AQAAABAAA <key>}`
  form(`${TAIL}(?:[ \\t][^>\\n]*)?>[ \\t]*(?:\\r?\\n[ \\t]*)?(?<v>\\{[^{}<\\n]{8,300}\\})[ \\t]*</`, {
    when: (b) => b.endsWith('<'),
    accept: (v) => isValue(v) && v.slice(1, -1).split(/[ \t]+/).some((w) => w.length >= 8 && hasLetterAndDigit(w) && !isNotSecret(w)),
  }),
  // <param name="password">…</param>: the element named by its attribute holds the value.
  // (Letters and digits mixed: Android's `<string name="password">Kennwort</string>` is a translated label.)
  form(`${TAIL}"[^<>\\n]{0,100}>[ \\t]*(?<v>[^<\\s]{1,300})[ \\t]*</`, {
    when: (b) => b.endsWith('"') && /<[\w:.-]+[ \t][^<>\n]*\b(?:name|key)[ \t]*=[ \t]*"$/i.test(b),
    accept: (v) => isValue(v) && hasLetterAndDigit(v),
  }),
  // <add key="ClearTextPassword" value="…"/>, <entry name="token" value="…">
  form(`${TAIL}"[ \\t]+value[ \\t]*=[ \\t]*"(?<v>[^"\\n]{1,300})"`, { when: (b, t) => b.endsWith('"') && /(?:key|name)[ \t]*=[ \t]*"$/i.test(t) }),
  // A name and its value as two fields of one entry: Kubernetes' `- name: DB_PASSWORD` then `value: …`, `{"key": "password", "value": "…"}`,
  // `<key>password</key><value>…</value>` (the value on the same line or one of the next three, comments between).
  form(`${TAIL}["']?[ \\t]*(?:,[ \\t]*)?(?:(?:(?:#|//)[^\\n]{0,200})?\\r?\\n[ \\t]*){0,3}["']?(?:value|Value|VALUE|ParameterValue)["']?[ \\t]*[:=][ \\t]*(["']?)(?<v>[^\\s"'\`,{}]{1,300})\\1[ \\t]*(?=[,}\\r\\n]|$)`, {
    when: (_, t) => /(?:^|[\s{,(-])["']?(?:name|key|Name|Key|NAME|KEY|ParameterKey|variable)["']?[ \t]*[:=][ \t]*["']?$/.test(t),
  }),
  // (… and a property list's `<key>ClientSecret</key>` then `<string>…</string>`.)
  form(`${TAIL}</(?:key|name)>\\s{0,80}<(?<tag>value|string|data)>[ \\t]*(?<v>[^<\\s]{1,300})[ \\t]*</\\k<tag>>`, { when: (b, t) => b.endsWith('>') && /<(?:key|name)>$/.test(t) }),
  // A quoted literal: password = "…", "token": "…", token := "…", 'password' => '…', ("db.password", "…"), password "…", secret != "…"
  // (also with its quotes escaped, as code reads inside a JSON string: `"password = \"…\""`)
  // (Markdown's bold around the name or the operator: `**API key:** \`…\``.)
  // (A blank pasted inside the quotes on either side, `' Xk9f…= '`, is not the value's.)
  form(`${TAIL}\\\\?["'\`]?\\]?(?:\\*\\*|__)?${TYPE}[ \\t]*${OP}[ \\t]*(?:(?:\\*\\*|__)[ \\t]*)?(?:[@rbuf])?(\\\\?["'\`])[ \\t]?(?<v>[^"'\`\\s]{1,300}?)[ \\t]?\\1`),
  // … and a generated value in quotes that holds the other quotes among its symbols (`jwtsecret: "7`D'}/vYR)T;…"`, `'…"…'`).
  form(`${TAIL}["']?\\]?${TYPE}[ \\t]*${OP}[ \\t]*(["'])(?<v>(?:(?!\\1)\\S){16,300})\\1`, { accept: (v) => /["'`]/.test(v) && !/[$#]\{|\{\{/.test(v) && isValue(v) && hasLetterAndDigit(v) }),
  // A passphrase in quotes: password = "open sesame" (the password keywords only: a token or a key has no spaces)
  form(`${TAIL}["'\`]?${TYPE}[ \\t]*(?:=>|:=|=(?!=)|:(?=[ \\t]))[ \\t]*(["'])(?<v>[a-z0-9!@#$%^&*._-]+(?: [a-z0-9!@#$%^&*._-]+){1,5})\\1`, {
    // The word on its own or as the last part of the key (`DB_PASSWORD`, `dbPassword`), not glued to others (`someotherpassword`).
    keys: PASSWORD_KEY,
    accept: passphrase,
  }),
  // … and unquoted, to the end of a setting's line: an app password as Google gives it, four groups of four small letters
  // (`password       vskg hxyv alzu vxjh` in an msmtprc, `password: … ` in an application.yml), and a passphrase of three words or more
  // under a passphrase's name (`gpg_passphrase = quince newt rotor 649`).
  form(`${TAIL}["']?(?:[ \\t]*[=:][ \\t]*|[ \\t]+)(?<v>[a-z]{4}(?: [a-z]{4}){3})(?=[ \\t]*\\r?(?:\\n|$))`, {
    when: (b) => lineStart(b),
    keys: PASSWORD_KEY,
    accept: (v) => v.split(' ').filter(isWord).length <= 1,
  }),
  form(`${TAIL}["']?(?:[ \\t]*[=:][ \\t]*|[ \\t]+)(?<v>[a-z0-9]+(?: [a-z0-9]+){2,7})(?=[ \\t]*\\r?(?:\\n|$))`, {
    when: (b) => lineStart(b),
    keys: /phrase$/i,
    accept: passphrase,
  }),
  // (Also given as the default of a setting read by its name: `env("SECRET_KEY", default="…")`, `config('API_TOKEN', default='…')`.)
  // (In a list, the next item is the key's value only when generated: `['SECRET_KEY', 'Xk9f…']`, not `['data-secret', 'data-config']`.)
  form(`${TAIL}["'\`][ \\t]*,[ \\t]*(?:default[ \\t]*=[ \\t]*)?(?:[@rbuf])?(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, { when: (b) => /["'\`]$/.test(b), accept: (v) => credentialLike(v) && !isNameOfWords(v), inList: tokenLike }),
  // … and Gradle's `buildConfigField("String", "API_KEY", "\"…\"")`: the literal written with its quotes escaped inside a string.
  form(`${TAIL}["'][ \\t]*,[ \\t]*"\\\\"(?<v>[^"\\\\\\s]{1,300})\\\\""`, { when: (b) => /["']$/.test(b), accept: credentialLike }),
  form(`${TAIL}[ \\t]*(?:!==?|===?)[ \\t]*(?:[@rbuf])?(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, { accept: credentialLike }),
  // … and a password compared with a word (`password == 'letmein'`): a login written into the code.
  form(`${TAIL}[ \\t]*(?:!==?|===?)[ \\t]*(?:[@rbuf])?(["'\`])(?<v>[A-Za-z][^"'\`\\s]{5,63})\\1`, { keys: PASSWORD_KEY, accept: isValue }),
  form(`${TAIL}[ \\t]+(["'])(?<v>[^"'\\s]{1,300})\\1`, { accept: credentialLike }),
  // A test's assertion of the value: `assertThat(app.getClientSecret(), equalTo("…"))`, `expect(config.apiKey).toBe('…')`.
  form(`${TAIL}(?:\\(\\))?\\)?[ \\t]*(?:,[ \\t]*(?:equalTo|is|eq)\\(|\\.(?:toBe|toEqual|toStrictEqual|isEqualTo|equals)\\()[ \\t]*(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, {
    accept: credentialLike,
  }),
  // A getter named for the key that returns a literal: `func getApiToken() string { return "…" }`, `def api_key(self): return '…'`,
  // `public String getSecret() {` then `return "…";` on the next line, Go's `func getToken() (string, error) {` then `return "…", nil`.
  // (A generated value only: an algorithm's name, `AES/CBC/PKCS5Padding`, a host and port, a cookie's name are constants.)
  form(`${TAIL}[ \\t]*\\([^()\\n]{0,60}\\)[ \\t]*(?:(?:->|:)[ \\t]*)?(?:(?:[\\w.<>[\\]]{1,30}|\\([\\w .,*[\\]]{1,40}\\))[ \\t]*)?[:{][ \\t]*(?:\\r?\\n[ \\t]*)?return[ \\t]+(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, {
    accept: generatedInSentence,
  }),
  // … a function whose body is the literal, Kotlin's `fun getApiKey() = "…"`, `fun apiKey(): String = "…"`;
  form(`${TAIL}[ \\t]*\\([^()\\n]{0,60}\\)[ \\t]*(?::[ \\t]*[\\w.<>?[\\]]{1,30}[ \\t]*)?=(?![=>])[ \\t]*(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, {
    accept: generatedInSentence,
  }),
  // … and a property's getter: Kotlin's `val apiToken: String` then `get() = "…"`, Swift's `var apiKey: String { return "…" }` or
  // `{ "…" }` (its type written), C#'s `string ApiKey { get { return "…"; } }`. (Blanks bounded: each run is tried once.)
  form(`${TAIL}(?:[ \\t]{0,8}:[ \\t]{0,8}[\\w.<>?[\\]]{1,30})?(?:\\r?\\n[ \\t]{0,40}get\\(\\)[ \\t]{0,8}=|[ \\t]{0,8}\\{[ \\t]{0,8}(?:get[ \\t]{0,8}\\{[ \\t]{0,8})?return[ \\t]{1,8})[ \\t]{0,8}(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, {
    accept: generatedInSentence,
  }),
  form(`${TAIL}[ \\t]{0,8}:[ \\t]{0,8}[\\w.<>?[\\]]{1,30}[ \\t]{0,8}\\{[ \\t]{0,8}(["'\`])(?<v>[^"'\`\\s]{1,300})\\1(?=[ \\t]{0,8}\\})`, {
    accept: generatedInSentence,
  }),
  // token - '…' (a log or a note that lists credentials)
  form(`${TAIL}["']?[ \\t]+-[ \\t]+(["'])[ \\t]?(?<v>[^"'\\s]{1,300})[ \\t]?\\1`, { accept: credentialLike }),
  // A line of its own whose value holds what the forms below stop at (`SECRET_KEY=r&lv(by)zr#1*k+…`, `password = p@ss(w0rd)`,
  // `secret_key: r&lv(by)zr#1*k+9q`, a generated key's symbols): the rest of the line, when it is written as a password is (letters,
  // digits and symbols) and is no call or index (`password=getpass()`, `token=tokens[i]`). Tried before them: a value cut at its
  // first bracket would be redacted in part, the rest of it left in the text.
  // (A comment after blanks may follow it: `tower_token=@gAd…&LLV…  # ansible tower`.)
  form(`${TAIL}["']?[ \\t]*(?:=|:=|\\?=|:(?=[ \\t]))[ \\t]*(?<v>[^\\s"'\`]{8,300})(?:[ \\t]*(?=\\r?\\n|$)|[ \\t]+(?=#))`, {
    when: lineStart,
    // (Or generated with any symbols: both cases, a digit, twelve characters at least, `}IQkQNG,DXBFPB2Unzd:`, and no call, member
    // or composite literal in it, `slices.Collect(maps.Values(users))[0]`, `ApiKey{Value:v1};`.)
    accept: (v) => /[(){}[\],;#&<>]/.test(v) && (writtenAsPassword(v) || (generatedWithSymbols(v) && !/[A-Za-z_$][\w$]*\(|\.[A-Za-z_$]|^[&*~]?[A-Za-z_$]?[\w$.]*\{/.test(v))) && !/^[A-Za-z_$][\w$.]*\(.*\)$/.test(v) && !isCodeName(v) && !/^[[{(<]/.test(v),
  }),
  // … and inside a line, a value that holds `&` not followed by a query's next name (libpq's `host=db password=5-ZA&y#v_c7f dbname=app`):
  // a password's symbol, not a URL's separator (`?password=…&user=…` ends at it).
  // (Also before the next of Helm's settings, `--set "auth.password=Le*&x6p^,auth.database=app"`, and with `&` first, `=&kf9R6zb7rNy`.)
  form(`${TAIL}(?:=|:=)(?<v>(?=[^\\s"'\`&;,()<>\\]{}]*&)(?:&(?![\\w.-]*=))?[^\\s"'\`&;,()<>\\]{}]+(?:&(?![\\w.-]*=)[^\\s"'\`&;,()<>\\]{}]+)*)(?=[\\s"'\`]|$|,[\\w.-]+=)`, {
    // (Not a query's flag after it, `?token=abc123&debug`.)
    accept: (v) => writtenAsPassword(v) && !isCodeName(v) && !v.split('&').slice(1).some((part) => /^[A-Za-z_]+$/.test(part)),
  }),
  // KEY=value with nothing around `=` (env files, URLs, shell lines); a `}` ends the value unless it closes a `{` inside it.
  form(`${TAIL}["']?(?:=|:=)(?<v>%\\([\\w.]+\\)[a-z]|(?=[^\\s"'\`&;,()<>\\]}])[^\\s"'\`&;,()<>\\]{}]*(?:\\{[^\\s"'\`&;,()<>\\]}]*\\}|[^\\s"'\`&;,()<>\\]}]*))`),
  // A Dockerfile's `ENV KEY value` (the older form, a space for `=`), csh's `setenv KEY value`, fish's `set -x KEY value`: the rest of the line is the value.
  form(`${TAIL}[ \\t]+(["']?)(?<v>[^\\s"'\`]+)\\1[ \\t]*(?=\\r?\\n|$)`, { when: (b) => /^[ \t]*(?:ENV|setenv|set(?:[ \t]+-[A-Za-z]+)+)[ \t]+$/.test(b), accept: credentialLike }),
  // (… and a password's, as its `=` form takes it: `ENV DB_PASSWORD sunshine` is `ENV DB_PASSWORD=sunshine`.)
  form(`${TAIL}[ \\t]+(["']?)(?<v>[^\\s"'\`]+)\\1[ \\t]*(?=\\r?\\n|$)`, { when: (b) => /^[ \t]*(?:ENV|setenv|set(?:[ \t]+-[A-Za-z]+)+)[ \t]+$/.test(b), keys: PASSWORD_KEY }),
  // --password value, -Password "value", machine h login u password value
  // (A word of prose after an option named in a sentence is no value: `Fixed -secret values not being sent`, `-token argument present`.)
  form(`${TAIL}[ \\t]+(["']?)(?<v>[^\\s"'\`]+)\\1(?![^\\s;|&)])`, {
    when: (b, t) => /(?:^|\s)--?$/.test(t) || (/[ \t]$/.test(b) && /\b(?:machine|login)[ \t]+\S+[ \t]+$/.test(b)),
    accept: (v) => isValue(v) && !PROSE_AFTER_OPTION.test(v),
  }),
  // A line of its own: PASSWORD ?= value, password: value, aws_secret_access_key = value
  // (`#` or `;` inside the value is part of it, `pA#s;w0rd`; after a space it starts a comment, `value  # rotated in May`).
  form(`${TAIL}["']?[ \\t]*(?:\\?=|:::?=|::=|\\+=|=|:|：)[ \\t]*(?<v>[^\\s"'\`#;(),]+(?:[#;]+[^\\s"'\`#;(),]+)*)(?:[ \\t]*(?=\\r?\\n|$)|[ \\t]+(?=[#;]))`, {
    when: lineStart,
    accept: (v) => isValue(v) && !isIdentifier(v),
  }),
  // Make's and Go's operators inside a line: `DEPLOY_TOKEN ?= value`, `token := value`.
  form(`${TAIL}[ \\t]*(?:\\?=|:::?=|::=|:=|\\+=)[ \\t]*(?<v>[^\\s"'\`#;(),]+)`, { accept: (v) => isValue(v) && !isIdentifier(v) }),
  // … and a hash's `=>` (Ruby's, Perl's, PHP's) given a bare value that reads as a credential: `api_token => hj65…`.
  // (Not code: a list, a class's name, `[\\Illuminate\\Auth\\…::class`.)
  form(`${TAIL}["']?[ \\t]*=>[ \\t]*(?<v>[^\\s"'\`#;(),[\\]{}\\\\$.]+)(?![^\\s"'\`#;(),[\\]{}\\\\$]|[[\\\\:({.])`, { accept: credentialLike }),
  // key: value inside a line, when the value looks like a credential: `api_key: abc123xyz`, `**Token:** abc123xyz`.
  // (Letters alone too when they read as no name: `token: VzWabnZUcTsjuXrq`.)
  form(`${TAIL}["']?(?:\\*\\*|__)?[ \\t]*[:：][ \\t]*(?:(?:\\*\\*|__)[ \\t]*)?(?<v>[^\\s"'#,;()]{6,})`, { accept: (v) => isValue(v) && (hasLetterAndDigit(v) || isRandomLetters(v)) }),
  // A credential passed as the second argument of a call named for one: NetworkCredential("user", "…"), setCredentials('user', '…'),
  // HTTPBasicAuth('user', '…')
  // (The user may be empty: `new NetworkCredential("", "…").SecurePassword`, `string.Empty`, `null`.)
  // (A call named for a token or a key takes a generated value only: ProseMirror's `new state.Token("video", "video", 0)` makes a token of a document.)
  form(CREDENTIAL_CALL, { keys: /pass|pwd|cred|auth/i }),
  form(CREDENTIAL_CALL, { accept: (v) => credentialLike(v) && !isNameOfWords(v, true) }),
  // … and a user and a password given to `auth` as a pair: `auth=("user", "…")` (Python's requests), `auth: ['user', '…']`.
  // (The pair names the credential, not the weak word `auth`: a password with a symbol, `xibGe5MA6BN!OTyH_`, is one.)
  form(`${TAIL}[ \\t]*[=:][ \\t]*[([][ \\t]*(["'])[^"'\\n]{1,100}\\1[ \\t]*,[ \\t]*(["'])(?<v>[^"'\\s]{4,300})\\2`, {
    keys: /(?:^|[._])auth$/i,
    named: () => true,
    accept: (v) => credentialLike(v) || passwordLike(v),
  }),
  // Prose: the password is 'Secret123', the default password for user "x" is "y".
  form(`${TAIL}(?:[ \\t]+(?:for|of)[ \\t]+[^\\n"'=:]{0,20}(?:["'][^"'\\n]{1,40}["'])?)?[ \\t]+${SAYS}(\\\\?["'\`])(?<v>[^"'\`\\s]{3,100})\\1`),
  // … and a generated value without quotes: `the API token is 9f3Kx2…`, `my password was Tr0ub4dor&3x` (a sentence's full stop is not part of it).
  // (A strong keyword, or `key` after a word that makes it one: `the cache key is …` names no credential. The value switches between
  // letters and digits as generated text does: `PBKDF2WithHmacSHA256`, `base64url-encoded`, `AES256GCM` are names.)
  // (Also of what it is for: `the password for the staging db is Xk9f…`.)
  form(`${TAIL}(?:[ \\t]+(?:for|of)[ \\t]+[^\\n"'=:]{0,20})?[ \\t]+(?:${SAYS}|${SAYS_OTHER})(?<v>[^\\s"'\`,;()<>]{11,299}[^\\s"'\`,;()<>.:!?])(?=[\\s.,;:!?()<>\\]}"'\`]|$)`, {
    named: namedInSentence,
    accept: generatedInSentence,
  }),
  // … and a password as people type one (letters with a digit or a symbol: `hunter2`, `Passw0rd`) after a password's name in a
  // sentence, `the password is hunter2`, `root password on the NAS is Qx3vY8hK`, or after the name alone, `use password hunter2x9`.
  // (Not a type, `password varchar2(100)`, nor an algorithm, `password argon2id hashing`.)
  // (The name may be code in backticks, `` `DB_PASSWORD` in `.env` is `…` ``.)
  // (Polish's `to` after what it is for or after `hasło`, `hasło do VPN to …`: in English, `password to server01` names what it opens.)
  // (Also what it is for, in a few words up to a comma or the verb, then a colon: `pw for the vm: …`, `Passwort für den Server: …`, `Senha do banco: …`, `Пароль от админки: …`,
  // an apostrophe inside its words, `le mot de passe de l'admin est …`; and Chinese, Japanese and Korean, where `is` follows the name
  // unspaced: `密码是…`, `パスワードは \`…\` です`. The value may stand in the quotes of those languages, `« … »`, `「…」`, and their
  // full-width commas and stops end it: `密码是 …，用户名 root`; a stop before a closing quote is the value's, `„…Xk9!“`.)
  form(`${TAIL}\`?(?:[ \\t]+(?:for|of|in|on|at|für|vom|zum|zur|des|pour|para|per|di|voor|van|för|till|do|da|de|del|du|dla|от|для)[ \\t]+(?:(?![ \\t](?:is|was|are|were|ist|est|es|é|è|jest|är)[ \\t])(?:[^\\n"'=:,]|(?<=[A-Za-zÀ-ÿ])'(?=[A-Za-zÀ-ÿ]))){0,40}(?:[ \\t]+to(?=[ \\t]))?)?(?::[ \\t]*|[ \\t]+(?:${SAYS}|${SAYS_OTHER})?|(?<=[Hh]as[łl]o)[ \\t]+to[ \\t]+|(?:是|为|は|는|은)[ \\t]*)${SENTENCE_VALUE}`, {
    keys: PASSWORD_KEY,
    named: namedInSentence,
    accept: typedPassword,
  }),
  // … and in the other languages, what it is for in words without a preposition before the colon or the verb, or a dash: `Mật khẩu DB
  // production là …`, `kata sandi akun AWS root: …`, `كلمة المرور للخادم هي …`, `пароль от сервера — …` (or `-`).
  form(`${TAIL}(?:[ \\t]+[^\\n"'=:,<>()]{1,40}?)?(?::[ \\t]*|[ \\t]+(?:${SAYS_OTHER}|[—–-][ \\t]+))${SENTENCE_VALUE}`, {
    keys: OTHER_PASSWORD_KEY,
    named: () => true,
    accept: typedPassword,
  }),
  // A sentence that sets the key, its verb before it: `rotate the token to 9f3K…`, `Set the password to "Xk9…!"`, `I changed my API key to …`.
  // (A sentence's stop after the value is not the value's, but one before its closing quote is: `` set it to `…Xk9!` so … ``.)
  form(`${TAIL}[ \\t]+to[ \\t]+(["'\`]?)(?<v>[^\\s"'\`,;()<>]{11,299}(?:[^\\s"'\`,;()<>.:!?]|[.:!?](?=["'\`])))\\1(?=[\\s.,;:!?()<>\\]}"'\`]|$)`, {
    when: (_, t) => SETS_BEFORE.test(t),
    named: namedInSentence,
    // (… or written as a password is, letters, a digit and a symbol: `set DB_PASSWORD to \`G!m6hN6O8Lree…\``.)
    accept: (v) => generatedInSentence(v) || passwordLike(v),
  }),
  // key = value; (a statement), key = value inside a line when the value reads as a generated token
  // (The statement's value is read up to 300 characters, as a quoted one is: a form that must find its `;` after a value
  // read to the end of a long run would read it again for every key inside it.)
  form(`${TAIL}["']?[ \\t]*=[ \\t]*(?<v>[^\\s"'\`#;(),\\[\\]{}<>]{1,300})[ \\t]*;`, { accept: (v) => isValue(v) && !isIdentifier(v) }),
  form(`${TAIL}["']?[ \\t]+=[ \\t]+(?<v>[^\\s"'\`#;(),\\[\\]{}<>]+)`, { accept: (v) => (keyLike(v) || passwordLike(v)) && !/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v) }),
  // A generated token after the key with no operator: `SECRET abc123…`, `api key: Xyz…`, `Using Key=…` (weak keys), and after the
  // words that go on naming it, with one (`aerisweather SECRET KEY=…`, `ACCESS TOKEN: …`).
  form(`${TAIL}["']?(?:[ \\t]+(?:key|token|secret|id|access|private)){0,2}(?:[ \\t]+|[ \\t]*\\r?\\n[ \\t]*|(?<=[ \\t](?:key|token|secret|access|private))[ \\t]*[:=][ \\t]*)["']?(?<v>[A-Za-z0-9+/=_.~-]{16,300})(?![^\\s"',;()\\]}])`, {
    // A random string the entropy rule takes anyway is left to it: counted as what it is.
    // (Not a file system named by its id or its label, under a column's head that ends its line: fstab's `pass`, then `UUID=2cda1e08-…`.)
    accept: (v) => tokenLike(v) && !isHighEntropy(v) && !/^(?:PART)?(?:UUID|LABEL)=/.test(v),
  }),
  // Forms that few keys take, tried after the common ones: a key that one of those takes costs nothing more.
  // A configuration line that writes a password with a space for its operator: redis' `requirepass …`, `private_key_passphrase …`,
  // `SSLPassPhrase …` (the value alone up to the end of the line; a name, a version or a word is not taken, nor a column's type
  // in SQL, `password VARCHAR(255)`).
  form(`${TAIL}[ \\t]+(?<v>[^\\s"'\`#;][^\\s"'\`]{5,299})[ \\t]*(?=\\r?\\n|$)`, {
    when: (b) => /^[ \t]*$/.test(b),
    keys: /(?:passw(?:or)?d|passphrase|pwd|secret|pass)$/i,
    accept: (v) => credentialLike(v) && !isIdentifier(v) && !/^v?\d+(?:\.\d+)+/.test(v) && !/^[A-Za-z]\w*\(\d+(?:,[ \t]*\d+)?\)$/.test(v),
  }),
  // A tool that stores a setting given on its command line: `aws configure set aws_secret_access_key …`, `npm config set //…:_authToken …`,
  // `git config --global github.token …`, redis' `CONFIG SET requirepass …`, `dotnet user-secrets set "Api:Key" …`.
  form(`${TAIL}["']?[ \\t]+(["']?)(?<v>[^\\s"'\`,;()]{1,300})\\1(?![^\\s"'\`,;()])`, {
    // (The words looked for first: the pattern read over every line before a key costs more than the key.)
    when: (b) => (b.includes('onfig') || b.includes('ONFIG') || b.includes('user-secrets')) && /(?:\baws[ \t]+configure[ \t]+set|\bgit[ \t]+config(?:[ \t]+--[\w-]+)*|\bconfig[ \t]+set(?:[ \t]+--[\w-]+)*|\bdotnet[ \t]+user-secrets[ \t]+set)[ \t]+["']?(?:[\w.:/@-]*[^\w\s])?$/i.test(b),
    accept: (v) => credentialLike(v) && !isIdentifier(v),
  }),
  // A YAML block scalar: `secret_key: >-` then the value on the next line (as short as a value on the key's line: `db_password: |` then
  // `8soJSA`).
  form(`${TAIL}["']?[ \\t]*:[ \\t]*[>|][-+]?\\d?[ \\t]*\\r?\\n[ \\t]+(?<v>[^\\s"'\`]{6,300})[ \\t]*(?=\\r?\\n|$)`, {
    accept: (v) => (keyLike(v) || passwordLike(v) || generatedWithSymbols(v) || (isValue(v) && hasLetterAndDigit(v) && !isIdentifier(v))) && !v.startsWith('-'),
  }),
  // A Markdown table's cell that names the key, the value in the next cell: `| prod | token | … |`.
  // (A cell's bar stands apart or starts the row: `aaa|opaquelocktoken|openpgp4fpr|…` is a list of names, no table.)
  form(`${TAIL}\\**\`?[ \\t]*\\|[ \\t]*\`?(?<v>[^\\s|\`]{8,300})\`?[ \\t]*\\|`, {
    // (The key may be the last word of its cell, `| API Token | … |`, `| **Staging API key** | … |`.)
    when: (_, t) => /(?:^|[ \t])\|[ \t]*(?:\*\*|`)?(?:[A-Za-z][\w.-]{0,20}[ \t]+){0,3}$/.test(t),
    accept: (v) => keyLike(v) || passwordLike(v),
  }),
  // (… or, in a record of bars with no blanks, after a cell that is the key alone: `prod|token|…|`, `name|password|…|`.)
  form(`${TAIL}\\|(?<v>[^\\s|\`]{8,300})\\|`, {
    when: (_, t) => t.endsWith('|'),
    named: (key) => /^(?:pass(?:word|wd)?|pwd|token|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret)$/i.test(key),
    accept: (v) => keyLike(v) || passwordLike(v),
  }),
  // A key named for a secret whose value is an entry of its own, the literal in its `value` or `default` field: Azure's parameter
  // files (`"adminPassword": { "value": "…" }`), CloudFormation's parameters (`"DBPassword": {"Type": "String", "Default": "…"}`),
  // Terraform's outputs and state (`"db_password": { "sensitive": true, "value": "…" }`), in JSON …
  form(`${TAIL}["']?[ \\t]*:[ \\t]*\\{[^{}]{0,400}?(?<![A-Za-z])["']?${ENTRY_VALUE}["']?[ \\t]*:[ \\t]*(["'])(?<v>[^"'\\s]{1,300})\\1`, {
    keys: ENTRY_KEY,
    accept: entryValue,
  }),
  // … and in YAML, each field of the entry indented under the key (`DBPassword:` then `  Type: String` and `  Default: …`).
  form(`${TAIL}["']?[ \\t]*:[ \\t]*\\r?\\n(?<indent>[ \\t]+)(?:[^\\n]{0,200}\\r?\\n\\k<indent>){0,6}?${ENTRY_VALUE}[ \\t]*:[ \\t]*(["']?)(?<v>[^\\s"'#]{1,300})\\2[ \\t]*(?=(?:[ \\t]+#[^\\n]*)?\\r?\\n|$)`, {
    keys: ENTRY_KEY,
    accept: entryValue,
  }),
  // A Terraform variable named for a secret, with its default: `variable "db_password" {` … `default = "…"`.
  form(`${TAIL}"[ \\t]*\\{[^{}]{0,400}?\\bdefault[ \\t]*=[ \\t]*"(?<v>[^"\\s]{1,300})"`, { when: (b, t) => b.endsWith('"') && /\bvariable[ \t]+"$/.test(t) }),
  // A literal written as the fallback of a setting: `process.env.JWT_SECRET || '…'`, `ENV['API_KEY'] ?? "…"`, Groovy's and PHP's `env.DB_PASS ?: '…'`, `os.environ.get("SECRET_KEY") or "…"`,
  // also read from the name the setting is assigned to (`const secret = process.env.JWT_SECRET || '…'`: a value is read once).
  // (What is assigned is read as one chain of names, members, subscripts and calls: it ends where it ends, nothing is tried twice.)
  form(`${TAIL}(?:["']?[ \\t]*(?:=>|=|:)[ \\t]*[\\w$]+(?:\\.[\\w$]+|\\[[^\\]\\n]{1,40}\\]|\\([^()\\n]{0,60}\\))*)?["'\`]?\\]?(?:\\(\\))?\\)?[ \\t]*(?:\\|\\||\\?\\?|\\?:|or(?=[ \\t]))[ \\t]*(["'\`])(?<v>[^"'\`\\s]{1,300})\\1`, {
    accept: (v) => credentialLike(v) && !isWordsAndVersion(v),
  }),
  // A setter or a builder given a literal: `ds.setPassword("…")`, `.withApiKey('…')`, `builder.password("…")` (not a function
  // named for what it makes of one, `password_hash('sha512')`).
  form(`${TAIL}(?<!hash|str|string|base)[ \\t]*\\([ \\t]*(["'\`])(?<v>[^"'\`\\s]{1,300})\\1[ \\t]*\\)`, {
    keys: /(?:^|[._$])(?:set|with)_?[A-Za-z_]*$|(?:^|\.)(?:passw(?:or)?d|passphrase|secret|token|api_?key|access_?token|auth_?token|client_?secret)$/i,
    // (Not a version, `v1.2.3`, nor a name with a number, `prod-db-2`: the name of a secret kept elsewhere.)
    accept: (v) => credentialLike(v) && !isIdentifier(v) && !isWordsAndVersion(v) && !/^v?\d+(?:\.\d+)+/.test(v),
  }),
];

/** A key a sentence gives the value of (`the password is …`, `my API token was …`). */
const SENTENCE_KEY = new RegExp(`(?:passw(?:or)?d|${PASSWORD_WORDS.join('|')}|passphrase|passcode|pwd?|secret|token|api[_-]?key|apikey|credentials?|creds)$`, 'i');

/**
 * Whether a sentence names a credential with this key: a strong keyword, or `key` after a word that makes it one
 * (`the cache key is …` names none). The word before the keyword belongs to its name (`the page token`, `the public key`).
 */
function namedInSentence(key: string, t: string): boolean {
  const name = `${lastWordBeforeBlanks(t)}_${key}`;
  if (PUBLIC_KEY_NAME.test(name) || isNotSecretName(name)) return false;
  return SENTENCE_KEY.test(key) || (/^key$/i.test(key) && /(?:^|[^A-Za-z])(?:api|secret|access|auth|private|signing|encryption|license|licence)[ \t]+$/i.test(t));
}

/** The word of letters just before the blanks that end `t` (`the API ` → `API`); '' when `t` ends otherwise. A loop: `/[A-Za-z]+[ \t]+$/` is tried from every letter of `t`. */
function lastWordBeforeBlanks(t: string): string {
  let end = t.length;
  while (end > 0 && (t.charCodeAt(end - 1) === 32 || t.charCodeAt(end - 1) === 9)) end--;
  let start = end;
  while (start > 0 && /[A-Za-z]/.test(t[start - 1]!)) start--;
  return end < t.length ? t.slice(start, end) : '';
}

/** A verb that changes a key: `changed`, `rotates`, `updating`, `switched`, `reset` (not `changelog`, `updater`). */
const CHANGE_VERB = '(?:chang(?:e[sd]?|ing)|rotat(?:e[sd]?|ing)|updat(?:e[sd]?|ing)|switch(?:e[sd]|ing)?|reset(?:s|ting)?)';
/**
 * A value in a sentence that changes a key, quoted or not, its groups named after `name`. Without quotes, a sentence's last
 * `.`, `:`, `!` or `?` is not part of it, unless the next value follows (`from P@ssw0rd! to …`).
 */
const changedValue = (name: string, next: string) =>
  String.raw`(?:(?<o${name}>["'${'`'}])(?<q${name}>[^"'${'`'}\s]{3,100})\k<o${name}>|(?<b${name}>[^\s"'${'`'},;()<>]{1,299}(?:[^\s"'${'`'},;()<>.:!?]|[.:!?]${next})))`;
/** What joins the old value to the new one: `to`, `into`, an arrow. */
const INTO = String.raw`(?:[ \t]+(?:to|into)[ \t]+|[ \t]*(?:->|→|=>)[ \t]*)`;
/** `from … to …` after a key (`was changed from`, `rotated from`), or after a verb before it (`I changed the password from`). */
const FROM_TO = new RegExp(
  String.raw`[ \t]+(?:(?:(?:was|were|is|are|got|has|have|had)(?:[ \t]+been)?[ \t]+)?(?<verb>${CHANGE_VERB})[ \t]+)?from[ \t]+` +
    String.raw`${changedValue('A', `(?=${INTO})`)}(?:${INTO}${changedValue('B', '(?!)')})?(?=[\s.,;:!?()<>\]}"'${'`'}]|$)`,
  'yid',
);
/** The shortest value without quotes taken from such a sentence: `from 30m to 12h`, `from v1beta1 to v1` are settings. */
const MIN_CHANGED = 8;

/**
 * The two values of a sentence that changes a key from one to the other (`the token was rotated from … to …`, `I changed
 * my password from … to …`), when the key names a credential and each value reads as one; null when there is no such sentence.
 */
function changedFromTo(text: string, keyEnd: number, lineEnd: string, key: string): { hits: Hit[]; end: number } | null {
  FROM_TO.lastIndex = keyEnd;
  const m = FROM_TO.exec(text);
  // (The verb after the key, or before it: `the password from … to …` alone names no change.)
  if (!m || !namedInSentence(key, lineEnd) || (m.groups!.verb === undefined && !SETS_BEFORE.test(lineEnd))) return null;
  const hits: Hit[] = [];
  for (const name of ['A', 'B']) {
    const quoted = m.groups![`q${name}`];
    const bare = m.groups![`b${name}`];
    if (quoted === undefined && bare === undefined) continue;
    if (quoted !== undefined ? !credentialLike(quoted) : bare!.length < MIN_CHANGED || !generatedInSentence(bare!)) continue;
    const [start, end] = m.indices!.groups![quoted !== undefined ? `q${name}` : `b${name}`]!;
    hits.push({ start, end, reason: 'password' });
  }
  return hits.length ? { hits, end: FROM_TO.lastIndex } : null;
}

/** A verb that sets a key, up to three words before it (`rotate the`, `I changed my`, `Set the admin`, `rotating our`). */
const SETS_BEFORE = /(?:^|[^A-Za-z])(?:set(?:s|ting)?|(?:chang|rotat|updat)(?:e|es|ed|ing)|reset(?:s|ting)?|switch(?:es|ed|ing)?)[ \t]+(?:[A-Za-z]+[ \t]+){0,3}$/i;

/**
 * How often a value turns from one kind of character to another (capital, small letter, digit), and from letters to digits or back:
 * generated text turns often, names (`PBKDF2WithHmacSHA256`, `AES256GCM`) seldom.
 */
function turns(v: string): { kinds: number; digits: number } {
  const kind = (c: number) => (c >= 48 && c <= 57 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 97 && c <= 122 ? 3 : 0);
  let kinds = 0;
  let digits = 0;
  for (let i = 1; i < v.length; i++) {
    const a = kind(v.charCodeAt(i - 1));
    const b = kind(v.charCodeAt(i));
    if (a === 0 || b === 0 || a === b) continue;
    kinds++;
    if (a === 1 || b === 1) digits++;
  }
  return { kinds, digits };
}

/** Two words in a row joined by a capital, as names of code join them (`WithHmac` in `PBKDF2WithHmacSHA256`): each a capital and three small letters or more, with a vowel among its small letters. */
const CAMEL_WORDS = /(?:[A-Z](?=[a-z]*[aeiou])[a-z]{3,}){2}/;
/** A name of code: two such words in a row, and fewer than two pairs of letters no word holds (`Argon2PasswordHasher`). */
export const isCamelName = (v: string) => CAMEL_WORDS.test(v) && rarePairs(v) < 2;

/** A generated value written in a sentence, without quotes: its kinds of characters turning often, no words, no name of code, no version. */
/** Names of algorithms, encodings and protocols that follow a password's name in prose (`password argon2id hashing`, `password SHA256`). */
const SCHEME_NAME = /^(?:argon2(?:id|i|d)?|pbkdf2[\w-]*|sha-?\d+\w*|md[45]|bcrypt\w*|[sy]?crypt\w*|ntlm\w*|aes-?\d+\w*|rsa-?\d+|ed25519|x25519|utf-?(?:8|16)|base(?:32|64)\w*|hex|rot13|crc32\w*|blake2\w*|hmac\w*|oauth2?|saml2?|[2-9]fa|totp|hotp|krb5|kerberos5?|ssh2?|tls1\w*|ssl[23]|ipv[46]|http[23]|v\d+)$/i;

/**
 * A password as people type one, in a sentence: letters with a digit or a symbol, 5 to 64 characters, a letter or a digit first
 * (`hunter2`, `Passw0rd`, `S3cret!pass`; a pointer's type, `*IdentityPassword`, or emphasis, `*present*`, is none); not a
 * version, a name in capitals and digits (`VARCHAR2`), an algorithm's name, a path, a URL, or words joined by dashes
 * (`base64-encoded`, `SHA256-hashed`).
 */
export function typedPassword(v: string): boolean {
  // (A symbol may lead a password written with a digit and a symbol in it, `^ITjQR1Gn3?SUxh`, not a reference, `$X`, nor a comment or an entity, `#1`, `&amp;`.)
  if (v.length < 5 || !(/^[A-Za-z0-9]/.test(v) || (/^[!^?~]/.test(v) && passwordLike(v))) || !/[A-Za-z]/.test(v) || !/[\d!@#$%^&*+=?~]/.test(v) || !isValue(v) || SCHEME_NAME.test(v)) return false;
  // (Nor a word with a letter written as an escape, `inv\u00E1lida`: a message in a properties file; nor text beyond ASCII:
  // after `密码为` the rest of a sentence, `SHA256哈希值`, runs on unspaced.)
  if (/^[A-Z]+\d+$|^v?\d+(?:\.\d+)+|^[~.]{0,2}\/|:\/\/|^[A-Za-z][\w+.-]*:|\\u[0-9A-Fa-f]{4}|[^\x21-\x7e]/.test(v)) return false;
  // (Words joined, `staging-server`, are a name, unless a digit and a symbol make them a password, `bayern-orion!34`.)
  const parts = v.split(/[-_.]/);
  return parts.length === 1 || !parts.some((part) => /^[A-Za-z]{4,}$/.test(part)) || writtenAsPassword(v);
}

function generatedInSentence(v: string): boolean {
  if (!hasLetterAndDigit(v) || !isValue(v) || isWordy(v) || isWordsAndVersion(v) || isFunctionName(v) || isIdentifier(v) || /^v?\d+(?:\.\d+)+/.test(v)) return false;
  // Words joined by capitals or dashes (`WithHmac`, `url-encoded`), a path or a file (`k8s/secret.yaml`), a labelled digest (`sha256:…`): names, not values.
  // (A word has a vowel other than `y`: `ZynrSevu` is chance. So are words in a value holding two pairs of letters that no word holds,
  // `Gz…Vray…Ifsa…qj`: a name seldom holds two, `ObjectOptions` one.)
  const rare = rarePairs(v);
  if (isCamelName(v) || /[a-z]{3,}-[a-z]{3,}|^[~.]{0,2}\/|[a-z]{2,}\/[a-z]{2,}|\.[a-z]{2,4}$|^[A-Za-z][\w+.-]*:/.test(v)) return false;
  // (Nor text in base64, `VGhpcyBpcyBh…`: a sentence encoded, not a key.)
  if (isUuid(v) || isEncodedText(v)) return false;
  const { kinds, digits } = turns(v);
  // (Digits inside, four turns or more, in a value that still turns between kinds as often as a generated one: `ubuntu22x04amd64Img` does not.)
  // (Or two pairs of letters no word holds, `qz`, `kz`, in a value that turns less: one random string of letters and digits in fifty turns as seldom as a name.)
  return kinds >= (v.length - 1) * 0.4 || (digits >= 4 && kinds >= (v.length - 1) * 0.25) || (kinds >= (v.length - 1) * 0.25 && rare >= 2) || passwordLike(v);
}

/** Where a key may end, as every form begins: a keyword that a longer name goes on past (`MAX_TOKENS_PER_REQUEST`) takes no form. */
const KEY_END = new RegExp(TAIL, 'yi');
const FORMS_START_AT_KEY_END = FORMS.every((f) => f.source.startsWith(TAIL));

/** Whether the last bracket left open in `before` (its last 200 characters) is a list's `[`, not a call's `(` or a block's `{`. */
function insideList(before: string): boolean {
  let depth = 0;
  for (let i = before.length - 1; i >= Math.max(0, before.length - 200); i--) {
    const c = before[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) return c === '[';
      depth--;
    }
  }
  return false;
}

/** A character of a key's name: `[A-Za-z0-9_.-]`. */
const isKeyChar = (c: number) => (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95 || c === 46 || c === 45;

/** How much of the line before a key the forms look at: what precedes a key on its line (`export `, `<add key="`, `machine h login u `) is short. */
const LINE_BEFORE = 256;

/**
 * The text of the line before `start`, its last LINE_BEFORE characters at
 * most: a minified file is one line holding thousands of keywords, and each
 * must not cost the whole line. A cut line begins with a NUL, so it is never
 * taken for the start of a line.
 */
function lineBeforeKey(text: string, start: number): string {
  const limit = Math.max(0, start - LINE_BEFORE);
  for (let i = start - 1; i >= limit; i--) if (text.charCodeAt(i) === 10) return text.slice(i + 1, start);
  return limit === 0 ? text.slice(0, start) : `\0${text.slice(limit, start)}`;
}

/** The last word of a name that says what it holds is not the secret itself: `token_id`, `secret_name`, `password_reset_url`, `tokenTtl`, `secret_digests`. */
const ATTRIBUTE_WORD = /(?:^|[_.-]|[a-z](?=[A-Z]))(?:id|name|type|kind|hash|digest|sha\d*|md5|version|url|uri|path|file|dir|ttl|expiry|expires?|exp|count|length|len|size|prefix|suffix|header|field|param|label|format|mode|policy|ref|arn|region|endpoint|host|port|timeout|enabled|location|store|manager|provider|service|index|regex|pattern|salt|iv|nonce)s?$/i;
/** A keyword elsewhere in a name: the later one is where the name ends (`secret_token`, `password_reset_token`). */
const WORD_IN = new RegExp(WORDS.source, 'i');

/**
 * Where a name that goes on past its keyword ends (`todo_secret_do_not_commit`, `apiTokenForCi`, `db_passwords`), when an operator follows it;
 * -1 when the name is not a credential's: a weak keyword (`key_vault_name`), another keyword later in it, or a last word
 * naming an attribute (`token_type`). Its value must read as generated (see `generatedInName`).
 */
function nameGoesOn(text: string, at: number, word: string): number {
  if (isWeakWord(word)) return -1;
  const c = text.charCodeAt(at);
  // The keyword's plural ends the name (`db_passwords`, `API_TOKENS`, `secrets`).
  const plural = (c === 115 || c === 83) && !isKeyChar(text.charCodeAt(at + 1));
  // A separator, or a capital after a lower-case keyword (`secretForCi`); not a longer word (`tokenizer`).
  if (!plural && !(c === 95 || c === 46 || c === 45 || (c >= 65 && c <= 90 && /[a-z]$/.test(word)))) return -1;
  let end = plural ? at + 1 : at;
  while (end < text.length && end - at < 40 && isKeyChar(text.charCodeAt(end))) end++;
  const rest = text.slice(at, end);
  if (isKeyChar(text.charCodeAt(end)) || /[_.-]$/.test(rest) || WORD_IN.test(rest) || ATTRIBUTE_WORD.test(rest)) return -1;
  if (/^["']?[ \t]*(?:=>|:=|\?=|=(?!=)|:(?!:))/.test(text.slice(end, end + 8))) return end;
  // (Or an element's tag that holds the value: `<db_passwords>…</db_passwords>`.)
  return text.charCodeAt(end) === 62 && /^>[^<>\n]{1,300}<\//.test(text.slice(end, end + 304)) ? end : -1;
}

/**
 * A generated value after a name that goes on past its keyword: not a UUID, and not hex, which after a longer name
 * (`token_sha`, `secret_version`) names a digest or an id. (In a sentence, `the API key is <32 hex>` gives the key itself.)
 */
const generatedInName = (v: string) => tokenLike(v) && !/^[0-9a-f]+$/i.test(v) && !isUuid(v);

/**
 * Where the scan goes on after a value refused, read from `from` to `end` (its closing quote after it): at the first quoted password's
 * name inside it (`"password"`, `'passwd'`), or at the next line when the value was read across a line break (a keyword alone on its
 * line, `token`, is not given the setting on the line after it, `release_password = …`); else at `end`.
 */
const QUOTED_PASSWORD_NAME = /["'](?:passw(?:or)?d|pwd)["']/;
function rescanFrom(hay: string, from: number, end: number): number {
  if (end <= from) return end;
  // (Only the value's own characters are searched: a search to the text's end from every refused value would cost its length each time.)
  const value = hay.slice(from, end + 1);
  const m = QUOTED_PASSWORD_NAME.exec(value);
  const lineBreak = value.indexOf('\n');
  return Math.min(m ? from + m.index + 1 : end, lineBreak >= 0 && from + lineBreak < end ? from + lineBreak + 1 : end);
}
/** Whether the words of a name (camelCase, or joined by `_`, `.`, `-`) end with `words` (small letters), two or more. */
function endsWithWords(name: string, words: string[]): boolean {
  const own = name.split(/[_.-]+|(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase());
  return words.length >= 2 && own.length > words.length && words.every((w, i) => own[own.length - words.length + i] === w);
}
/** What JavaScript's `typeof` gives. */
const TYPEOF_RESULT = /^(?:undefined|object|boolean|number|bigint|string|symbol|function)$/;
/** Validation rules joined by `|` (Laravel's): `required|min:8|confirmed`, `nullable|string|max:255`. */
const VALIDATION_RULES = /^(?:(?:bail|required|nullable|sometimes|filled|present|confirmed|string|email|numeric|integer|boolean|array|current_password|alpha_num|alpha_dash|alpha|url|uuid|date|json|file|image|accepted|prohibited|(?:min|max|size|digits)(?::\d{1,5})|(?:between|digits_between):\d{1,5},\d{1,5}|(?:unique|exists|same|different|in|not_in|regex|required_with|required_without|required_if):[^|\s]{1,100})(?:\||$))+$/;
/** A documentation comment's tag for a name, with its type (`{string}`, `string`) or direction (`[in]`) before the name: JSDoc, PHPDoc, Doxygen, Sphinx. */
const DOC_TAG = /(?:^|[\s*/#!])[@\\:](?:param|arg|argument|property|prop|field|member|var|ivar|cvar|keyword|kwarg)(?:\[[a-z, ]{1,10}\])?(?:[ \t]*\{[^{}\n]{0,80}\}|[ \t]+[\w.|\\[\]<>?]{1,60}(?=[ \t]+\$?$))?[ \t]+\$?$/;
/** A run of letters and digits mixed, eight or more (symbols among them): what a value is written as. */
const MIXED_RUN = /(?<![\w-])(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9!@#$%^&*+/=_.-]{8,}/;
/** What follows a documented name: its description, a word first (an entity may follow it) and another after it. */
const DESCRIPTION = /^:?[ \t]+[A-Za-z]+(?:&[a-z]+;)?[.,:]?[ \t]+\S/;
/**
 * An action of a template left open before the key: `{{` (Go, Helm, Jinja, Handlebars) or `{%` (Jinja, Liquid) with no close after
 * it, the key outside the action's strings (`{{ lookup('pipe', 'mysql --password=…') }}` runs a command) and the action no comment
 * (Go's `{{/*` … `}}`, Handlebars' `{{!-- … --}}`).
 */
function inTemplateAction(lineBefore: string): boolean {
  const open = Math.max(lineBefore.lastIndexOf('{{'), lineBefore.lastIndexOf('{%'));
  if (open < 0 || lineBefore.indexOf('}}', open) >= 0 || lineBefore.indexOf('%}', open) >= 0) return false;
  const action = lineBefore.slice(open + 2);
  // (Nor Go's `%v` of a struct, `{{Secret v1} {db-creds …} map[password:…]}`: a `}` inside.)
  return !/^-?[ \t]*(?:\/\*|!)/.test(action) && !action.includes('}') && (action.match(/"/g)?.length ?? 0) % 2 === 0 && (action.match(/'/g)?.length ?? 0) % 2 === 0;
}
/** A template's code where a value would be: a field (`.Values.auth.users`), a variable (`$password`, `token1`), a name in small letters (`default`). */
const TEMPLATE_CODE = /^[.$][A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$|^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*$/;
/** A section before a setting's name at the start of its line: `keystore/` of `keystore/release_password`. */
const SECTION_BEFORE = /(?:^|\n)[ \t]*[A-Za-z][\w.]{0,30}\/$/;
/** Finds every keyword-named credential value in `text`. */
export function findKeywordValues(text: string): Hit[] {
  const hits: Hit[] = [];
  // Lower-cased once (a text whose length that changes, by a few letters outside ASCII, is searched as it is).
  const lower = lowerCased(text);
  const hay = lower ?? text;
  const scan = lower === null ? WORDS : LOWER_WORDS;
  scan.lastIndex = 0;
  // Where the furthest value refused ends, to a bare `key` (`private`, `access`) or to a name that goes on past its keyword:
  // another keyword inside it would be judged on what is left of the same run (a run of `key:=key:=…` would cost its
  // length once per keyword).
  let refusedUntil = 0;
  for (let found = scan.exec(hay); found; found = scan.exec(hay)) {
    // (`pass` glued to the name before it is read from that name's last letter, `dbpass` from its `b`: the scan finds it at its `p`.)
    const glued = found[0].length === 4 && found.index > 0 && /^pass$/i.test(found[0]) && /[_A-Za-z]/.test(hay[found.index - 1]!) ? 1 : 0;
    const m = { index: found.index - glued, 0: text.slice(found.index - glued, found.index + found[0].length) };
    // `pass` glued to a name is a key only after a name a password belongs to (`dbpass`, `userpass`, `storepass`), not `bypass`, `compass`.
    if (/^[a-z]pass$/i.test(m[0]) && !GLUED_PASS.test(hay.slice(Math.max(0, m.index - 11), m.index + 1))) continue;
    let keyEnd = m.index + m[0].length;
    // The plural `keys` names a list of keys only when given one (`APP_KEYS=k1==,k2==`, `app.keys = [...]`, `signingKeys: …`), not
    // in a word (`mode=dynamic-keys authentication-types=…`, `hotkeys: Ctrl+Shift+K1`).
    if (m[0].length === 4 && /^keys$/i.test(m[0]) && (!/^["']?[ \t]*[:=]/.test(text.slice(keyEnd, keyEnd + 8)) || (/[a-z]/.test(text[m.index - 1] ?? '') && text[m.index] === 'k'))) continue;
    KEY_END.lastIndex = keyEnd;
    // A name that goes on past its keyword (`todo_secret_do_not_commit`) holds a credential only when its value is generated.
    const inName = FORMS_START_AT_KEY_END && !KEY_END.test(text);
    if (inName && (keyEnd = nameGoesOn(text, keyEnd, m[0])) < 0) continue;
    // The weak `key` as the last word of a longer name (`ADMIN_KEY`, `deepgram.key`) takes a key-like value; on its own, only a generated token.
    const weakTest = inName ? generatedInName : !isWeakWord(m[0]) ? null : !isBareWord(m[0]) && /[A-Za-z0-9][_.-]$/.test(text.slice(Math.max(0, m.index - 2), m.index)) ? keyLike : tokenLike;
    // `pass`, `pw`: a value written as a password (letters, digits and a symbol such as `!`, `#`, `%`) is one, however short.
    const weak = weakTest && /^(?:pass|pw)$/i.test(m[0]) ? (v: string) => weakTest(v) || passwordLike(v) : weakTest;
    if ((weak === tokenLike || inName) && m.index < refusedUntil) continue;
    let start = m.index;
    while (start > 0 && m.index - start < 100 && isKeyChar(text.charCodeAt(start - 1))) start--;
    // A line break written out just before the key (`\nDB_PASSWORD='…\t…'`, read as written for a value that holds an escape
    // of its own): the key starts after it.
    const afterBreak = start < m.index && isWrittenBreakAt(text, start);
    if (afterBreak) start++;
    // Inside a longer word, or a segment of a path (`/etc/passwd`): not a key. (A setting's name under its section given a quoted
    // value, Godot's `keystore/release_password="…"`, is one.)
    if (!afterBreak && start > 0 && (isKeyChar(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 92 ||
      (text.charCodeAt(start - 1) === 47 && !(SECTION_BEFORE.test(text.slice(Math.max(0, start - 40), start)) && /^[ \t]*=[ \t]*"/.test(text.slice(keyEnd, keyEnd + 8)))))) continue;
    while (text[start] === '-' || text[start] === '.') start++;
    // `private`, `access` on their own are a modifier or a word (`private base64ToUint8Array;`): a key only in capitals or joined to a name.
    if (isBareWord(m[0]) && start === m.index && m[0] !== m[0].toUpperCase()) continue;
    // A badge's token in the address of its image (`codecov.io/gh/…/graph/badge.svg?token=VK6OUPJ3TY`, Shields' `img.shields.io/codecov/c/github/…?token=…`): shown on the project's page.
    if (keyEnd - start === 5 && text.startsWith('token', start) && (text.charCodeAt(start - 1) === 63 || text.charCodeAt(start - 1) === 38) && /(?:\/badge\.svg|\/\/img\.shields\.io\/[^\s?#"'<>]{1,300})\?(?:[^\s?&#]{0,100}&){0,8}$/.test(text.slice(Math.max(0, start - 900), start))) continue;
    // A CloudFormation resource type's name as a quoted key (`"AWS::SecretsManager::Secret": "c85175a4…"`, a schema's id for the type).
    if (text.charCodeAt(start - 1) === 58 && /[A-Z]/.test(text[start]!) && /["'](?:AWS|Alexa|Custom)(?:::[A-Z][A-Za-z0-9]*)*::$/.test(text.slice(Math.max(0, start - 120), start)) &&
      /^["'][ \t]*:[ \t]*["'][0-9a-f]{8,64}["']/.test(text.slice(keyEnd, keyEnd + 80))) continue;
    // A part of an AWS resource's name (`arn:aws:secretsmanager:…:secret:prod/db-oK7Kbo`): where a secret is kept.
    if (text.charCodeAt(start - 1) === 58 && /\barn:aws[\w-]*:[\w-]*:[\w-]*:\d{0,12}:$/.test(text.slice(Math.max(0, start - 120), start))) continue;
    // A public or publishable key or token (`public_key`, `publicToken`, `pub_key`) is published on purpose.
    // An anti-forgery token (`csrf-token`), a cache, idempotency or page key is random and guards nothing.
    const name = text.slice(start, keyEnd);
    // (Nor an option that turns the credential off, `--no-password`, `no_token`: it takes no value.)
    if (PUBLIC_KEY_NAME.test(name) || isNotSecretName(name) || /^-{0,2}no[_-](?:pass(?:w(?:or)?d)?|pwd|token|secret|auth|credentials?|creds|key)s?$/i.test(name)) continue;
    const lineBefore = lineBeforeKey(text, start);
    // … also named in words: `# public key: age1…`, `the publishable key is …`.
    if (/^(?:key|token)$/i.test(name) && /(?:^|[^A-Za-z])pub(?:lic|lishable)?[ \t]+$/i.test(lineBefore)) continue;
    // Glued to a value already redacted (`TOKEN=[REDACTED:…]@credentials:`): read with that value the first time, so not a key now.
    // (Not after a `;`, `,` or `&` that ends the pair the value was in, `Password=[REDACTED:…];Encrypt=true;password = …`, nor after a
    // bracket that closes what held it, `(see [REDACTED:…])secret: …`: a key of its own.)
    if (lineBefore.includes('[REDACTED:') && /\[REDACTED:[\w-]+\][^\s"'`<>;,&()]*$/.test(lineBefore)) continue;
    // `using RSA key 61A1…`, `gpg: … EdDSA key …`: a public key's id or fingerprint, as gpg and ssh print them.
    if (name.length === 3 && /(?:RSA|DSA|ECDSA|EdDSA|ED25519|GPG|PGP)[ \t]+$/i.test(lineBefore)) continue;
    // … and a key's long id or fingerprint in capitals after the word alone (`encrypted to my key E85742FF48036156`, `test key ID 5BFE…`).
    if (name.length === 3 && /^(?:[ \t]+(?:ID|id|fingerprint))?[ \t]+(?:0x)?(?:[0-9A-F]{16}|[0-9A-F]{40})(?![\w+/=])/.test(text.slice(keyEnd, keyEnd + 64))) continue;
    const lineEnd = tail(lineBefore);
    // The name a documentation comment describes (`@param redis.auth.password Redis&reg; password`, `:param password: …`, PHPDoc's
    // `@param string $password …`): what follows is its description, not its value.
    // (A description starts with a word, `Redis&reg; password`, `The password`: not with a value, `:param password: Xk9f…`.)
    // (Nor one that holds a value, `@param password for root: Xk9f…`, `Token is 3Gz6E…`: letters and digits mixed.)
    if (DOC_TAG.test(lineEnd) && DESCRIPTION.test(text.slice(keyEnd, keyEnd + 80)) && !MIXED_RUN.test(text.slice(keyEnd, lineEndNear(text, keyEnd)))) continue;
    // An .npmrc credential scoped to its registry (`//host/path/:_auth=…`, `:_password=…`): whatever it holds is one.
    const scoped = weak && name.startsWith('_') && /(?:^|\s)\/\/[^\s=]*:$/.test(lineEnd);
    // `pass`, `pw` alone named as a password's key: a password typed as one is its value too.
    const weakHere = scoped ? null : weak && passNamed(text, m[0], start === m.index && !inName, keyEnd) ? (v: string) => weak(v) || passTyped(v) : weak;
    // The key names a variable whose reference gives a default (`${DB_PASSWORD:-…}`, `${API_TOKEN=…}`, inside a URL or a line):
    // the default is the value, and it ends at the reference's `}`.
    const given = lineEnd.endsWith('${') ? referenceDefault(text, keyEnd, weakHere) : null;
    if (given) {
      if (given.hit) hits.push(given.hit);
      scan.lastIndex = Math.max(scan.lastIndex, given.end);
      continue;
    }
    // One of several names given several values (`user, password := "admin", "…"`): the value in the key's own place, before a
    // form reads the first value after the operator as its own.
    const placed = /,[ \t]*$/.test(lineEnd) || /^[\w.-]{0,40}[ \t]*,/.test(text.slice(keyEnd, keyEnd + 48)) ? multipleAssignment(text, keyEnd, lineBefore, weakHere) : null;
    const tried = placed ? { hit: placed, end: placed.end } : tryForms(text, keyEnd, lineBefore, lineEnd, weakHere, text.slice(start, keyEnd));
    const { end } = tried;
    // Forms that write the value before the key: a comparison (`"…" == password`), a value field before its name field.
    const hit = tried.hit ?? comparedBefore(text, start, keyEnd, lineBefore, lineEnd, weakHere) ?? (/(?:name|key)["']?[ \t]*[:=][ \t]*["']?$/i.test(lineEnd) ? valueBeforeName(text, start, keyEnd, weakHere) : null);
    if (hit && isAnonymousLogin(text, start)) continue;
    // Inside a template's action (`{{- range $user, $password := .Values.auth.users }}`, `{% if password == form.x %}`), a value
    // unquoted is the template's code: a field, a variable, a function. (Quoted, a literal: `{{ default "…" .Values.password }}`.)
    if (hit && inTemplateAction(lineBefore) && TEMPLATE_CODE.test(text.slice(hit.start, hit.end)) && !/["'`]/.test(text[hit.start - 1] ?? '')) continue;
    if (hit) hits.push({ ...hit, reason: formatMatcher().nameByContext(text.slice(start, keyEnd + 20), text.slice(hit.start, hit.end)) ?? hit.reason });
    // A plural name's first value followed by more, unbracketed (`API_KEYS=k1,k2`, `api_keys: k1 , k2`): each that reads as a key or a password.
    if (hit && /[^s]s$/i.test(name)) {
      const rest = restOfList(text, hit.end);
      hits.push(...rest.hits);
      scan.lastIndex = Math.max(scan.lastIndex, rest.end);
    }
    // A plural name given its values in one list without brackets (`APP_KEYS=k1==,k2==`, quoted or not), which no form took whole.
    // (A list read is not read again from a keyword inside it.)
    const inOne = hit || !/[^s]s$/i.test(name) ? null : listAfterOperator(text, keyEnd);
    if (inOne) scan.lastIndex = Math.max(scan.lastIndex, inOne.end);
    if (inOne?.hits.length) {
      hits.push(...inOne.hits);
      continue;
    }
    // A sentence that changes the key from one value to another (`the password was changed from … to …`): both are credentials.
    const moved = hit ? null : changedFromTo(text, keyEnd, lineEnd, text.slice(start, keyEnd));
    if (moved) {
      hits.push(...moved.hits);
      scan.lastIndex = Math.max(scan.lastIndex, moved.end);
      continue;
    }
    // A plural or a longer name given a list (`passwords:` then `- …` lines, `api_tokens = ["…", "…"]`): each generated item.
    // (A list read is not read again from a keyword inside it, whether it held a credential or not.)
    // (`credentials`, `creds` are plurals of their own.)
    const listAccept = hit ? null : inName ? weakHere : /s$/i.test(m[0]) ? generatedInName : null;
    const listed = listAccept ? listedValues(text, keyEnd, listAccept) : null;
    if (listed) {
      hits.push(...listed.hits);
      // (An item already redacted was read as one the first time: its list is read as it was then, not from a keyword inside it.)
      if (listed.hits.length || listed.held) scan.lastIndex = Math.max(scan.lastIndex, listed.end);
      else refusedUntil = Math.max(refusedUntil, listed.end);
      continue;
    }
    // A value is read once: a reference such as `${DB_PASSWORD:=x}` is not searched again for keywords. (A value refused is read
    // again from a password's name inside it, `"username": "token", "password": "…"` read `"password"` as the token's next item, and
    // from the line after its key, the next line's setting read as a value.)
    if (hit) scan.lastIndex = Math.max(scan.lastIndex, end);
    else if (weak !== tokenLike && !inName) scan.lastIndex = Math.max(scan.lastIndex, rescanFrom(hay, keyEnd, end));
    else refusedUntil = Math.max(refusedUntil, end);
  }
  return hits;
}

/** What a reference gives when its variable is unset (`:-`, `-`, `:=`, `=` and the text up to `}`). */
const REFERENCE_DEFAULT = /:?[-=](?<v>[^\s{}$"'`]{1,300})\}/y;
/** The default after a key that names a reference's variable: its span when it is a value, and where the reference ends; null without one. */
function referenceDefault(text: string, keyEnd: number, weak: ((v: string) => boolean) | null): { hit: Hit | null; end: number } | null {
  REFERENCE_DEFAULT.lastIndex = keyEnd;
  const m = REFERENCE_DEFAULT.exec(text);
  if (!m) return null;
  const value = m.groups!.v!;
  const end = keyEnd + m[0].length;
  // (A `-` that goes on with the name to a `:` is a Spring property's name and its default, `${jwt.token-validity-in-seconds:0}`.)
  if (m[0].startsWith('-') && /^[A-Za-z][\w.-]*:/.test(value)) return { hit: null, end };
  const taken = isValue(value) && (!weak || weak(value));
  return { hit: taken ? { start: end - 1 - value.length, end: end - 1, reason: 'password' } : null, end };
}

/** A user named `anonymous` just before (`user = "anonymous"; password = "guest@"`): an anonymous login's password is, by convention, anything. */
// The name may have gone into a redaction already (`<token>-username: anonymous`): the marker stands for it, so a second pass keeps what the first kept.
const ANONYMOUS_USER = /(?:user(?:name)?|\[REDACTED:[a-z0-9-]+\])["']?[ \t]*(?:=|:|->)[ \t]*["']?anonymous["']?[ \t]*[;,]?[ \t]*\r?\n?[^\n]{0,80}$/i;
const isAnonymousLogin = (text: string, keyStart: number) => {
  const before = text.slice(Math.max(0, keyStart - 160), keyStart);
  return before.includes('nonymous') && ANONYMOUS_USER.test(before);
};

/** The value field just before the name field of the same entry (`{"value": "…", "name": "DB_PASSWORD"}`, HCL's `value = "…"` then `name = "…"`). */
// (Not a name in the next item of a list, `value: primary` then `- name: ALLOW_EMPTY_PASSWORD`: a dash starts another entry.)
const VALUE_BEFORE_NAME = /["']?(?:value|Value|VALUE|ParameterValue)["']?[ \t]*[:=][ \t]*(["']?)(?<v>[^\s"'`,{}]{1,300})\1[ \t]*(?:,[ \t]*)?(?:\r?\n[ \t]*)?["']?(?:name|key|Name|Key|NAME|KEY|ParameterKey)["']?[ \t]*[:=][ \t]*["']?$/d;
function valueBeforeName(text: string, start: number, keyEnd: number, weak: ((v: string) => boolean) | null): Hit | null {
  const from = Math.max(0, start - 400);
  const m = VALUE_BEFORE_NAME.exec(text.slice(from, start));
  const value = m?.groups?.v;
  // The name ends the field (`"DB_PASSWORD"`, `DB_PASSWORD` at the end of its line), not a longer text.
  if (!m || !value || !/^["']?[ \t]*(?:[,}\r\n]|$)/.test(text.slice(keyEnd, keyEnd + 3)) || !isValue(value) || value.length < 5 || (weak && !weak(value))) return null;
  const [vs, ve] = m.indices!.groups!.v!;
  return { start: from + vs, end: from + ve, reason: 'password' };
}

/** The names assigned before the key on its line or statement (`user, ` in `user, password := …`), after a declaration's word. */
const NAMES_BEFORE = /^[ \t]*(?:(?:var|let|const|local|my)[ \t]+\(?)?((?:[A-Za-z_$][\w$.]*[ \t]*,[ \t]*){0,7})$/;
/** The names after the key, their type (Go's `a, b string = …`), the operator, then the values up to the end of the line. */
const NAMES_AND_VALUES = /((?:[ \t]*,[ \t]*[A-Za-z_$][\w$.]*){0,7})\)?(?:[ \t]+[A-Za-z_][\w.]*)?[ \t]*(?::=|=(?!=))[ \t]*\(?([^\n]{1,600})/y;
/** One value of a list: a quoted literal or an expression without a comma outside its brackets. */
const LIST_ITEM = /[ \t]*(?:(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1|(?:[^,()[\]{}"'`\n]|\([^()\n]*\)|\[[^[\]\n]*\]|\{[^{}\n]*\})+)[ \t]*(,|\)?[ \t]*(?:;|\}|\r?$|\r?\n|#|\/\/))/y;

/**
 * Several names given several values at once (`user, password := "admin", "…"`, Python's and Ruby's `a, b = "x", "y"`, Lua's `local`):
 * the value in the key's place of the list.
 */
function multipleAssignment(text: string, keyEnd: number, lineBefore: string, weak: ((v: string) => boolean) | null): Hit | null {
  // (Read from the statement's start: the line's, or its last `;` or `{`.)
  const before = NAMES_BEFORE.exec(lineBefore.slice(Math.max(lineBefore.lastIndexOf(';'), lineBefore.lastIndexOf('{')) + 1));
  if (!before) return null;
  const place = (before[1]!.match(/,/g) ?? []).length;
  // (From the end of the name: a suffix after its keyword, `password2`, `static_password05`, is part of it.)
  while (isKeyChar(text.charCodeAt(keyEnd))) keyEnd++;
  NAMES_AND_VALUES.lastIndex = keyEnd;
  const after = NAMES_AND_VALUES.exec(text);
  if (!after) return null;
  const names = place + 1 + (after[1]!.match(/,/g) ?? []).length;
  if (names < 2) return null;
  let at = keyEnd + after[0].length - after[2]!.length;
  let value: { start: number; text: string } | null = null;
  for (let i = 0; i < names; i++) {
    LIST_ITEM.lastIndex = at;
    const item = LIST_ITEM.exec(text);
    if (!item) return null;
    if (i === place && item[2] !== undefined) value = { start: at + item[0].indexOf(item[1]!) + 1, text: item[2] };
    at = LIST_ITEM.lastIndex;
    // As many values as names, the last one ending the statement.
    if ((item[3] === ',') !== (i < names - 1)) return null;
  }
  if (!value || !credentialLike(value.text) || isIdentifier(value.text) || (weak && !weak(value.text))) return null;
  return { start: value.start, end: value.start + value.text.length, reason: 'password' };
}

/** Where a list under a key starts: YAML's `:` and the end of the line, or an operator and a bracket (Go's `[]string{`). */
const LIST_START = /["']?[ \t]*(?::[ \t]*(?:#[^\n]*)?\r?\n|(?:=>|:=|=(?!=)|:)[ \t]*(?:\[\][\w.]*\{|[[(]))/y;
/** Blank lines and comment lines (three at most) before an item of a YAML list. */
const BETWEEN_ITEMS = '(?:[ \\t]*(?:#[^\\n]*)?\\r?\\n){0,3}';
/** One line of a YAML list: `- value`, quoted or not, a comment after it, blank or comment lines before it (group 1: what precedes the value). */
const YAML_ITEM = new RegExp(`(${BETWEEN_ITEMS}[ \\t]*-[ \\t]+(["']?))([^\\s"'\`#,]{1,300})\\2[ \\t]*(?:#[^\\n]*)?(?:\\r?\\n|$)`, 'y');
/** One item of a bracketed list: a literal, quoted or not (YAML's `[a, b]`), then a comma or the closing bracket (lines may break between items). */
const ARRAY_ITEM = /(\s*(["'`]))([^"'`\s]{1,300})\2\s*(?:,|(?=[\])}]))|(\s*)([^"'`\s,()[\]{}]{1,300})\s*(?:,|(?=[\])}]))/y;
/** A value that starts with a word in lower case and a `/` or a `:`: a path, a URL or a digest labelled with its kind. */
const LABELLED = /^[a-z][a-z0-9+.-]*[:/]/;
/** The most items of a list read. */
const MAX_ITEMS = 64;

/**
 * The items of a list under a key that `accept` takes, and where the list read ends; null when no list follows the key.
 * An item is a value of its own: not a path, a URL or a labelled digest (`projects/…/secrets/db/versions/2`, `sha256:…`, `ibc/…`).
 */
function listedValues(text: string, keyEnd: number, accept: (v: string) => boolean): { hits: Hit[]; end: number; held: boolean } | null {
  LIST_START.lastIndex = keyEnd;
  const start = LIST_START.exec(text);
  if (!start) return null;
  const item = start[0].endsWith('\n') ? YAML_ITEM : ARRAY_ITEM;
  const hits: Hit[] = [];
  let held = false;
  let at = LIST_START.lastIndex;
  for (let n = 0; n < MAX_ITEMS; n++) {
    item.lastIndex = at;
    const m = item.exec(text);
    if (!m) break;
    // (A bare item of a bracketed list is the second alternative, its groups after the first's.)
    const value = m[3] ?? m[5]!;
    const from = at + (m[1] ?? m[4]!).length;
    if (!LABELLED.test(value) && credentialLike(value) && !isIdentifier(value) && accept(value)) hits.push({ start: from, end: from + value.length, reason: 'password' });
    held ||= value.startsWith('[REDACTED:');
    at = item.lastIndex;
  }
  return { hits, end: at, held };
}

/** One more item of a list after a comma: quoted or bare, up to the next comma, the line's end, a closing quote or bracket. */
const NEXT_ITEM = /["'`]?[ \t]*,[ \t]*(["'`]?)([^\s,"'`()[\]{}]{8,300})\1(?=[ \t]*(?:[,"'`)\]}]|\r?\n|$))/y;
/** A list's first item right after the operator, a comma after it. */
const FIRST_ITEM = /["']?[ \t]*(?:=>|:=|=(?!=)|:)[ \t]*(["'`]?)([^\s,"'`()[\]{}]{8,300})(?=,)/y;
/** Each item of a list given after the operator, when it is one (a comma after its first item). */
function listAfterOperator(text: string, keyEnd: number): { hits: Hit[]; end: number } | null {
  FIRST_ITEM.lastIndex = keyEnd;
  const m = FIRST_ITEM.exec(text);
  if (!m) return null;
  const value = m[2]!;
  const rest = restOfList(text, FIRST_ITEM.lastIndex);
  const from = FIRST_ITEM.lastIndex - value.length;
  return { hits: isListedKey(value) ? [{ start: from, end: from + value.length, reason: 'password' }, ...rest.hits] : rest.hits, end: rest.end };
}

/** An item of a plural name's list read as a key or a password. */
const isListedKey = (value: string) => !LABELLED.test(value) && credentialLike(value) && !isIdentifier(value) && (keyLike(value) || passwordLike(value));

/** The items after a list's first value (which ends at `at`), up to the first that is none. */
function restOfList(text: string, at: number): { hits: Hit[]; end: number } {
  const hits: Hit[] = [];
  for (let n = 0; n < MAX_ITEMS; n++) {
    NEXT_ITEM.lastIndex = at;
    const m = NEXT_ITEM.exec(text);
    if (!m) break;
    const value = m[2]!;
    const from = NEXT_ITEM.lastIndex - m[1]!.length - value.length;
    if (isListedKey(value)) hits.push({ start: from, end: from + value.length, reason: 'password' });
    at = NEXT_ITEM.lastIndex;
  }
  return { hits, end: at };
}

/** A literal compared with the key written after it (`if ("…" == password)`, `"…" !== secret`). */
const COMPARED_BEFORE = /(?:[@rbuf])?(["'`])(?<v>[^"'`\s]{5,300})\1[ \t]*(?:!==?|===?)[ \t]*$/d;
function comparedBefore(text: string, start: number, keyEnd: number, lineBefore: string, lineEnd: string, weak: ((v: string) => boolean) | null): Hit | null {
  // (The operator right before the key is checked first: most keys have none.)
  if (!/[!=]=[ \t]*$/.test(lineEnd)) return null;
  const m = COMPARED_BEFORE.exec(lineBefore);
  const value = m?.groups?.v;
  // The key itself, not a call on it or a member of it (`"x" == password.length`).
  if (!m || !value || /^[\w.([]/.test(text.slice(keyEnd, keyEnd + 1)) || !credentialLike(value) || (weak && !weak(value))) return null;
  // (A cut line's leading NUL is counted in its length as a character before the line.)
  const base = start - lineBefore.length;
  const [vs, ve] = m.indices!.groups!.v!;
  return { start: base + vs, end: base + ve, reason: 'password' };
}

/** A name that says what is done to a secret (`update_password`, `resetPassword`, `require-token`), not the secret. */
const ACTION_ON_SECRET = /(?:^|[_.-])(?:update|reset|change|forgot|require|generate|validate|verify|check|show|hide|expire|rotate|encrypt|hash|remember|enable|disable|allow)[_.-]?(?:pass(?:w(?:or)?d)?|pwd|token|secret|cred(?:ential)?)s?$/i;
/** An option that makes, changes or drops a stored credential (Oracle's `mkstore -createCredential <database> …`): its value says which. */
const CREDENTIAL_ACTION = /^(?:create|add|modify|delete|remove|list|revoke)[_.-]?credentials?$/i;
/** A command's word for what it does to credentials, as a list of arguments quotes it (`"set-credentials", "<name>"`). */
const CREDENTIAL_COMMAND = /^(?:set|unset|get|use|view|create|delete)-credentials?$/;

/** The name of a message about a credential that is wrong (`badCredentials`, `emptyPassword`, `invalid_token`): not the credential. */
const WRONG_SECRET = /(?:^|[_.-]|[a-z](?=[A-Z]))(?:bad|empty|invalid|wrong|missing|expired|incorrect|blank)[_.-]?(?:credentials?|pass(?:w(?:or)?d)?|pwd|token|secret)s?$/i;

/** A protobuf field's type before its name: a scalar type's name, or a message's (`Timestamp`, `google.protobuf.StringValue`). */
const FIELD_TYPE_BEFORE =
  /^[ \t]*(?:(?:optional|repeated|required)[ \t]+)?(?:double|float|u?int(?:32|64)|sint(?:32|64)|s?fixed(?:32|64)|bool|string|bytes|(?:[A-Za-z_]\w*\.)*[A-Z][a-z]\w*)[ \t]+$/;

/**
 * Words joined as names are (`redirect_url_mismatch`, `webhooks:manage`, `Content-Type`), one of them four letters or more. Not
 * words in small letters joined by `-` (`hono-is-hot`), as a token someone chose is written, nor one word alone.
 */
const isNameOfWords = (name: string, dashed = false) => {
  // (Leading underscores mark a name private or internal: `_aj_hash_with_indifferent_access`.)
  const v = name.replace(/^_+/, '');
  const parts = v.split(/[_:-]/);
  // (Two small words joined by a dash, when asked: a permission's or a namespace's name, `read-job`; more may be a passphrase.)
  const joined = /^[a-z]+(?:[_:][a-z]+)+$/.test(v) || (dashed && /^[a-z]+-[a-z]+$/.test(v)) || /^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$/.test(v);
  return joined && parts.length <= 6 && parts.every((p) => p.length >= 2) && parts.some((p) => p.length >= 4 && isWord(p));
};

/** `user@example.com`: an address, whole. */
const EMAIL_VALUE = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}$/;
/**
 * Code written where a value would be (unquoted; `after`, what follows it): the type of a Go field (`map[string]…`, `[]byte`,
 * `chan …`), a JSX expression (`{indexEdit === …}`), a member of an object (`clientToken1.SecretID`: a name with a vowel, then a
 * name of words), and a variable named for what it holds (`encryptionKey2`, `ed25519Key`) where code goes on after it (`,`, `;`, `)`,
 * `}`, a comment: in a configuration, `<password>plainSecret</password>` is a value).
 */
function isCodeValue(v: string, after: string): boolean {
  if (/^(?:map\[|\[\]|chan\b|func\()/.test(v) || (/^\{[A-Za-z_$][\w$.]*(?:\[|$)/.test(v) && !v.includes('}'))) return true;
  // A name negated (`xhr.withCredentials = !requiresPreflightRequest;`), its words a name's.
  if (/^!{1,2}[a-z_$][\w$]*$/.test(v) && isWordy(v.replace(/^!+/, ''))) return true;
  // An address or an element taken (`Password: &parts[1],`, `Token: *cfg.Token`).
  // (A name of small letters, its index a number or a name, its member a name without digits: `&Hunter2.Qx9z` is a password.)
  if (/^[&*][a-z_$][A-Za-z_$]*(?:\[(?:\d+|[a-z_$][\w$]*)\]|\.[A-Za-z_$][A-Za-z_$]*)+$/.test(v)) return true;
  const dot = v.lastIndexOf('.');
  // A class's static member (`P11Key.secretKey`, `Config.apiToken`): a type's name and a member's, each in words.
  if (/^[A-Z][A-Za-z0-9]*\.[a-z][a-z]*(?:[A-Z][a-z]*)+$/.test(v) && rarePairs(v.slice(dot + 1)) === 0 && isWordsAroundNumbers(v.slice(0, dot).replace(/\d+/g, ''))) return true;
  if (dot > 0 && /^[a-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v)) {
    const first = v.slice(0, v.indexOf('.'));
    const last = v.slice(dot + 1);
    return /[aeiou]/.test(first) && !/\d/.test(first.replace(/\d+$/, '')) && rarePairs(last) === 0 && !/[A-Za-z]\d+[a-z]|\d{4}/.test(last) &&
      /^[A-Z][a-z]{2,}[A-Za-z0-9]*[A-Z][A-Za-z0-9]*$|^[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})+$/.test(last);
  }
  // (Not a generated value that holds such a word by chance, `aB3kZ9qKeyXm7Lp2Qw`: a name's digits end a word, `ed25519Key`, `x509Private`.)
  // (Also in snake case, the word last, its other parts words with their numbers, where an expression goes on (not after a shell's
  // `;`, which ends a literal): `{"X-aws-ec2-metadata-token": imdsv2_session_token}`.)
  if (/^[ \t]*[,)}]/.test(after) && /^[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*_(?:key|token|secret|password|passwd|pwd|cert|credentials?)$/.test(v) &&
    v.split('_').every((w) => /[aeiouy]/.test(w) && /^[a-z]+\d*$/.test(w))) return true;
  return /^[ \t]*(?:[,;)}]|\/\/)/.test(after) && !/[A-Za-z]\d+[a-z]/.test(v) && /^[a-z][a-zA-Z0-9]*$/.test(v) && /[A-Z]/.test(v) &&
    (/(?:^|[a-z0-9])(?:key|Key|token|Token|secret|Secret|password|Password|cert|Cert)s?(?![a-z])/.test(v) || /[A-Z](?:Key|Token|Secret|Password|Credential)s?$/.test(v));
}

/** The key's name in a resource's path (`arn:…/IAMUserChangePassword`), or as a later word of a name (`get_password2`, `OAuth2AccessToken`, `<str>$sessionToken`). */
function holdsKeyName(value: string, key: string): boolean {
  const at = value.toLowerCase().indexOf(key.toLowerCase());
  if (at < 0) return /[_.-]/.test(key) && isTypeNamedForKey(value, key);
  return /[/:.]/.test(value) || (at > 0 && /^[<>\w$-]+$/.test(value) && (/[_$>-]/.test(value[at - 1]!) || (/[a-z0-9]/.test(value[at - 1]!) && /[A-Z]/.test(value[at]!))));
}

/**
 * A type named for a key's material, its words joined and ending it: after an acronym or an algorithm (`DSAPrivateKey`,
 * `Ed25519PrivateKey`), a private class's name (`_EllipticCurvePrivateKey`), a module's member (`ed25519.Ed25519PrivateKey`), under
 * `private_key`. (Never under a password's, a secret's or a token's name: `Welcome1AdminPassword`, `Summer2024ClientSecret`.)
 */
function isTypeNamedForKey(value: string, key: string): boolean {
  if (!/(?:private|public|signing|verify|encryption|decryption)[_.-]?key$/i.test(key)) return false;
  let type = TYPE_NAMED_FOR.get(key);
  if (!type) {
    const joined = key.replace(/[^A-Za-z0-9_.-]/g, '').split(/[_.-]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
    TYPE_NAMED_FOR.set(key, (type = new RegExp(`^(?:[a-z][a-z0-9]*\\.)*(?:_[A-Z][A-Za-z0-9]*|[A-Z]{2,5}|${CURVES})?${joined}$`)));
  }
  return type.test(value);
}
/** Elliptic curves as a key's type names them: their numbers are the curve's. */
const CURVES = 'Ed25519|Ed448|X25519|X448|P256|P384|P521|Secp256k1';
const CURVE_NAME = new RegExp(CURVES, 'g');
/** Words of a type's name that hold a number: `OAuth2`, `Http2`, `Sha256`, `X509`, `Int64`. */
const NUMBERED_TYPE_WORD = /O[Aa]uth2|Http2|Sha(?:1|224|256|384|512)|Md5|Base64|U?[Ii]nt(?:8|16|32|64)|X509/g;
/** Each key's pattern of the types named for it, built once. */
const TYPE_NAMED_FOR = new Map<string, RegExp>();

/** The first form whose value is accepted, and where the first form that matched at all ends. */
function tryForms(text: string, at: number, lineBefore: string, lineEnd: string, weak: ((v: string) => boolean) | null, key: string): { hit: Hit | null; end: number } {
  let end = 0;
  for (const f of FORMS) {
    if ((f.when && !f.when(lineBefore, lineEnd)) || (f.keys && !f.keys.test(key)) || (f.named && !f.named(key, lineEnd))) continue;
    f.re.lastIndex = at;
    const m = f.re.exec(text);
    const read = m?.groups?.v;
    if (!m || read === undefined) continue;
    const from = m.index + m[1]!.length;
    end ||= from + read.length;
    const [first, last, isDefault] = valueInside(read, /["'`]/.test(text[from - 1] ?? ''));
    const value = read.slice(first, last);
    const span = [from + first, from + last] as const;
    // Text in a script written without blanks (`パスワード：8文字以上で入力してください`): a sentence, with a few letters or digits of
    // ASCII at most (`Xk9fLq2mZpR7，请勿外传` is a value and a note).
    if (UNSPACED_SCRIPT.test(value) && value.replace(/[^A-Za-z0-9]/g, '').length <= 4) continue;
    // psql's variable interpolated as a literal (`WITH PASSWORD :'newpw'`): a name, not the value.
    if (/[ \t(,=]:["']$/.test(text.slice(span[0] - 3, span[0])) && /^[A-Za-z_]\w*$/.test(value)) continue;
    // A value glued to one already redacted (`tokenX=[REDACTED:…]`) is read in part: the first look read it whole, and took nothing.
    if (text.startsWith('[REDACTED:', span[1])) continue;
    // … and a value written with a placeholder glued to it (`--token=sha256~<your-token>`) is a template.
    if (text.charCodeAt(span[1]) === 60 && /^<[\w .-]{1,60}>/.test(text.slice(span[1], span[1] + 64))) continue;
    // A function call (`b64u(encryptedKey)`) or the key itself again (`exports.token = token`) is code.
    // (`pbkdf2Sync(…)`, `decodeBase64url(…)`: a name in camelCase or with underscores is a function's, digits or not.)
    // (Unquoted, a name called with names or literals as its arguments is a call, its number a version's or a size's, not a digit
    // between small letters as a generated value has them: `EIP20Interface(underlying)`, `AES256Cipher(key)`, not `p4ss(w0rd)`; a
    // number that is part of a word is a name's, `standard_b64encode(credentials)`, `_get_end2end_headers(headers)`.)
    // (A name of words with numbers between them is called with code, `Conv2dNorm(dim, …)`, `M2M100ScaledWordEmbedding(` at a line's
    // end: not `Sunset44Violet(!)`; never under a password's or a secret's name, `MYSQL_ROOT_PASSWORD=Chelsea1905Blue(`.)
    // (A name a person may choose the value under: words or names of code may be the password itself.)
    const chosen = /pass|pwd|secret/i.test(key);
    const isCall = text.charCodeAt(span[1]) === 40 && (value.length < 8 || isWordy(value) || !/\d/.test(value) || isFunctionName(value) || /::|\.[A-Za-z_]\w*$/.test(value) ||
      (isNameOfParts(value) && !chosen && /^\([ \t]*(?:[A-Za-z_$"'*[{)]|\d|\r?\n|$)/.test(text.slice(span[1], span[1] + 8))) ||
      (!/["'`]/.test(text[span[0] - 1] ?? '') && /^[A-Za-z_$][\w$]*$/.test(value) && (!/[a-z]\d+[a-z]/.test(value) || isWordsAroundNumbers(value)) && (value.match(/\d+/g) ?? []).length <= 2 &&
        CALL_ARGUMENTS.test(text.slice(span[1], span[1] + 200))));
    // An unquoted value with an operator after it is the first term of an expression (`s3LockKey := s3StateKey + suffix`).
    // (`&&`, `||` end a shell command, `TOKEN=… && make`: the value stands alone.)
    // (A generated value before a dash or a slash is not a name: `password: Xk9m… - change it`.)
    const quoted = /["'`]/.test(text[span[0] - 1] ?? '');
    // Unquoted, words of a language as a word of English is (`password: Contraseña`, `Bestätigungs-Token`, `Пароль`: a label
    // translated): letters only, some beyond ASCII. (Quoted, a literal: `password = 'Straße'` is judged.)
    if (!quoted && /[^\x00-\x7f]/.test(value) && NATURAL_WORDS.test(value)) continue;
    // A translation's entry: its key the text of the source language in quotes, a phrase (`"Client Secret": "Klienthemmelighed"`,
    // `"OAuth client secret": "OAuthクライアントシークレット"`) or the label `"Credentials": "Zugangsdaten"`, its value words of another.
    // (Under a password's name, the text names a password: a word chosen as one, `"Admin Password": "Tigerlily"`, is one.)
    if (quoted && isLanguageText(value) && isTranslatedLabel(lineBefore, key, text.charCodeAt(at)) && (!/pass|pwd/i.test(key) || isLabel(value))) continue;
    // … and a message's key named for where the text shows (`field_password: Contrasenya`, `label_api_access_key: API-nyckel`,
    // `"label.password": "…"`; such keys are written in small letters): words of a language are its text.
    if (UI_TEXT_KEY.test(key) && isLanguageText(value)) continue;
    // Code, unquoted: a member of an object, a variable named for what it holds, a Go field's type, a JSX expression (isCodeValue).
    if (!quoted && isCodeValue(value, text.slice(span[1], span[1] + 4))) continue;
    // A sentence that names a login and a password (`Validate that login and password exists`): a word after them is prose.
    // (Joined by `and`, `or`, an article: `login with password letmein` is a login's.)
    if (PROSE_AFTER_LOGIN.test(value) && /\blogin[ \t]+(?:and|or|nor|the|a|an|your|their|its)[ \t]+$/i.test(lineBefore)) continue;
    // A comparison (`First pass: decided_mask==0`), and a number written in groups as code writes one (`text_pad_token=129_595`):
    // an expression and a constant, unquoted. (Base64's `==` ends a value; a comparison goes on after it.)
    // (The name compared is a variable's or a member's, in small letters and joined, `decided_mask`, `opts.mode`.)
    // (Not a line's own setting, `secret=my_pass==1`.)
    if (!quoted && ((/^[a-z][a-z0-9]*(?:[_.][a-z][a-z0-9]*)+(?:==|!=)(?:\d+|[a-z_][\w.]*)$/.test(value) && !lineStart(lineBefore)) || /^\d{1,3}(?:_\d{3})+$/.test(value))) continue;
    // A type where a value would be, unquoted (a parameter's or a field's hint): Python's typing (`passphrase: Optional[str]=None`), a
    // module's class (`password: PySide6.QtCore.QByteArray`, `Credential: _win32typing.PyCredHandle`), a class named for what the key
    // holds (`token: OAuth2Token`, `key: Ed25519PrivateKey`, a number only as a standard's or a curve's, not `Deploy2Token`, nor under a password's or a secret's name, where such words may
    // be the password). Each a name of words, numbers at their joints.
    // (A module's class in camelCase, two capitals at least, `QByteArray`, after a module in small letters (`_win32typing.PyCredHandle`),
    // or after modules in camelCase too (`PySide6.QtCore.QByteArray`, the only form under a password's name): a passphrase's words may
    // be joined by dots, `Banister4.GloomySandpaper`, `Jungle0.Garden.CloudMaple`. A hint's types without digits: `type[Xk9m…]` is not one.)
    const isTypeName = (value: string, parts = value.split('.')) => (parts.length >= 2 && parts.slice(1).every((part) => /^[A-Z][a-z]*[A-Z][A-Za-z]*$/.test(part)) &&
      (parts.length >= 3 || (/^_?[a-z][a-z_]*(?:\d+[a-z_]+)*$/.test(parts[0]!) && !chosen)) &&
      (!chosen || /^[ \t]*(?:[),\]=|]|->)/.test(text.slice(span[1], span[1] + 4)))) ||
      (KIND_TYPE.test(value) && !/Secret|Pass/.test(value) && !/\d/.test(value.replace(CURVE_NAME, '').replace(NUMBERED_TYPE_WORD, '')) && !chosen);
    if (!quoted && ((TYPE_HINT.test(value) && !/\d/.test(value.replace(NUMBERED_TYPE_WORD, ''))) || (isTypeName(value) && isNameOfParts(value)))) continue;
    // The digest detect-secrets' baseline (`.secrets.baseline`, written to be committed) keeps of each secret it found.
    if (key === 'hashed_secret' && /^[0-9a-f]{40}$/.test(value)) continue;
    // An OpenPGP key's id or fingerprint under its key's name (`GPG_KEY="CFB4C2166397D0D2"`): public, what finds the key.
    if (/gpg|pgp/i.test(key) && !/pass|pwd/i.test(key) && /^(?:0x)?(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})$/.test(value)) continue;
    // A path of words is where a secret is kept (`{{ with secret "kv/data/api/db" }}`), not the secret.
    if (/^[a-z_-]+(?:\/[a-z_.-]+){2,}$/.test(value) && !/pass|pwd/i.test(key)) continue;
    // A type's name compared with what `typeof` gives (`typeof data.weak_password === 'object'`), or a validation's rules, as Laravel
    // writes them (`'password' => 'required|min:8|confirmed'`, `'token' => 'required'`): no value.
    if ((TYPEOF_RESULT.test(value) && /\btypeof[ \t(]+[\w$.]*$/.test(lineBefore)) || (VALIDATION_RULES.test(value) && (/[|:]/.test(value) || /=>[ \t]*["']$/.test(text.slice(span[0] - 6, span[0]))))) continue;
    // A code span in a list of a text's (Markdown's) that names a type by its namespace (`V2.Core.AccountPersonToken`, `V2.Core.AccountPerson`).
    // (Three parts at least, a number only as the first one's version: `Jungle0.Garden.CloudMaple` is a passphrase.)
    if (text[span[0] - 1] === '`' && text[span[1]] === '`' && !chosen && /^(?:[Vv]\d{1,2}|[A-Z][A-Za-z]*)(?:\.[A-Z][A-Za-z]*){2,}$/.test(value) && isNameOfParts(value)) continue;
    // A media type (`application/octet-stream`, `image/svg+xml`): a format's name.
    if (/^(?:application|text|image|audio|video|font|multipart|message|model)\/[a-z0-9][\w.+-]{0,100}$/.test(value)) continue;
    // An address names whose key it is (`user.signingkey=security@example.com`); a message written in escapes only is text
    // (`emptyPassword=\u7528\u6237…`); fetch's `credentials: 'same-origin'` is a policy.
    if ((EMAIL_VALUE.test(value) && !/pass|pwd/i.test(key)) || /^(?:\\u[0-9A-Fa-f]{4}|[ \t])+$/.test(value) || (/^cred/i.test(key.slice(key.lastIndexOf('.') + 1)) && /^(?:same-origin|include|omit)$/.test(value))) continue;
    // (A command's next option is no operator: `mysql --password=… -h db`.)
    if (!quoted && /^[ \t]*[+*/%-][ \t]*[\w$(]/.test(text.slice(span[1], span[1] + 4)) && (isFunctionName(value) || isIdentifier(value) || isWordy(value)) &&
      !isShellWord(text, at, span[1], key, lineBefore)) continue;
    // The key's own name inside its value (`IAMUserChangePassword = "arn:…/IAMUserChangePassword"`) names a resource; spelled in
    // another case (`USER_NOT_FOUND_PASSWORD = "userNotFoundPassword"`), it is the constant's name.
    // (Not a password that starts with the word or holds it inside another, `SecretPass123`, `mypassword1`: a resource's path, or a
    // name with the key as a later word of it, `get_password2`.)
    // A method's name after its return type, a type named for the key (`Credentials acquireS4U2selfCreds(`): code.
    // (Blanks alone between them, and the name a verb's or a word's first: not `Using Key=dSVpgO96Umg22oD56Q7dAVZ9(`.)
    if (text.charCodeAt(span[1]) === 40 && /^[A-Z][a-z]+(?:[A-Z][a-z]+)*$/.test(key) && /^[ \t]+$/.test(text.slice(at, span[0])) &&
      /^[a-z]{3,}(?:[A-Z0-9][\w$]*)?$/.test(value) && (value.match(/\d+/g) ?? []).length <= 2) continue;
    // A message written in escapes alone, a template's place holders aside (`"\u5225\u540D<{0}>\u306B…"` of a Java resource bundle).
    if (value.includes('\\u') && value.length - value.replace(/\\u[0-9A-Fa-f]{4}/g, '').length >= 12 && !/[A-Za-z0-9]/.test(value.replace(/\\u[0-9A-Fa-f]{4}|\{\d+\}/g, ''))) continue;
    // (A color, `Token.String: "#AB0909"` of a syntax theme, except under the name of a credential a person chooses: a password, a
    // secret, a pre-shared key, an API key.)
    if (/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value) && !/pass|pwd|secret|psk|cred|auth|api[_-]?key/i.test(key)) continue;
    if (isCall || value.length < 5 || value === key || (key.length >= 6 && holdsKeyName(value, key))) continue;
    // A template's name given its arguments (`CompletionToken = with_diagnostics_t<asio::deferred_t>>`, C++'s default type), unquoted.
    // (Its arguments names of types, not an element of HTML after a password, `Garden98Lemon<br>`, nor `<3`.)
    // (The name a type's, `…_t`, or its arguments a scope's or several, `<asio::deferred_t>`, `<K, V>`: `Winter42Coffee<kbd>` is a
    // password before an element; and never under a password's or a secret's name.)
    const template = quoted || chosen ? null : text.charCodeAt(span[1]) === 60 ? [value, text.slice(span[1], span[1] + 80)] : [/^[A-Za-z_]\w*(?=<)/.exec(value)?.[0] ?? '', value.slice(value.indexOf('<'))];
    if (template && TEMPLATE_ARGUMENTS.test(template[1]!) && (/_t$/.test(template[0]!) || (/^<[^<>]*(?:::|,)/.test(template[1]!) && !/\d/.test(template[0]!))) && isNameOfParts(template[0]!)) continue;
    // The key's sibling in a list of names, another number after the same name (`@sensitive_variables("password1", "password2")`,
    // `{'cls_token1', 'cls_token2'}`); and the key's own word cut short, unquoted, a variable (`credentials=creds`, `token=tokens`).
    // (Listed, the key an item of a call or a list and a comma between them, never given with `:` or `=`: `"password1": "password123"`
    // is a password. Cut short, the key's last word starts with it, an argument (`,` or `)` after it), and the key is no password's or
    // secret's: `postgresPassword=postgres`, `PGPASSWORD=pgpass`, `client_secret=secrets` are values.)
    const keyWord = key + /^\w*/.exec(text.slice(at, at + 40))![0];
    if ((/\d$/.test(value) && /\d$/.test(keyWord) && value !== keyWord && value.replace(/\d+$/, '') === keyWord.replace(/\d+$/, '') && /\d+$/.exec(value)![0].length === /\d+$/.exec(keyWord)![0].length &&
      /^\w*["']?[ \t]*,[ \t]*["']?$/.test(text.slice(at, span[0])) &&
      /[([{,][ \t]*["']?\w*$/.test(lineBefore)) ||
      (!quoted && /^[a-z]{3,}s?$/.test(value) && !chosen && /^[ \t]*[,)]/.test(text.slice(span[1], span[1] + 4)) && (/[A-Za-z][a-z]*$/.exec(key)?.[0].toLowerCase().startsWith(value.replace(/s$/, '')) ?? false))) continue;
    // A model's special token, a word in capitals between brackets or bars (`"[MASK2]"`, `"<|endoftext|>"`, `"|SPEAKER|"`, SentencePiece's
    // `"▁<SUF>"`), under a token's name: a marker in a text, not a credential.
    // (Not a word that names a secret itself, `"|SUPERSECRET|"`.)
    if (/token/i.test(key) && !/pass|pwd|secret|cred|auth/i.test(key) && SPECIAL_TOKEN.test(value) && !/pass|pwd|secret|key|token|admin|root/i.test(value)) continue;
    // (… also a member's: `AttributeOID.CHALLENGE_PASSWORD: "challengePassword"`.)
    if (key.length >= 6 && value.toLowerCase().replace(/[^a-z0-9]/g, '') === key.slice(key.lastIndexOf('.') + 1).toLowerCase().replace(/[^a-z0-9]/g, '')) continue;
    // (… or a label's constant, the name's last words as its value in small letters: `LabelValueSecretTypeRepoCreds = "repo-creds"`.)
    if (/^[a-z]+(?:[-_][a-z]+)+$/.test(value) && endsWithWords(key, value.split(/[-_]/))) continue;
    // The key's member given the variable of the same name (`this.encryptionX509Credentials = encryptionX509Credentials;`), or
    // the last words of the key's own name (`ActionResetPassword = "ResetPassword"`): code, a constant's name.
    if (value === key.slice(key.lastIndexOf('.') + 1) || (/^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(value) && key.endsWith(value) && /[a-z]$/.test(key.slice(0, -value.length)))) continue;
    // A URN names where a secret is kept (`password: "urn:k8s:secret:oidc:redisPass"`), not the secret.
    // (Its parts names, two at least after its namespace: `urn:pw:Xk9fLq2mZpR7vB` is a value behind a prefix.)
    if (/^urn:[a-z0-9][a-z0-9-]{1,31}(?::[A-Za-z][A-Za-z0-9_.-]*){2,}$/i.test(value) && !value.split(':').some((part) => generatedInName(part))) continue;
    // A template literal that interpolates (`` token: `${url}oauth/token` ``): built by the code.
    if (text.charCodeAt(span[0] - 1) === 96 && value.includes('${')) continue;
    // A composite literal opened after the value (`&sourcespb.S3_AccessKey{`), and a variable named in words, digits or not
    // (`"private_key": base64PrivateKey,`): code, not a literal.
    // (Not in a shell's words, where a bare word is a literal: `export DB_PASSWORD=falconLibertyBeach`, `mysql --password=…`.)
    if ((text.charCodeAt(span[1]) === 123 && isCodeName(`${value}{`)) ||
      (!quoted && isFunctionName(value) && isWordy(value.replace(/\d+/g, '')) && !isShellWord(text, at, span[1], key, lineBefore))) continue;
    // A word of the key's own name (`POSTGRES_PASSWORD=postgres`, `RABBITMQ_PASS=rabbitmq`): the service's documented default.
    if (/^[a-z]+$/i.test(value) && key.toLowerCase().split(/[^a-z]+/).includes(value.toLowerCase())) continue;
    // A name in camelCase under a token's or a key's name (`IAM_ROLE_STATEMENTS_TOKEN = 'iamRoleStatements'`, `TOKEN_KEY = "authToken"`):
    // the key a value is stored under, not the value. (Under a password's name, words may be the password.)
    // (Nor under an .npmrc's `_auth`: a password in its own right.)
    // (Nor under a secret's name in a shell's words, `export JWT_SECRET=…`, `--client-secret=…`: a literal.)
    if (/^[A-Za-z][a-z]+(?:[A-Z][a-z]+){1,5}$/.test(value) && !/pass|pwd|pw$|^_auth$/i.test(key) && isWordy(value) &&
      !isShellWord(text, at, span[1], key, lineBefore)) continue;
    // … and words joined as names are, under a token's or an API key's name: a header's name (`contentTypeToken = "Content-Type"`),
    // an error's code (`token - 'redirect_url_mismatch'`), a scope (`"admin:ssh_signing_key"`). (Under a secret's or a password's
    // name, words may be a passphrase.)
    // (Under a secret's name too, three words or more joined by dashes, unquoted: a resource's name, `certSecret: redis-client-cert`.)
    // (Also small words joined by dashes that a sentence says the token is, a permission's name: `this token is 'read-job'`; assigned,
    // `const token = 'hono-is-hot'`, they are a token someone chose.)
    if (/token|key$/i.test(key) && !/pass|pwd|secret|cred|^_auth$/i.test(key) && isNameOfWords(value, /^[ \t]+(?:is|was|are|were)[ \t]/.test(text.slice(at, at + 8)))) continue;
    if (/[a-z]Secret$/.test(key) && !quoted && /^[a-z]+(?:-[a-z]+){2,}$/.test(value) && value.split('-').some((p) => p.length >= 4 && isWord(p))) continue;
    // A format string filled in by the code (`"prefix_{}".format(x)`, `f"db_{name}"`, `$"…{x}"`): a template, not a literal.
    if (/\{[\w.]*\}/.test(value) && (/^["'`]?\.format\(/.test(text.slice(span[1], span[1] + 9)) || /[fF$]["'`]$/.test(text.slice(span[0] - 2, span[0])))) continue;
    // A dependency named by its group (`io.jsonwebtoken:jjwt-jackson:0.11.2`), not a key and its value.
    if (key.includes('.') && text.charCodeAt(span[0] - 1) === 58 && isCoordinate(value)) continue;
    // One member of a union of names (`RequestCredentials = "include" | "omit"`).
    if (/^[a-z][a-z-]*$/.test(value) && /^\\?["'`]?[ \t]*\|/.test(text.slice(span[1], span[1] + 5))) continue;
    // A setting named by what it does to a password (Ansible's `update_password: on_create`, `reset_password: always`): an option's word.
    if (/^[a-z]+(?:_[a-z]+)*$/.test(value) && ACTION_ON_SECRET.test(key)) continue;
    // (… or a command's word in quotes before the next argument, `[]string{"set-credentials", "another-user", …}`: kubectl's
    // `config set-credentials <name>`.)
    if (CREDENTIAL_ACTION.test(key) && text.charCodeAt(at - key.length - 1) === 45) continue;
    // Docker's and BuildKit's `--secret id=npmrc,src=.npmrc` (a service's `source=…,target=…`): which secret to mount and where.
    // (Its fields names and paths: not a generated value, `id=Xk29fLmQ8vRtA1zz`.)
    if (/^secrets?$/i.test(key) && text.charCodeAt(at - key.length - 1) === 45 && MOUNTED_SECRET.test(value) &&
      !value.split(',').some((field) => keyLike(field.slice(field.indexOf('=') + 1)))) continue;
    if (CREDENTIAL_COMMAND.test(key) && /^["'`]$/.test(text[at] ?? '') && text[at] === text[at - key.length - 1] && /^[ \t]*,[ \t]*["'`]/.test(text.slice(at + 1, at + 8))) continue;
    // A name that says its value is one (`nameParentSecret := "my-set"`): words joined by dashes, a resource's name.
    if (/^name[A-Z_]/.test(key) && /^[a-z]+(?:-[a-z0-9]+)+$/.test(value)) continue;
    // A permission's level (GitHub Actions' `id-token: 'write'`), quoted or not: no token.
    if (/^(?:read|write|none|read-all|write-all)$/.test(value) && /token/i.test(key)) continue;
    // A Django migration's dependency (`('authtoken', '0001_initial')`): the app's label, then the name of one of its migrations.
    if (/^\d{4}_[a-z][a-z0-9_]*$/.test(value) && /^["']\)/.test(text.slice(span[1], span[1] + 2))) continue;
    // A message named for what is wrong with a credential, its first word (`BindAuthenticator.badCredentials=Credenciales erróneas`).
    if (WRONG_SECRET.test(key) && !quoted && /^[ \t]+[^\s=:]/.test(text.slice(span[1], span[1] + 2))) continue;
    // A field's number, not its value (never quoted): protobuf's `string refresh_token = 4;` (a type's name before the key) and an enum's
    // `DATA_TOKEN = 11 [deprecated = true];` (the field's options in brackets after it).
    if (/^\d+(?:\[|$)/.test(value) && !/["'`]/.test(text[span[0] - 1] ?? '') && (value.includes('[') || /^[ \t]*\[/.test(text.slice(span[1], span[1] + 4)) || FIELD_TYPE_BEFORE.test(lineBefore))) continue;
    // (A form that judges the key's name itself, as a sentence does `the API key`, holds the value to its own test only.)
    const accept = f.inList && insideList(lineBefore) ? f.inList : (f.accept ?? isValue);
    if (!accept(value) || (weak && !f.named && !weak(value))) continue;
    // (A default is most often a word to develop with, `${DB_PASSWORD:-postgres}`: only a generated one is a credential.)
    if (isDefault && !keyLike(value) && !passwordLike(value)) continue;
    return { hit: { start: span[0], end: span[1], reason: 'password' }, end: from + read.length };
  }
  return { hit: null, end };
}

/** The fields of Docker's `--secret` (BuildKit's, a service's): a secret named, and where and how it is mounted. */
const MOUNTED_SECRET = /^(?:id|src|source|type|env|target|required|mode|uid|gid)=[^\s,=]*(?:,(?:id|src|source|type|env|target|required|mode|uid|gid)=[^\s,=]*)*$/;

/**
 * A password's or a secret's value given in a shell's words, where a bare word is a literal and a variable is written `$NAME`
 * (`export DB_PASSWORD=falconLibertyBeach`, `PGPASSWORD=… psql`, `docker run -e DB_PASSWORD=…`, `mysql --password=… mydb`), not a
 * variable of code's. `keyEnd` is where the key's keyword ends, `end` where the value does.
 * - A command's option (`--password=…`, `--password …`, Go's `-password=…`): code never writes one, whatever follows. (Not
 *   Docker's, Podman's or gcloud's `--secret`, which names a secret kept elsewhere.)
 * - A variable set with `=` right after its name, where a shell's word starts (see SHELL_WORD_START), the value ending the command's
 *   word: a blank, the line's end, a separator, a closing quote. (Not `,` nor `)`: `password=conn_password,` is Python's argument;
 *   nor an operator between blanks, `PASSWORD=userPassword - offset`.)
 * - A Dockerfile's older `ENV NAME value`, csh's `setenv NAME value`, fish's `set -x NAME value`.
 */
function isShellWord(text: string, keyEnd: number, end: number, key: string, lineBefore: string): boolean {
  if (!/pass|pwd|pw$|secret/i.test(key)) return false;
  // (The name may go on after its keyword: `SECRET_KEY=…`.)
  let at = keyEnd;
  while (at < end && isKeyChar(text.charCodeAt(at))) at++;
  const name = key + text.slice(keyEnd, at);
  if (/(?:^|[\s"'`])--?$/.test(lineBefore)) return !/^secrets?$/i.test(name) && /^(?:=|[ \t]{1,8}[^\s=])/.test(text.slice(at, at + 10));
  // (A Dockerfile's older `ENV NAME value`, csh's `setenv`, fish's `set -x`: a blank for `=`, the value last on its line.)
  if (/^[ \t]/.test(text[at] ?? '') && /^[ \t]*(?:ENV|setenv|set(?:[ \t]+-[A-Za-z]+)+)[ \t]+$/.test(lineBefore)) return true;
  if (text.charCodeAt(at) !== 61) return false;
  const after = text.slice(end, end + 4);
  if (!/^(?:$|[\s;&|`"'])/.test(after) || /^[ \t]+[-+*/%][ \t]/.test(after)) return false;
  const position = SHELL_WORD_START.exec(lineBefore);
  // (At a line's start alone, a name in small letters may be Python's argument on a line of its own: not after a line that opens a
  // call or goes on with a comma, nor before one that closes it.)
  return position !== null && (position[1] === undefined || /^[A-Z][A-Z0-9_]*$/.test(name) || !isArgumentLine(text, keyEnd - key.length - lineBefore.length, end));
}
/** Whether the line that starts at `start` (its value ending at `end`) stands between a line ending in `(`, `,`, `[` or `{` and one starting with `)`. */
function isArgumentLine(text: string, start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && start - before < 200 && /\s/.test(text[before]!)) before--;
  const next = /^[^\n]*\n\s*(\S)/.exec(text.slice(end, end + 200));
  return (before >= 0 && /[(,[{]/.test(text[before]!)) || next?.[1] === ')';
}
/**
 * Where a shell's word starts, at the end of the text before a key: a line's start (its blanks, a diff's sign, a list's bullet or
 * number, a quote's `>`, a comment's `#`, make's `@`; group 1), a quote, a command's separator (`;`, `&&`, `|`, `$(`, a backquote), a
 * setting's value that is a command (a workflow's `run: …`), or a command that sets variables or runs one with them (`export`, `env`,
 * `sudo`, a Dockerfile's `ENV`, `docker run -e`); variables set before it in the same command may stand between
 * (`export DB_USER=app DB_PASSWORD=…`).
 */
const SHELL_WORD_START = new RegExp(
  '(?:(^[ \\t]*(?:(?:[-+*>#@]|\\d{1,3}\\.)[ \\t]*)?)|["\'`]|(?:[;&|]|\\$\\()[ \\t]*|[\\w-]:[ \\t]+|(?:^|[^\\w$.-])(?:export|env|sudo|set|ENV|ARG|RUN|declare|readonly|local|typeset|then|do)[ \\t]+(?:-[A-Za-z]+[ \\t]+)*|[ \\t](?:-e|--env)[ \\t]+["\']?)' +
  '(?:[A-Za-z_]\\w*=[^\\s"\'`;&|]*[ \\t]+)*$',
);

/**
 * A reference with a default written in: shell's and Compose's `${DB_PASSWORD:-…}`, `${X:=…}`, Spring's `${jwt.secret:…}` (a name
 * with a dot or an underscore, or in capitals: `${self:custom.token}` and `${env:X}` read a variable of another source, `:?` and `:+`
 * give an error message or an alternative).
 */
const DEFAULT_OF_REFERENCE = /^\$\{(?:[A-Za-z_][\w.]*:[-=]|(?:[A-Za-z_]\w*[._][\w.-]*|[A-Z][A-Z0-9]*):(?![-=?+]))(?=[^{}$\s]+\}$)/;

/**
 * Where the value lies in what a form read, and whether it is a reference's default: the default of a reference is a
 * literal, the value itself; outside quotes, a closing brace with no opening one closes what holds the value
 * (`@Value("${jwt.secret:…}")` read from its key, `{token: abc}`), and so does a written-out line break or quote.
 */
/** An element's closing tag at the end of what a form read. */
const CLOSING_TAG_END = /<\/[A-Za-z][\w.:-]{0,40}>$/;
function valueInside(read: string, isQuoted: boolean): [number, number, boolean] {
  const reference = DEFAULT_OF_REFERENCE.exec(read);
  if (reference) return [reference[0].length, read.length - 1, true];
  if (isQuoted) return [0, read.length, false];
  // (Nor does an unquoted value go on past a written-out line break or an escaped quote: `KEY=…\nNEXT=…` is two lines
  // written in one, `\"token=$X\"` a string written inside another.)
  const written = escapeIn(read);
  // (A backslash at its end escapes what follows it: `\"token=$X\"` read up to its quote.)
  let last = written < 0 ? read.replace(/\\+$/, '').length : written;
  // (Nor past the end of the element it stands in: `<translation>Contraseña: %1</translation>`, `<td>Password: …</td>`.)
  const closing = CLOSING_TAG_END.exec(read.slice(0, last));
  if (closing) last = closing.index;
  if (read.includes('{')) return [0, last, false];
  while (last > 0 && read.charCodeAt(last - 1) === 125) last--;
  return [0, last, false];
}
