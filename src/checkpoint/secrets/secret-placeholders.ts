/**
 * What a value is when it is not a secret, whatever rule found it: a
 * reference to one (`$VAR`, `${VAR}`, `#{var}`, `${{ secrets.X }}`,
 * `%VAR%`, `<your-key>`, `process.env.X`, a constant's name), a code
 * expression (`this.mPassword`, `args.token`), or a placeholder written in
 * its place (`xxxx`, `****`, `your_token_here`, `changeme`, `test`,
 * `0000…`, `a1B2c3D4…`, `abcdef123456`). The rules ask these questions of a
 * value before they redact it, so that documentation and code that names a
 * secret are kept while the secret itself is not.
 */
import { isNatsPublicKey } from './secret-checksum.js';

/** A reference or an interpolation, whole: the value stands for a secret kept elsewhere. */
const REFERENCE = new RegExp(
  [
    // (A dollar escaped for a shell or a template that passes it on, `\$ENVVAR`, Compose's `$${VAR}`, is a reference still.)
    // (An operator only inside the braces: `$HKnGM1HIN746reC?kmP` is a password that starts with `$`.)
    '(?:\\\\|\\$)?\\$\\{(?:\\.?[A-Za-z_][\\w.]*|\\d+|[@*#?])(?::?[-=?+][^}]*)?\\}?(?:[/:.][^\\s]*)?', // ${VAR:-x}, ${1:?usage}
    '\\\\?\\$(?:\\.?[A-Za-z_][\\w.]*|\\d+|[@*#?])(?:[/:.+-][^\\s]*)?', // $VAR, $VAR/path, $PREFIX-$ENV_NAME
    '[A-Za-z_]\\w*=\\$\\{?[A-Za-z_]\\w*\\}?', // NAME=${NAME}: an assignment that passes a variable on
    '\\$\\{\\{.*\\}\\}', '\\$\\(.*\\)?', '\\$\\d', '%~?\\d', '%\\*', // ${{ secrets.X }}, $(cmd), $1, a batch file's %1
    '@-|@(?:[\\w.~-]*/)*[\\w~-]+\\.[A-Za-z]\\w{0,5}', // a file read in its place: `password=@password.txt`, `-d @-`
    'env:[A-Za-z_]\\w*|fileb?:\\S+', // a variable or a file a tool reads it from: openssl's and boundary's `env:PASS`, `file:/run/secrets/db`
    '@(?:keychain|env):\\S+', // … or Xcode's altool and notarytool: `--password "@keychain:AC_PASSWORD"`, `@env:AC_PASSWORD`
    '\\$ENV\\{\\w+\\}', 'credentialsJSON:[0-9a-f-]{36}', // Perl's and FreeRADIUS' `$ENV{SECRET}`, TeamCity's stored `credentialsJSON:<uuid>`
    '\\$__(?:env|file|vault)\\{[^}]*\\}', // Grafana's expansions: `$__env{GF_SECRET_KEY}`, `$__file{/run/secrets/…}`, `$__vault{…}`
    '#\\{[^}]*\\}?', '%[A-Za-z_]\\w*%', '@[A-Za-z_]\\w*@', '__\\w+__', // #{var}, %VAR%, @VAR@, __VAR__, __globPaths__
    '%[-+ #0-9.]*[sdifuxXoeEgGcpqv]', '%\\([\\w.]+\\)[sdr]', '%\\d+\\$[sd]', // printf
    '\\{\\d*\\}', '\\{\\{.*\\}\\}', '\\{[A-Za-z_][\\w.]*!?\\}(?:/(?:[a-z]+(?:[-_.][a-z]+)*|\\{[A-Za-z_][\\w.]*\\}))*/?', '\\{\\{?\\s*[\\w.]+\\s*\\}?\\}', // {0}, {{ x }}, {name}, {url}/admin/{id}/client-secret (a path of words and placeholders)
    '<[^<>]*>', '&lt;.*&gt;', '\\[[A-Za-z _.-]*\\]?', '\\(\\s*[A-Za-z _.-]*\\)', // <your-key>, &lt;X&gt;, [PASSWORD]
    // A man page's metavariable in italics, as troff writes it, a word (`\fIname\fR`, `\f[I]user-id\f[R]`).
    '\\\\f(?:[IB]|\\[[IB]\\])[A-Za-z][a-z_-]{0,39}\\\\f(?:[RP]|\\[[RP]?\\])',
    // An AWS resource name: where a secret is kept (`arn:aws:secretsmanager:…:secret:prod/db`), never the secret.
    'arn:aws(?:-[a-z]+)*:[a-z0-9-]+:[a-z0-9-]*:\\d*:\\S+',
    // … an Azure App Service setting's Key Vault reference (`@Microsoft.KeyVault(SecretUri=…)`, `(VaultName=…;SecretName=…)`).
    '@Microsoft\\.KeyVault\\((?:SecretUri=https://[^)\\s]*|VaultName=[^;)\\s]*;SecretName=[^)\\s]*)\\)?',
    // … and a Google Cloud Secret Manager secret's or version's name (`projects/123/secrets/db-pass/versions/1`, `projects/*/secrets/*`).
    'projects/[\\w*.:-]+/secrets/[\\w*-]+(?:/versions/[\\w*-]+)?',
    '(?:process\\.env|os\\.environ|os\\.getenv|env|ENV|import\\.meta\\.env|System\\.getenv|secrets|vars|inputs|params|config|settings)[.\\[(].*',
  ].join('|'),
);
const REFERENCE_WHOLE = new RegExp(`^(?:${REFERENCE.source})$`);

/** A word that says a value is made up, on its own after a provider's prefix (`sk-lf-invalid`, `ghp_example`). */
const MADE_UP = /^(?:invalid|example|sample|dummy|fake|mock|test|demo|placeholder|redacted|changeme|todo|tbd|none|null|nil|undefined|empty|xxx+|foo|bar|baz|here|value|(?:too)?short|wrong|bad|bogus|expired|revoked|malformed|truncated)$/i;

/** Words that are a placeholder when a value is made of them (`your_api_token_here`, `test:test`, `changeme`). */
const PLACEHOLDER_WORDS = new Set([
  'password', 'passwd', 'pass', 'pwd', 'passphrase', 'secret', 'token', 'key', 'apikey', 'api', 'auth', 'credential', 'credentials',
  'your', 'my', 'the', 'here', 'example', 'sample', 'dummy', 'fake', 'mock', 'test', 'testing', 'demo', 'foo', 'bar',
  'baz', 'qux', 'changeme', 'change', 'me', 'replace', 'insert', 'put', 'enter', 'value', 'placeholder', 'redacted',
  'hidden', 'masked', 'obfuscated', 'none', 'null', 'nil', 'undefined', 'empty', 'default', 'todo', 'tbd', 'xxx', 'yyy', 'zzz',
  'user', 'username', 'login', 'access', 'private', 'public', 'client', 'id', 'app', 'anonymous',
  'new', 'old', 'some', 'abc', 'abc123', 'xyz', 'sk', 'pk', 'bearer', 'basic', 'string', 'str', 'text', 'of', 'for', 'a',
  'to', 'with', 'goes', 'own', 'real', 'actual', 'valid', 'invalid', 'random', 'generated', 'webhook', 'url', 'name',
  'db', 'database', 'service', 'account', 'project', 'org', 'team', 'bot', 'hash', 'salt', 'code', 'pin', 'number',
  'hello', 'world', 'helloworld', 'foobar', 'lorem', 'ipsum', 'admin', 'root', 'guest',
  // The documented passwords of well-known stores and boxes: Java's `cacerts` (`changeit`), Android's debug keystore (`android`),
  // Vagrant's base boxes (`vagrant`), MinIO's first root login (`minioadmin`).
  'changeit', 'android', 'vagrant', 'minioadmin',
  // Words that say a value is unfit on purpose, as a test of what is refused writes it (`API_KEY=short`, `keyTooShort`, `notajwt`).
  'short', 'too', 'long', 'wrong', 'bad', 'bogus', 'expired', 'revoked', 'malformed', 'truncated', 'not', 'jwt',
  // "Password" in other languages (a translated label: `"password": "Passwort"`, Portuguese `Palavra-passe`)
  'passwort', 'kennwort', 'passord', 'wachtwoord', 'salasana', 'haslo', 'senha', 'parola', 'heslo', 'adgangskode', 'contrasena', 'geslo', 'lozinka', 'parool', 'jelszo', 'sandi', 'kata',
  'lösenord', 'losenord', 'contraseña', 'hasło', 'jelszó', 'şifre', 'sifre', 'пароль',
  'contrasenya', 'contrasinal', 'pasahitza', 'palavra', 'passe', 'chave', 'lykilorð', 'parolă', 'slaptažodis', 'парола', 'лозинка',
]);

/** True when `value` is a reference or an interpolation, not a literal. */
export function isReference(value: string): boolean {
  return REFERENCE_WHOLE.test(value);
}

/** Words written with a number, whole: `b64encode`, `utf8`, `x509`, `k8s`, `sha256`, `int64`, `end2end`. */
export const WORDS_WITH_A_NUMBER = [
  'b64encode', 'b64decode', 'b64', 'base64url', 'base64', 'utf8', 'utf16', 'x509', 'k8s', 'i18n', 'l10n', 's3', 'ec2', 'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512',
  'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64', 'ipv4', 'ipv6', 'oauth2', 'http2', 'end2end', 'e2e', 'win32', 'win64',
];
/**
 * Such a word that starts a name's part, in small letters, capitals or with a capital first, followed by its next word, `_` or a
 * capital: `K8S_VOLUME_TYPE`, `s3Client`, `x509Cert`. (Not alone before a member, `k8s.XkqmLprTzWvN`: a literal can read so.)
 */
const NUMBERED_WORD = new RegExp(
  `(?<![A-Za-z0-9])(?:${WORDS_WITH_A_NUMBER.flatMap((w) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)]).join('|')})(?=_[A-Za-z]|[A-Z])`,
  'g',
);
const NUMBERED_WORDS = new Set(WORDS_WITH_A_NUMBER);
/** `this.mPassword`, `args.token`, `getPassword`, `DB_PASSWORD`: code or a constant's name, not a literal. */
export function isCodeName(value: string): boolean {
  if (/^(?:this|self|that|args|opts|options|props|ctx|req|res|cfg|conf|data|params|user|env)\.[A-Za-z_$][\w$.]*$/.test(value)) return true;
  // Member access, optional chaining, indexing: `options?.onresumptiontoken`, `tokens[j]`, `process.argv[2]`, and an index
  // cut where the value was read (`request.form[` of `request.form["x"]`, `opts[:x` of `opts[:x]`).
  // (C's `->` too: `c->argv[j]->ptr`.)
  // (What is inside the brackets is an index, not letters and digits mixed as a generated value mixes them: `Nof[dU-st51oGX`.)
  // (A module's short alias, a letter or three and a number, is a name of its own: `i1.XhrFactory` in compiled Angular.)
  // (A word's number is a word's, `K8S_VOLUME_TYPE`, `s3Client`, `x509Cert`.)
  if (/^[A-Za-z_$][\w$]*(?:(?:\??\.[A-Za-z_$][\w$]*|->[A-Za-z_$][\w$]*|\[[^\]]{0,40}\])+(?:\[[^\]]{0,40})?|\[[^\]]{0,40})$/.test(value) && !/\d[A-Za-z]|[A-Za-z]\d/.test(value.replace(/\[[^\]]*(?:\]|$)/g, '').replace(/^[a-z]{1,3}\d{1,2}(?=\.)/, '').replace(NUMBERED_WORD, '')) && !/\[[^\]]*[A-Za-z]\d+[A-Za-z]/.test(value)) return true;
  // An expression interpolated into a string, cut where the value was read at a quote inside it (C#'s `$"…password={cfg["Pw"]};…"`,
  // Python's `f"PWD={config['password']};"`).
  if (/^\{[A-Za-z_$][\w$.]*[[(]/.test(value)) return true;
  // A regular expression's text (`sshpass -p\s*['"]`, `(?=[^\v…`, a rule's pattern): a class of characters or a group, not a value.
  // (Or a class and its count, `[A-Za-z0-9/_+=.@-]{1,512}` of a schema's pattern.)
  if (/^(?:\\[sSdDwW](?:[*+?{]|$)|\(\?[:=!<]|\[[^\]\s]{1,80}\](?:[*+?]|\{\d+(?:,\d*)?\}?)$)/.test(value)) return true;
  // A keyword of a language that starts an expression: `token=await getSecret()`, `password = new Password(…)`.
  if (/^(?:await|new|yield|typeof|lambda|function|async|require|import|self|this|super)$/.test(value)) return true;
  // A call written as text (`obj.aFunctionCall()`, `getSecret()`): names and dots, no generated run.
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\)$/.test(value) && !/\d/.test(value)) return true;
  // A class's constant or static member (`PasswordBroker::INVALID_TOKEN`, `Password::RESET_LINK_SENT`, `Config::default()`).
  if (/^\\?[A-Za-z_][\w\\]*(?:::[A-Za-z_]\w*)+(?:\(\))?$/.test(value) && !/\d[A-Za-z]|[A-Za-z]\d/.test(value)) return true;
  // SCREAMING_SNAKE names (`ACCESS_TOKEN`, `YOUR_API_KEY`): an environment variable or a constant, written in place of its value.
  if (/^[A-Z][A-Z]*(?:_[A-Z]+)+$/.test(value)) return true;
  // … with a digit glued to a word (`AUTH0_SECRET`, `IDENTITY_SERVER4_CLIENT_SECRET`, `AZURE_AD_B2C_CLIENT_SECRET`): one word of four
  // letters at least, and no part more digits than letters, or a word whose number is its own (`S3_SECRET_KEY`, `K8S_TOKEN`).
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) && value.split('_').some((w) => /^[A-Z]{4,}$/.test(w)) && value.split('_').every((w) => w.replace(/\D/g, '').length * 2 < w.length || NUMBERED_WORDS.has(w.toLowerCase()))) return true;
  // A type (`DefaultPostgresColumn<{`, `Partial<CookieOption>`), a cast or a tag cut where the value was read (`<optional`).
  // (A type's parameter is a name or a literal type: `Oy<;VsCnBK7=ks}oB<}X` is a password.)
  if ((/^[A-Z][A-Za-z_]*(?:\.[A-Z][A-Za-z_]*)*<(?:[A-Za-z_{[(]|$)/.test(value) && !/\d[A-Za-z]|[A-Za-z]\d[A-Za-z]/.test(value) && !/[;=^!@$%]/.test(value.replace(/\[[^\]]*\]/g, ''))) || /^<[a-z][\w-]*$/.test(value)) return true;
  // A template literal that interpolates (`` `${url}oauth/token` ``, `` `${prefix}${id}` ``): built by the code.
  if (/^`[^`]*\$\{[^`]*`$/.test(value)) return true;
  // … also numbered (`CKV_SECRET_9`, `SLOT_2_API_KEY`): words in capitals, a number as a word of its own.
  if (/^[A-Z]+(?:_(?:[A-Z]+|\d{1,4}))+$/.test(value) && (value.match(/(?:^|_)[A-Z]{2,}(?=_|$)/g)?.length ?? 0) >= 2) return true;
  // An anchor, a selector or a parser's state name: `#add-password`, `?NoLineTerminatorHere`.
  // (A Java annotation too: `@javax.annotation.Generated`.)
  // (Not random letters of both cases after the sign: `@cwGYvpKRtQvwxBDehqH`.)
  if ((/^[?#.@:][A-Za-z][A-Za-z_-]*$/.test(value) && !hasRandomCase(value.slice(1))) || /^@[a-z]+(?:\.[A-Za-z]+)+$/.test(value)) return true;
  // A JSON pointer (`#/components/schemas/…`), a variable's address (Go's `&xSessionToken`), a YAML anchor or alias (`&signing-keys`, `*signing-keys`).
  // (A name as code writes one: a small letter first, no two capitals in a row; `*KZEPtXmstAbmM19` is a password that starts with `*`.)
  if (/^#\/[\w/.~%-]*$/.test(value) || (/^[&*][a-z_$][\w$.-]*$/.test(value) && !/[A-Z]{2}|\d[A-Za-z]|[A-Za-z]\d[A-Za-z]/.test(value))) return true;
  // A name made of words one of which names the secret (`#add-password`, `reset_token_ttl`, `password.reset.title`): a selector, a route or a message key.
  if (/^[#.]?[A-Za-z]+(?:[-_.][A-Za-z]+)+$/.test(value) && /passw|secret|token|key|pwd|credential|(?:^|[-_.])pass$/i.test(value)) return true;
  // A composite literal or a block opened after the name (`aws.Credentials{`, `&unstructured.Unstructured{`, `map[string]string{`).
  // (Names only: `h7Gk2Lp9Qz{` mixes letters and digits as a generated value does, and `mfzUrQJIaNrDyHcfQuNQieOy542{` has as many
  // capitals as small letters, as random letters do; a name's words have one capital each.)
  if (/^[&*]?[A-Za-z_$][\w$.]*(?:\[[\w$.*]*\][\w$.*]*)*\{\}?\{?$/.test(value) && !/\d[A-Za-z]|[A-Za-z]\d[A-Za-z]/.test(value) && !hasRandomCase(value)) return true;
  // … a slice or an array of a type, and what it is given (Go's `[]string{cs.consumerKey`, `[]sshCredential{}`).
  if (/^(?:\[[\w$.]*\])+[*&]?[A-Za-z_$][\w$.]*\{/.test(value)) return true;
  // A string joined to a variable, read from a quote that closes one literal to the quote that opens the next (`"…?api_key="+resMatch+"&…"`).
  if (/^\+[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\+|\[|\()/.test(value) && !/[A-Za-z]\d+[A-Za-z]/.test(value)) return true;
  // A format the code fills in (`%s/%s`, `%s&SignedHeaders=date`, `client=%s&user_token=%s`): printf's verbs, and no other `%`.
  // (One verb first, then a run of both cases, digits and a password's symbols, is a password that starts with `%`: `%q+KV2LlIzH#Qm+B`.)
  if (/^(?:[^%]|%[svqd](?![A-Za-z0-9]))+$/.test(value) && (/^%[svqd]/.test(value) || (value.match(/%[svqd](?![A-Za-z0-9])/g)?.length ?? 0) >= 2) &&
    !(/^%[svqd][^\s/.:@%]{8,}$/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[!#^&*+=?~]/.test(value))) return true;
  // A module's or a package's path, a host then folders (`github.com/org/repo/v3/pkg/x`): no generated run in it.
  if (/^(?:[a-z0-9-]+\.)+[a-z]{2,24}(?::\d{1,5})?\/[\w.~\/@:+-]*$/.test(value) && value.split(/[/.:@]/).every(isNamePart)) return true;
  // A list of options, as a struct's tag holds them (`bytes,1,opt,name=key,proto3`): names, small numbers and `name=value` pairs.
  if (/^[A-Za-z_]\w*(?:=[\w.]*)?(?:,(?:[A-Za-z_]\w*(?:=[\w.]*)?|\d{1,4})){2,}$/.test(value) && value.split(/[,=]/).every((part) => part.length < 8 || !/\d/.test(part) || !/[A-Za-z]/.test(part))) return true;
  // Code read between two string literals (`"secret": ").append(x).append("`), a property set on the way
  // (`secret=some.property.password=`), a script's first line (`#!/usr/bin/python3`), a pattern (`.*/suffix`).
  if (/^\)\s*[.,;+]/.test(value) || /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+=$/.test(value) || value.startsWith('#!/') || /^\.[*+]/.test(value)) return true;
  return isFilePath(value) || isFileName(value) || isRegexSource(value);
}

/** A file's name with the extension of a key, certificate or configuration file (`gcp-sa.json`, `server.pem`): where a secret is kept. */
const isFileName = (value: string) => /^[\w.-]{1,60}\.(?:json|ya?ml|pem|crt|cer|key|p12|pfx|jks|keystore|txt|env|ini|conf|cfg|xml|properties|toml|gpg|asc|der)$/i.test(value);

/** A regular expression's source (`0|[1-9]\\d*`, `^\\s*>=\\s*0\\.0\\.0$`): two of its constructs at least. */
function isRegexSource(value: string): boolean {
  if (!/[\\[(^$]/.test(value)) return false;
  // (A class holding a range, read from its first `-` and up to the next `[`: tried from every `[` or every `-` of a long run
  // to the end of the run, it would cost the run's square.)
  return (value.match(/\\[dswbDSWB]|\[[^\][-]*-[^\][]*\]|\(\?[:=!<]|\{\d+(?:,\d*)?\}|[*+?]\)|^\^|\$$|\\[.*+?()[\]{}|]/g)?.length ?? 0) >= 2;
}

/**
 * A relative file path (`uploads/2024/01/report.pdf`, `certs/server.key`): folders and a file
 * name with its extension, no part of it a generated run (a key in base64 holds `/` but no dot).
 */
export function isFilePath(value: string): boolean {
  if (!value.includes('/') || !/^\/?(?:[\w.@~-]{1,60}\/)+[\w.@-]{0,60}\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(value)) return false;
  return value.split(/[/.]/).every(isNamePart);
}

/** A part of a path that is a name, not a generated run: shorter than 16, or without both letters and digits. */
const isNamePart = (part: string) => part.length < 16 || !/\d/.test(part) || !/[A-Za-z]/.test(part);

/**
 * A generated value that starts or ends with `,`, `;` or `:` (`9SLYB;Wlm=pZhEIuR^Z,`): twelve characters or more with letters and
 * digits and no blank; not a statement's end (`c->argv[j+2];`), a name after a scope's `::` (`::Argon2Password`), hex pairs
 * (`9b:53:cc:…:`) or a value glued to the next key's name (`…f3username:`: the key is read with its own value).
 */
function isGeneratedAtEdge(v: string): boolean {
  return v.length >= 12 && /\d/.test(v) && /[A-Za-z]/.test(v) && !/\s/.test(v) && !/^(?:[0-9A-Fa-f]{2}[:;,])+[0-9A-Fa-f]{0,2}$/.test(v) &&
    !/^[,;:]+[A-Za-z_]\w*$|^[A-Za-z_]\w*[,;:]+$/.test(v) && !isCodeName(v.replace(/^[,;:]+|[,;:]+$/g, '')) &&
    !/(?:user(?:name)?|login|pass(?:word|wd)?|pwd|token|secret|key|e?mail|host|port):$/i.test(v);
}

/**
 * True when `value` is written in place of a secret: masked (`****`,
 * `xxxx`, `•••`), made of a few repeated characters, a run of placeholder
 * words (`your_token_here`, `test`, `changeme`), or a sequence anyone types
 * (`1234567890`, `abcdef…`, `a1B2c3D4…`).
 */
export function isPlaceholderValue(value: string): boolean {
  const v = value.replace(/^["'`]|["'`]$/g, '');
  // Nothing but punctuation, or text cut between two quoted strings (`,other:`), unless a generated value starts or ends so.
  if (v === '' || /^[^A-Za-z0-9]*$/.test(v) || (/^[,;:]|[,;:]$/.test(v) && !isGeneratedAtEdge(v))) return true;
  if (/[xX]{4,}|•{2,}|#{4,}|\.{3}|…|_{4,}|-{4,}/.test(v)) return true;
  // Stars over what is hidden (`AKIA****MPLE`, `https://user:****@…`); a random run of 12 or more beside them shows what a mask
  // would hide: a secret that holds stars of its own (`a3SoPCfEn35mkb^1***`).
  if (/\*{3,}/.test(v) && !v.split(/\*{3,}/).some((part) => part.length >= 12 && /\d/.test(part) && /[a-z]/.test(part) && /[A-Z]/.test(part))) return true;
  if (MARKER_IN_WORDS.test(wordsOf(v))) return true;
  if (MARKER_WORDS.test(v) || isPhraseAboutATest(v) || isSentenceInPlace(v)) return true;
  // `mypassword`, `yourtoken`, `newpass1`: a placeholder word with a possessive or a counter glued to it.
  if (/^(?:my|your|the|some|new|old|a)[_-]?(?:pass(?:word|wd)?|secret|token|key|pwd|apikey)$/i.test(v)) return true;
  if (/^(.)\1{3,}$/.test(v)) return true;
  if (isJwtIllustration(v)) return true;
  if (isTokenAsUserPassword(v)) return true;
  // A signing algorithm's name, as JSON Web Algorithms write it (`"private_key": "RS256"` says which, in a setting's documentation).
  if (/^(?:[HRPE]S(?:256|384|512)|ES256K|EdDSA)$/.test(v)) return true;
  // … and a hash's, a password scheme's or a cipher's (`"password", "scram-sha-256"` of pg_hba.conf, `pbkdf2_sha256`, `aes-256-gcm`).
  if (/^(?:scram-sha-(?:1|256)(?:-plus)?|(?:hmac-?)?(?:sha-?(?:1|224|256|384|512)|md5)|bcrypt|scrypt|argon2(?:id|i|d)?|pbkdf2(?:[-_](?:hmac[-_])?sha-?(?:1|256|512))?|aes-?(?:128|192|256)(?:-(?:gcm|cbc|ctr|cfb|ofb))?)$/i.test(v)) return true;
  // A web analytics id (Google Analytics' `UA-2184335-18`, Tag Manager's `GTM-…`): every page that loads it shows it.
  if (/^(?:UA-\d{4,10}-\d{1,4}|GTM-[A-Z0-9]{4,9})$/.test(v)) return true;
  // (Letters of any script make a word: `Contraseña` is one, not `Contrase` and `a`.)
  const words = v.split(/[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})/u).filter(Boolean);
  // Only words: `secret123` or `password1` is a (weak) password someone uses, not a placeholder.
  if (words.length && words.every((w) => PLACEHOLDER_WORDS.has(w.toLowerCase()) || isWordsJoined(w.toLowerCase()))) return true;
  if (isKeyboardRun(v)) return true;
  const body = v.replace(/^(?:[A-Za-z]{1,12}[_.~|-]){1,3}/, '');
  // A provider's prefix with nothing after it (`CFPAT-`, `sk_live_`), or a short one before a word that says the value is made up
  // (`sk-lf-invalid`, `ghp_example`; `Winter-test` and `dev_admin` may be passwords).
  // (A prefix's part may hold a version, `lsv2_pt_short`, `os_v2_app_short`, and a colon may end a name in capitals, `AstraCS:short`.)
  if (body !== v && body === '') return true;
  const last = /^((?:(?:[A-Za-z]{1,5}|[A-Za-z]{1,4}\d{1,2})[_.~|-]|[A-Z][a-z]{1,5}[A-Z]{1,2}[_.~|:-]){1,3})([A-Za-z]+)$/.exec(v);
  if (last && MADE_UP.test(last[2]!)) return true;
  if (body.length >= 6 && new Set(body).size < Math.min(6, Math.ceil(body.length / 3))) return true;
  return (body.length >= 6 && isPredictable(body)) || isGroupedSequence(body);
}

/**
 * A word that says the value is made up, in one case within its word (`your_key`, `YOUR_KEY`, `YourApiKey`, `ChangeMe`, `…EXAMPLEKEY`,
 * Strapi's `tobemodified`).
 */
const MARKER_IN_WORDS = /your|place_?holder|redacted|(?:change|replace)_?(?:me|this|it)|to_?be_?(?:modified|changed|replaced|set|filled)|example|sample|dummy|fake|insert_?here|goes_?here|fixme|please_?(?:insert|enter|add|set|provide|replace|change|fill)/;
/**
 * The value's words, lower-cased and joined by `_`: split at punctuation and where the case turns (`YourApiKey` → `your_api_key`),
 * so that a random run whose letters spell a marker in mixed case (`…KYoURZl…`) does not read as one.
 */
const wordsOf = (v: string) => v.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).join('_').toLowerCase();

/**
 * A sentence in a value's place that says to make one or that it is one, in small words joined by `_`: `you_must_generate_a_random_
 * string_of_more_than_twenty_chars_and_configure_this`, `this_is_a_secret_abc123abc123abc` (what follows: words, or typed in sequence
 * or a group typed again).
 * (`ThisIsMySecretKey123!` or `this_is_my_secret_<random>` is a password someone chose.)
 */
function isSentenceInPlace(v: string): boolean {
  const m = /^(?:you_must|this_is_(?:a|not_a)_(?:secret|password|token|key))((?:_[a-z0-9]+)*)$/.exec(v);
  return m !== null && m[1]!.split('_').filter(Boolean).every((w) => (w.length <= 12 && /^[a-z]+$/.test(w) && /[aeiouy]/.test(w)) || (w.length >= 6 && (isPredictable(w) || /^([a-z0-9]{3,8})\1+/.test(w))));
}

/** `this-is-probably-a-test`, `not_a_real_secret`: a phrase of three words or more, one of which says it is made up. */
function isPhraseAboutATest(v: string): boolean {
  const words = v.split(/[-_ ]+/);
  return words.length >= 3 && words.every((w) => /^[a-z]+$/i.test(w)) && words.some((w) => /^(?:test|testing|fake|dummy|mock|demo|sample|example|placeholder|not)$/i.test(w));
}

/** `dbpassword`, `testtoken`, `secretkey`, `notajwt`: placeholder words written as one (two to four of them, `a` the one word of a letter). */
function isWordsJoined(w: string): boolean {
  if (w.length < 6 || w.length > 40 || !/^[a-z]+$/.test(w)) return false;
  // parts[i]: the fewest words that spell w.slice(0, i)
  const parts = new Array<number>(w.length + 1).fill(Infinity);
  parts[0] = 0;
  for (let i = 1; i <= w.length; i++) {
    for (let j = Math.max(0, i - 12); j < i; j++) if (parts[j]! + 1 < parts[i]! && (i - j >= 2 || w[j] === 'a') && PLACEHOLDER_WORDS.has(w.slice(j, i))) parts[i] = parts[j]! + 1;
  }
  return parts[w.length]! <= 4;
}

const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/**
 * `asdf`, `qwerty`, `asdf1234`, `qwerty123`: one or two runs along a keyboard's row, typed in place of a password. (Four digits in
 * a row, `1234`, are a PIN as often: a weak one, still redacted.)
 */
function isKeyboardRun(v: string): boolean {
  const s = v.toLowerCase();
  if (s.length < 4 || s.length > 24 || (s.length === 4 && /\d/.test(s))) return false;
  let runs = 1;
  let length = 1;
  for (let i = 1; i < s.length; i++) {
    if (KEYBOARD_ROWS.some((row) => row.includes(s[i - 1]! + s[i]!))) {
      length++;
      continue;
    }
    if (length < 3 || ++runs > 2) return false;
    length = 1;
  }
  return length >= 3;
}

/** A typed sequence cut into groups after a label (`px-api-a1b2c3d4-e5f6-g7h8-…`, `d4c3b2a1-f6e5-…`). */
export function isGroupedSequence(s: string, share?: number): boolean {
  const body = s.replace(/^(?:[A-Za-z]{1,12}[-_.]){1,3}/, '');
  const joined = body.replace(/[-_.]/g, '');
  return joined.length >= 16 && joined !== body && isPredictable(joined, share);
}

/**
 * A sequence anyone types: most characters follow the one before them (or the
 * one two before them) by one step (`123456`, `abcdef`, `a1b2c3`, `A1B2C3D4`)
 * or repeat it, counting up or down (`9876`, `d4c3b2a1`). Random tokens almost never do: about one position in twenty.
 */
export function isPredictable(s: string, share = s.length >= 16 ? 0.6 : 0.75): boolean {
  let up = 0;
  let down = 0;
  let interleaved = 0;
  const at = (i: number) => s.charCodeAt(i) | (s.charCodeAt(i) >= 65 && s.charCodeAt(i) <= 90 ? 0x20 : 0);
  const step = (d: number, by: number) => d === 0 || d === by;
  for (let i = 1; i < s.length; i++) {
    const c = at(i);
    if (step(c - at(i - 1), 1) || (i >= 2 && step(c - at(i - 2), 1))) up++;
    if (step(c - at(i - 1), -1) || (i >= 2 && step(c - at(i - 2), -1))) down++;
    // Two sequences woven together, each in its own direction (`X9y8Z7a6`, `k9l8m7`).
    if (i >= 2 && Math.abs(c - at(i - 2)) <= 1) interleaved++;
  }
  // One direction at a time: a random run of a short alphabet (hex) steps up or down by chance often enough to pass as both.
  return Math.max(up, down, interleaved) >= (s.length - 1) * share;
}

/**
 * The name of a key meant to be public: `public_key`, `publicToken`, `PUB_KEY`, `publishableKey`, .NET's `publicKeyToken` (a hash of an
 * assembly's public key), not `NEXT_PUBLIC_API_KEY`.
 */
export const PUBLIC_KEY_NAME = /(?:^|[^A-Za-z])pub(?:lic|lishable)?[_.-]?(?:key|token|key[_.-]?token)$|(?:^|[a-z_.-])Pub(?:lic|lishable)?(?:Key|Token|KeyToken)$/i;

/**
 * The name of a random value that guards or orders nothing secret: an anti-forgery token (`csrf-token`,
 * `authenticity_token`, OAuth's `state`: the page hands it to every visitor), a cache, idempotency or
 * WebSocket key, a page or next token or a cursor of a paged API (`NextToken` of AWS's APIs), a token that orders changes
 * (AWS WAF's `ChangeToken`, `LockToken`, WebDAV's lock token), the name of the request's and the
 * response's page token in a paginator's description (botocore's `"input_token": "Marker"`, `"output_token": "NextMarker"`), or
 * a count of a language model's tokens (`input_tokens`, `output_tokens`): in small letters only (`INPUT_TOKEN` is a GitHub
 * Action's `token` input, a credential).
 */
const NOT_SECRET_NAME =
  /(?:csrf|xsrf)(?![\w-]*(?:secret|key))|authenticity[_-]?token|anti[_-]?forgery|^state$|cache[_-]?key|idempotency|creation[_-]?token|client[_-]?request[_-]?token|websocket[_-]?key|page[_-]?token|next[_-]?token|continuation[_-]?token|^(?:change|lock)[_-]?token$|^with[_-]?credentials$|^cursor$|^continuation$|(?:^|[._-])existing[\w-]*secret$/i;
/**
 * A name that says its value is made up: how a test of what a scanner refuses, or a fixture, names one (`wrongLength`,
 * `nonMatchingToken`, `fake_api_key`, `DUMMY_SECRET`). The word starts the name and is a word of it, not the start of another
 * (`mockingbird`, `invalidate`).
 */
const MADE_UP_NAME = /^(?:[Ff]ake|[Dd]ummy|[Mm]ock|[Bb]ogus|[Ii]nvalid|[Ww]rong|[Nn]on[_-]?[Mm]atching)(?![a-z])|^(?:FAKE|DUMMY|MOCK|BOGUS|INVALID|WRONG|NON_?MATCHING)(?![A-Z])/;

/**
 * The name of a value that is random and guards nothing, or that is made up. (Not a wrong password: that is one mistyped, or
 * someone's other, `wrong_password=…`.)
 */
// (Or a name that says its value is one, `name="b_b6b6…"`, `nameOfSecret`, `name_of_secret`.)
// (Or nginx's directives that pass a request on to a server, `fastcgi_pass unix:/run/php-fpm.sock;`: an address.)
export const isNotSecretName = (name: string) => NOT_SECRET_NAME.test(name) || /^(?:proxy|fastcgi|uwsgi|scgi|grpc|memcached)_pass$/.test(name) || /^(?:input|output)_tokens?$/.test(name) || /^name(?:$|_of_|Of[A-Z])/.test(name) || (MADE_UP_NAME.test(name) && !/pass|pwd/i.test(name));

const FORGERY_ATTRIBUTE = /(?:csrf|xsrf|authenticity)[\w-]*["']?[ \t]+(?:type=[ \t]?["']?hidden["']?[ \t]+)?(?:content|value)=[ \t]?["']?$/i;

/** Letters of both cases in about equal share, 16 or more: random letters, not words in camelCase (a capital a word). */
function hasRandomCase(value: string): boolean {
  const letters = value.replace(/[^A-Za-z]/g, '');
  const upper = letters.replace(/[^A-Z]/g, '').length;
  return letters.length >= 16 && upper >= letters.length * 0.35 && upper <= letters.length * 0.65;
}

/** A JWT's shape whose signature is a word (`eyJ….eyJ….signature`, `eyJ….short.token`): an illustration, signed by nothing. */
export const isJwtIllustration = (v: string) => /^eyJ[\w-]*\.[\w-]+\.[a-z]{1,12}$/.test(v);

/** GitHub's fixed password for a token given as the user (`<token>:x-oauth-basic`): the same for everyone, the user is the secret. */
export const isTokenAsUserPassword = (password: string) => password.toLowerCase() === 'x-oauth-basic';

/** A value that holds no secret: a reference, code, or a placeholder. */
export function isNotSecret(value: string): boolean {
  // (Or a NATS public key, its checksum holding: a server's id in its log, a user's `nkey: U…` in the server's configuration.)
  // (Or a word before troff's zero-width escape, `prompt\&.` in a man page's source: a word.)
  return isReference(value) || isCodeName(value) || isPlaceholderValue(value) || (value.length === 56 && isNatsPublicKey(value)) || /^[A-Z]?[a-z]{1,20}\\&$/.test(value);
}

/**
 * Words written inside a made-up key (`…EXAMPLEKEY`, `ops_DUMMY…`, `…NotARealKey…`): a random key of
 * base62 holds a given word of five letters about once in a billion places (one of four letters, such as
 * `fake`, once in fifteen million: too often to be read as a sign).
 */
const MARKER_WORDS =
  /example|EXAMPLE|Example|documentation|DOCUMENTATION|placeholder|PLACEHOLDER|redacted|REDACTED|dummy|DUMMY|Dummy|not[_-]?a?[_-]?real|NotA?Real|NOT_?A?_?REAL|sample|SAMPLE|(?:FAKE|TEST)_?(?:KEY|TOKEN|SECRET)|(?:fake|test)_?(?:key|token|secret)/;

/**
 * True when `token` carries a word that says it is made up (`…EXAMPLEKEY`, `ops_DUMMY…`, `…NotARealKey…`) or x's in its place.
 * A typed run or a repeated group inside a token (`abcdef`, `1234567890`, `abcd1234abcd1234`) is no such sign:
 * the example tokens of providers' and scanners' documentation are full of them, and are to be caught as real ones.
 */
export function hasPlaceholderMarker(token: string): boolean {
  // (Or x's over its end, masked or left to fill in: `AIzaSyHq…Knuxxxxxx`, `sk_live_4eC3…xxxxxxxx`; elsewhere only when what they
  // leave is short, `AKIAXXXXXXXXEXAMPLE`: the rest of `…-xxxxxx-UbAwaz9BeTiDIioo1jDV` is a secret still.)
  return token.length <= 1000 && (MARKER_WORDS.test(token) || /(?:x{6,}|X{6,})$/.test(token) || (/x{6}|X{6}/.test(token) && token.replace(/x{6,}|X{6,}/g, '').length < 20));
}

/**
 * The operator and what may stand between it and a value: `request_id=`, `"nonce": "`, `ETag: W/"`, JSON's `"ETag": "\"`,
 * `key => '`, a Matrix id's sigil (`"event_id": "$`).
 */
const OPERATOR_BEFORE = /["']?\s{0,2}(?:=>|:=|[:=])\s{0,2}["']?(?:W\/)?(?:[\\ ]?["'])?[$!]?$/;

/**
 * The name a value is assigned to, at the end of the text before it (`request_id` of `request_id=`):
 * the operator is matched at the end only, then the name read backwards, so the search costs no more than the tail.
 */
function nameBefore(written: string): string | undefined {
  // (Blanks that align a value in a column after its label, `Pool ID:             ff80…`, as a tool prints a record: one blank.)
  const before = written.replace(/([:=])[ \t]{3,}$/, '$1 ');
  const op = OPERATOR_BEFORE.exec(before.slice(-12));
  // (Or a command's long option, its value after a blank: `--run-id <hex>`; or an identifier's name and one blank, as a sentence
  // or a listing gives one: `ProductId 83196d…, SandboxId c04a95…`.)
  // (Or the name a call is given before the value: a setting's default, `os.environ.get("TWILIO_ACCOUNT_SID", "…")`, `env("X", default="…")`.)
  // (Or the name of a value wrapped in a call of a type's: `"__meta_openstack_project_id": model.LabelValue("…")`.)
  if (!op) return FLAG_BEFORE.exec(before.slice(-45))?.[1] ?? ID_WORD_BEFORE.exec(before.slice(-44))?.[1] ?? NAME_ARGUMENT.exec(before.slice(-90))?.[1] ?? WRAPPED_BEFORE.exec(before.slice(-110))?.[1];
  const end = before.length - (op[0].length);
  let start = end;
  while (start > 0 && end - start < 41 && /[\w.-]/.test(before[start - 1]!)) start--;
  // (A command's long option given its value after `=`, `--transaction-id='…'`: the option's name.)
  const name = before.slice(start, end).replace(/^--(?=[A-Za-z])/, '');
  // A value field after its name field (`{"name": "x-amz-cf-id", "value": "…"}`, as HAR files and Postman list headers): that name.
  const field = /^value$/i.test(name) ? NAME_FIELD.exec(before.slice(0, start)) : null;
  if (field) return field[1];
  return /^[A-Za-z]/.test(name) ? name : undefined;
}
const FLAG_BEFORE = /(?:^|[ \t])--([A-Za-z][\w-]{0,40})[ \t]+["']?$/;
/** (A type's constructor, its name a capital's and no credential's or verb's: `model.LabelValue(`, not `auth.VerifyToken(` or `decrypt(`.) */
const WRAPPED_BEFORE = /(?:^|[^\w.-])["']?([A-Za-z_][\w.-]{0,60})["']?[ \t]*(?::=|[:=])[ \t]*(?:[A-Za-z_]\w{0,30}\.){0,3}(?![\w]*(?:[Tt]oken|[Kk]ey|[Ss]ecret|[Aa]uth|[Ll]ogin|[Pp]ass|[Ss]ign|[Cc]rypt|[Vv]erify|[Cc]red))[A-Z]\w{0,40}\([ \t]*["']$/;
const NAME_ARGUMENT = /\([ \t]*["']([A-Za-z][\w.-]{0,60})["'][ \t]*,[ \t]*(?:default[ \t]*=[ \t]*)?["']$/;
const ID_WORD_BEFORE = /(?:^|[\s,;([{])([A-Za-z][\w-]{0,38}(?:[a-z0-9]Id|[a-z0-9_]ID|[_-]id))[ \t]$/;
const NAME_FIELD = /["'](?:name|key)["'][ \t]*:[ \t]*["']([A-Za-z][\w.-]{0,60})["'][ \t]*,[ \t]*["']?$/i;
/** An identifier's or a digest's name: `request_id`, `traceId`, `X-Request-ID`, `nonce`, a WebAuthn `challenge`, `etag`, `blake2b`, `?query=`, a playlist's `&list=`. */
const ID_NAME = /(?:^|[_.-])(?:id|account[_-]?sid|uuid|guid|nonce|challenge|traceparent|tracestate|etag|if-(?:none-)?match|blake\w*|xxh\w*|crc\w*|sha[\d_-]+|cid|query|search|q|list|gist|commit)(?:[-_]?\d{1,2})?$/i;
const CAMEL_ID = /[a-z0-9](?:Id|ID)$/;
/** A name that holds a secret's keyword (`secret_id`, `session_id`, `api_key_id`) or a client's id (paired with its secret, and as random): its value is judged. */
const SECRET_NAME = /secret|token|key|pass|pwd|auth|session|sessid|cookie|sig|cred|client|(?:^|[_.-])sid$/i;
/** What a content-addressed store names a file by: an IPFS CID (v0 in base58, v1 in base32). */
const CONTENT_ID = /^(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,60})$/;
/** A `<meta>` tag's content is part of a page anyone can read (site verification, app ids). */
const META_CONTENT = /<meta\b[^<>]*\bcontent=[ \t]?["']?$/i;
/** The start of the base64 of a picture, a sound or a font (JPEG, PNG, GIF, WebP/WAV, WOFF/WOFF2, Ogg, MP3): media, never text. */
const MEDIA_MAGIC_SOURCE = '\\/9j\\/|iVBORw0KGgo|R0lGOD[dl]h|UklGR|d09GR|d09GMg|T2dnUw|SUQz';
export const MEDIA_MAGIC = new RegExp(`^(?:${MEDIA_MAGIC_SOURCE})`);
/** … and of any file a token may be mistaken for: media, a PDF, a zip, an SVG, an XML file, WebAssembly. */
const FILE_MAGIC = new RegExp(`^(?:${MEDIA_MAGIC_SOURCE}|JVBERi0|UEsDB|PHN2Zy|PD94bWwg|AGFzbQ)`);
const GPG_KEY_NAME_BEFORE = /(?:^|[^A-Za-z])(?:gpg|pgp|gnupg)(?:[\w.-]{0,24}?[_.-])?(?:key|key[_.-]?id|fingerprint|fpr)["']?[ \t]*(?:[:=][ \t]*["']?|[ \t]+)$/i;
const KEY_ID_BEFORE = /(?:(?:RSA|DSA|ECDSA|EdDSA|ED25519|GPG|PGP)[ \t]+key(?:[ \t]+ID)?|key[ \t]+fingerprint)[ \t]*[:=]?[ \t]*$/i;
/**
 * The public members of a JSON Web Key (`"n"`, `"x"`, `"y"`, certificate thumbprints), each of its length in base64url: a curve's
 * coordinate (43, 64, 75, 76 or 88 characters), an RSA modulus (171 or more), a SHA-1 or SHA-256 thumbprint (27, 43), a certificate
 * (500 or more). The private ones (`d`, `p`, `q`…) are judged; so is a token of another length under a one-letter name (`x: hf_…`).
 */
function isJwkPublic(name: string, token: string): boolean {
  const n = token.length;
  if (name === 'x' || name === 'y') return [43, 64, 75, 76, 88].includes(n) && /^[\w-]+$/.test(token);
  if (name === 'n') return n >= 171 && /^[\w-]+$/.test(token);
  if (name === 'x5t' || name === 'x5t#S256') return (n === 27 || n === 43) && /^[\w-]+$/.test(token);
  return name === 'x5c' && n >= 500;
}
/** A digest's name, on the same line shortly before a value. */
const DIGEST_NAME = /(?:md5|sha-?(?:1|224|256|384|512)|sha3|blake2[bs]?)[^\n]*$/i;
/** … or `hash`, `digest`, `checksum` as words of a name (`fileHash`, `HASH_VALUE`, `checksums`), not the start of another word (`hashnode=` names a service). */
const DIGEST_WORD = /(?:(?:[Dd]igest|[Cc]hecksum|[Hh]ash)(?:e?s|ed)?(?![a-z])|(?:DIGEST|CHECKSUM|HASH)(?:E?S|ED)?(?![A-Z]))[^\n]*$/;
/** Words of a link that opens something by itself: a reset, an invitation, a share, a hook. */
const CAPABILITY_WORD = /hook|reset|invite|invitation|share|magic|verify|confirm|unsubscribe|download|token|secret|key|auth|login|sign/i;
/** `sum` as the key just before a value: `"sum": "`, `sum = `. */
const SUM_KEY = /(?:^|[^A-Za-z])(?:sum|Sum|SUM)["']?[ \t]*[:=][ \t]*["']?$/;
/** A public key or its pin (`pubkey256`, `publicKey`, `pin-sha256`), or a PKCE challenge (a hash of the verifier): published on purpose. */
const PUBLIC_NAME = /pub(?:lic)?[_.-]?key|^pin[_-]?sha|code[_-]?challenge/i;
/** `Int8|Uint8|Uint8Clamped|Int16|…`: a regular expression's or a type's alternatives, four names or more. */
const ALTERNATION = /^[A-Za-z_$][\w$]{0,23}(?:\|[A-Za-z_$][\w$]{0,23}){3,}$/;
/** `Nfsv4FhExpireType.FH4_VOLATILE_ANY`: a member of a type or a namespace, the last a constant's name in words. */
const CONSTANT_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.[A-Z][A-Z0-9]*(?:_[A-Z]{3,})+$/;

/** A digest's length in hex (MD5 to SHA-512) or in base64, padded or not (16, 20, 32, 48 or 64 bytes). */
function isDigestLength(token: string): boolean {
  if (/^(?:[0-9a-f]+|[0-9A-F]+)$/.test(token)) return DIGEST_LENGTHS.has(token.length);
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(token) && [22, 24, 27, 28, 43, 44, 64, 86, 88].includes(token.length);
}

/** The length of a hex digest (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512). */
export const DIGEST_LENGTHS = new Set([32, 40, 56, 64, 96, 128]);
/** A hex digest of one of those lengths, for an expression's source. */
export const HEX_DIGEST = `(?:${[...DIGEST_LENGTHS].map((n) => `[0-9a-f]{${n}}`).join('|')})`;
/**
 * What follows a digest or an object's id on a listing's line, to the line's end: one or two blanks or a tab (`md5sum`'s ` *` of a
 * binary file) and a file's path or name (a tree's, `config`, or a ref), as `sha256sum`, `git rev-list --objects` and `ls-tree` print
 * them, or one blank alone before the next object's line (`rev-list`'s root tree, whose path is empty, then its entries); never a
 * file's content, `cat`'s next line, nor a column of output after it.
 */
export const LISTED_FILE_AFTER = /^(?:(?: \*| {1,2}|\t)[\w./+@~-]+[ \t]*\r?(?:\n|$)| \r?\n(?=[0-9a-f]{40}(?:[0-9a-f]{24})?[ \t]))/;

/** A file a web page loads (a font, an image, a script, a style sheet, a source map, media, WebAssembly), by its extension. */
const ASSET_FILE = /\.(?:woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif|ico|bmp|m?js|cjs|css|map|wasm|mp[34]|webm|wav|ogg)$/;
const MIME_BOUNDARY = /^_?(?:mimepart_[0-9a-f]{8,}_[0-9a-f]{8,}|NextPart_[0-9A-F]{3}_[0-9A-F_.]{8,}|Part_\d{1,9}_\d{1,12}\.\d{6,})-{0,2}$/;
/** GitHub's global node id: the object's type (`R`, `I`, `PR`, `DIC`, `U`) and its key in MessagePack, base64 (`kg…`, `kw…`). */
const GITHUB_NODE_ID = /^[A-Z]{1,6}_k[gw][A-Za-z0-9_-]{6,40}$/;
/**
 * A run the entropy rule found random that the text around it says is not a secret:
 * a documented example key, an identifier or a digest named as one (`request_id=…`,
 * `ETag: W/"…"`, `blake2b: …`), a line of `sha256sum` (the digest, two spaces, the file; or its size between them),
 * or an IPFS content id. Asked of the entropy rule's hits only, so it costs nothing on
 * text without any.
 */
export function isNamedNonSecret(token: string, before: string, after: string): boolean {
  if (hasPlaceholderMarker(token)) return true;
  // A MIME boundary as mailers make one (Rails' `--==_mimepart_<hex>_<hex>`, Outlook's `----=_NextPart_…`, JavaMail's `----=_Part_…`).
  if (MIME_BOUNDARY.test(token)) return true;
  // A cache's key, a path whose segment is a name and a digest (Rails' `views/products/show:<md5>/products/1`), unless a secret's
  // name is written before it (`token=/x/y:<hex>`).
  const afterPathSegment = /\/[A-Za-z][\w.-]{0,60}:$/.test(before.slice(-64));
  if (afterPathSegment && !SECRET_NAME.test(before.slice(-64)) && /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})(?:\/|$)/.test(token)) return true;
  if (CONTENT_ID.test(token) || isFilePath(token) || CONSTANT_PATH.test(token) || ALTERNATION.test(token)) return true;
  // A web asset named by a hash of its content (`./Nunito-Regular-XRXI3I6Li01BKofiOc5wtlZ2di8HDIkhdTA3j6zbXWjgevT5.woff2`,
  // `assets/index-BXk9fLq2mZpR7vB3n.js`; its folders names, not a random one), and a GitHub object's global id (`DIC_kwDOG1Zs184CBKWJ`, `R_kgDOGvWnpA`): names.
  if ((ASSET_FILE.test(token) && token.split('/').slice(0, -1).every(isNamePart)) || GITHUB_NODE_ID.test(token)) return true;
  // `md5hex.parse("…")`, `sha256base64: …`, `expected_sha384 = "…"`: a digest's name just before a value of a digest's exact length.
  // (Or `sum` as its key, as jsonnet-bundler's lock file writes each dependency's: `"sum": "<SHA-256 in base64>"`.)
  if (isDigestLength(token) && (DIGEST_NAME.test(before) || DIGEST_WORD.test(before) || SUM_KEY.test(before))) return true;
  if (DIGEST_LENGTHS.has(token.length) && /^ [ *][^\s]/.test(after) && /^(?:[0-9a-f]+|[0-9A-F]+)$/.test(token) && /(?:^|\n)[ \t]*$/.test(before)) return true;
  // … or its size between them, as Debian's `Release` and `.dsc` files list theirs, a field's lines after one blank
  // (` d0a0325a…    98581 contrib/Contents-all.gz`): a file's path or name, not a word (a table's row, `<hex>\t1\tci-bot`).
  if (DIGEST_LENGTHS.has(token.length) && /^[ \t]+\d{1,15}[ \t]+[\w+~-]*[./][\w./+~-]*[ \t]*(?:\r?\n|$)/.test(after) && /^[0-9a-f]+$/.test(token) && /(?:^|\n) $/.test(before)) return true;
  // … and a configuration file's digest after its path, as dpkg keeps them (` /etc/adduser.conf cc3493ec…`, one blank before).
  if (DIGEST_LENGTHS.has(token.length) && /^[0-9a-f]+$/.test(token) && /(?:^|\n) \/etc\/[\w./+@-]+ $/.test(before) && /^(?: ob| re|[ \t]*(?:\r?\n|$))/.test(after)) return true;
  // An Amazon resource name's last part (`arn:aws:kms:us-west-2:111122223333:key/mrk-…`): it names a resource, it grants nothing.
  if (before.includes('arn:') && /\barn:aws[\w-]*:[\w-]*:[\w-]*:\d{0,12}:$/.test(before.slice(-120))) return true;
  // … and an Oracle Cloud resource's id (`ocid1.user.oc1..aaaa…`, `ocid1.tenancy.oc1..…`): it names a user or a tenancy.
  if (/^ocid1\.[a-z0-9]+\.oc\d+\.[a-z0-9-]{0,30}\.[a-z0-9]{20,100}$/.test(token)) return true;
  // `<meta name="csrf-token" content="…">`, `<input name="authenticity_token" value="…">`
  if (FORGERY_ATTRIBUTE.test(before.slice(-60)) || META_CONTENT.test(before)) return true;
  // An age recipient (`age1` and 58 bech32 characters) is a public key, handed out to encrypt to; its secret is `AGE-SECRET-KEY-1…`.
  if (token.length === 62 && /^age1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}$/.test(token)) return true;
  // A key named public in words (`# public key: …`, `the publishable key = …`).
  if (/(?:^|[^A-Za-z])pub(?:lic|lishable)?[ \t]+(?:key|token)["']?[ \t]*[:=][ \t]*["']?$/i.test(before.slice(-40))) return true;
  // A regular expression's class, repeated (`[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`, bech32's alphabet): the shape of a key, not one.
  if (before.endsWith('[') && /^\](?:\{\d|[+*](?![\w"'`]))/.test(after)) return true;
  // Base64 of a binary file (`/9j/4AAQ…` is a JPEG, `iVBORw0KGgo…` a PNG): an image or a document inlined.
  if (FILE_MAGIC.test(token)) return true;
  // `using RSA key 61A1…`, `Key fingerprint = …`: a public key's id, as gpg and ssh print it (and as `gpg --recv-keys …` takes it).
  if (KEY_ID_BEFORE.test(before) && /^(?:[0-9A-F]+|[0-9a-f]+)$/.test(token)) return true;
  if (/\bgpg2?[ \t][^\n]*--(?:recv|receive|fetch)-keys?[ \t]+$/.test(before) && /^(?:[0-9A-F]{40}|[0-9a-f]{40})$/.test(token)) return true;
  // … and under a name for a GPG key (`ENV GPG_KEY A035C8C1…`, as official images' Dockerfiles give the key their download is
  // signed with): its id or its fingerprint, in hex of one case (not a name for its passphrase or its private half).
  if (GPG_KEY_NAME_BEFORE.test(before.slice(-48)) && !/pass|priv|secret/i.test(before.slice(-48)) && /^(?:[0-9A-F]{16}|[0-9a-f]{16}|[0-9A-F]{40}|[0-9a-f]{40}|[0-9A-F]{64}|[0-9a-f]{64})$/.test(token)) return true;
  // Twilio's account SID (`AC` and 32 hex digits): an account's id, as a log line or a setting names it.
  if (token.length === 34 && /^AC[0-9a-f]{32}$/.test(token)) return true;
  // A user's, an account's or a device's id in hex after the word, as a log line gives it (`Creating new access token for user 024e…`).
  if (/^(?:[0-9a-f]{32}|[0-9A-F]{32})$/.test(token) && /(?:^|[\s"'(])(?:user|account|device)[ \t]$/i.test(before)) return true;
  const name = nameBefore(before);
  if (name === undefined) return false;
  // (A version's or a revision's name is one whatever names it, `SecretVersion=<32 hex>`: an Azure Key Vault reference names which of a secret's versions to read.)
  // (A host's name is in small letters: `Hostname: whoami.1.7c8f7tr56q3p949rscxrkp80e`.)
  if (/(?:^|[_.-])host(?:name)?$/i.test(name) && !/[A-Z]/.test(token)) return true;
  // (An address's name given a path on the same site, a Grafana dashboard's link `"url": "/d/8b7a8b32…"`: where a resource is, not a credential.)
  // (Its long parts ids in hex, not a capability's random path, `"webhook_url": "/services/T0123ABCD/B0456EFGH/Zq3L9xN2…"`.)
  if (/(?:^|[_.-]|[a-z](?=[A-Z]))(?:url|uri|href|link|path)$/i.test(name) && !CAPABILITY_WORD.test(name) && !CAPABILITY_WORD.test(token) && !SECRET_NAME.test(name) &&
    /^\/[A-Za-z0-9]/.test(token) && token.split('/').every((part) => /^[a-z0-9_.-]{0,15}$|^[0-9a-f]{16,64}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(part))) return true;
  return isNotSecretName(name) || PUBLIC_NAME.test(name) || (VERSION_NAME.test(name) && (!SECRET_NAME.test(name) || VERSION_ID.test(token))) || isJwkPublic(name, token) ||
    // (An id's name in words names what it is of with the word before: `Session ID:`, `Secret ID:` are judged, `Pool ID:` is not.)
    ((ID_NAME.test(name) || CAMEL_ID.test(name) || isIdWord(name)) && !SECRET_NAME.test(name) && !SECRET_NAME.test(WORD_BEFORE_NAME.exec(before.slice(-80))?.[1] ?? ''));
}

/** The word before a name of words and its operator, on its line: `Session` of `Session ID:   `. */
const WORD_BEFORE_NAME = /([A-Za-z][\w-]{0,30})[ \t]+[\w.-]{1,40}["']?[ \t]*(?:=>|:=|[:=])[ \t]*["']?$/;

/** `version`, `SecretVersion`, `key_revision`: the last word of the name says which version, not what it guards. */
const VERSION_NAME = /(?:^|[^A-Za-z]|[a-z](?=[VR]))(?:[Vv]ersion|VERSION|[Rr]evision|REVISION)$/;
/** … whose value, under a name that also holds a secret's word (`SecretVersion`), is shaped as a version's id: hex, a UUID, a number. */
const VERSION_ID = /^(?:[0-9a-f]{8,64}|[0-9A-F]{8,64}|\d{1,20}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** English words that end in `id` and name no identifier. */
const ID_LOOKALIKE = /^(?:andro|pa|val|inval|vo|avo|ac|flu|liqu|rap|sol|viv|squ|hybr|hum|dav|stup|tim|lur|plac|limp|rig|splend|torr|gr|ma|ra|sa|sk|sl|b|l|h|d|r|a|bra|pyram|dru|orch)id$/i;
/** `userid`, `myid`, `tenantids`: an identifier's name written as one lower-case word. */
function isIdWord(name: string): boolean {
  const last = name.split(/[_.-]/).pop()!;
  return /^[a-z]{1,16}ids?$/.test(last) && !ID_LOOKALIKE.test(last.replace(/s$/, ''));
}
