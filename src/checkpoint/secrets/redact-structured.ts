/**
 * Secrets recognised by the shape of a document rather than a token: the
 * values under `data:` / `stringData:` of a Kubernetes Secret manifest, the
 * private members of a JSON Web Key, a wallet's recovery phrase.
 */
import type { Hit } from './secret-format-rules.js';

const SECRET_KIND = /^[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*$/m;
const DATA_BLOCK = /^([ \t]*)(?:data|stringData):[ \t]*\r?\n/gm;
const ENTRY = /^([ \t]+)([\w.-]+):[ \t]*["']?([^\s"'#]+)["']?[ \t]*$/;
/** A template's field: Python's `{name}`, a shell's or Compose's `${NAME}`, Helm's or Jinja's `{{ … }}`. */
const TEMPLATE_FIELD = /^\{[a-z_][a-z0-9_.]*\}$|^\$\{[A-Z_][A-Z0-9_]*\}$|^\{\{[^{}]*\}\}$/;
/** A shell's variable: `$encoded_token`. */
const SHELL_VARIABLE = /^\$[A-Za-z_]\w*$/;
/**
 * A line of a block that holds no value: a template's action alone (`{{- include "x.render" (dict "value" .Values.config) | nindent 4 }}`,
 * `{{- end }}`), or only brackets and punctuation (`}`, `];`), or an element's tag alone (`<property>`), as a configuration file kept
 * in a Secret is written around its values.
 */
const isBlockSyntax = (body: string) => /^\{\{[^{}]*\}\}$|^[^\p{L}\p{N}]{1,3}$|^<\/?[A-Za-z][\w.:-]*>$/u.test(body) || BLOCK_OPENER.test(body);
/** … or a name that opens what follows it, holding no value of its own: a mapping's key (`staticClients:`), a block (`rule {`, `stage.cri { }`, `discovery.kubernetes "pods" {`). */
const BLOCK_OPENER = /^(?:-[ \t]+)?[A-Za-z_][\w.-]{0,60}:$|^[A-Za-z_][\w.]{0,60}(?:[ \t]+"[\w.-]{1,60}")?[ \t]*\{[ \t]*\}?$/;
/** A block scalar's indicator (`|`, `>-`, `|2+`): the value is on the lines below. */
const BLOCK_SCALAR = /^[|>](?:[1-9]?[-+]?|[-+][1-9])$/;
/** Where the line holding `at` ends, its newline included. */
const lineEnd = (text: string, at: number) => {
  const newline = text.indexOf('\n', at);
  return newline < 0 ? text.length : newline + 1;
};
/**
 * What a binding's Secret states in plain text beside its credentials (servicebinding.io's `type`, `provider`, `host`, `port`,
 * `database`, `username`, an OAuth client's `clientID`): no secret. (Under `data:` each value is base64 and is redacted whatever its name.)
 */
const PLAIN_BINDING_ENTRY = /^(?:type|provider|host(?:name)?|port|database|db|dbname|user(?:name)?|client[_-]?id|namespace|region|scheme|protocol|sslmode)$/i;

/** `kind: Secret` on a line of its own, found by its literal first: a multi-line anchor over megabytes is slow. */
function declaresSecret(text: string): boolean {
  for (let at = text.indexOf('kind:'); at >= 0; at = text.indexOf('kind:', at + 5)) {
    const start = text.lastIndexOf('\n', at) + 1;
    const end = text.indexOf('\n', at);
    if (SECRET_KIND.test(text.slice(start, end < 0 ? text.length : end))) return true;
  }
  return false;
}

/** A Secret as JSON declares itself (`kubectl get secret -o json`): `"kind": "Secret"`. */
const JSON_SECRET_KIND = /"kind"[ \t]*:[ \t]*"Secret"/;
/** What the look through JSON stops at: a string, an object's start or end. */
const JSON_MARK = /["{}]/g;
/** A JSON string from its opening quote (escapes read whole); a quote that opens none is prose. */
const JSON_STRING = /"((?:[^"\\\n]|\\.){0,100000})"/y;

/** An object read so far: whether it is a Secret, whether it is a Secret's data (and the spans of its values), and its data's values. */
type JsonObject = { secret: boolean; data: boolean; broken: boolean; values: Hit[]; dataValues: Hit[] };

/**
 * The values of each JSON Secret's `data` and `stringData` objects: one look through the text, each object's members read in
 * turn; a data object's values are its parent's, redacted when the parent turns out to be a Secret (`kind` may come before or
 * after them; a ConfigMap's data beside a Secret in a list, or an API's `{"data": …}` elsewhere in the text, is not one's).
 */
function jsonSecretData(text: string): Hit[] {
  const hits: Hit[] = [];
  const open: JsonObject[] = [];
  let name: string | null = null;
  JSON_MARK.lastIndex = 0;
  for (let m = JSON_MARK.exec(text); m; m = JSON_MARK.exec(text)) {
    const at = m.index;
    const top = open[open.length - 1];
    if (m[0] === '{') {
      open.push({ secret: false, data: name === 'data' || name === 'stringData', broken: false, values: [], dataValues: [] });
      name = null;
    } else if (m[0] === '}') {
      const done = open.pop();
      name = null;
      if (done?.data && !done.broken) open[open.length - 1]?.dataValues.push(...done.values);
      else if (done?.secret) hits.push(...done.dataValues);
    } else {
      JSON_STRING.lastIndex = at;
      const string = JSON_STRING.exec(text);
      if (!string) continue;
      JSON_MARK.lastIndex = at + string[0].length;
      let after = JSON_MARK.lastIndex;
      while (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9) after++;
      if (text.charCodeAt(after) === 58) name = string[1]!;
      else {
        if (top && name === 'kind' && string[1] === 'Secret') top.secret = true;
        if (top?.data && string[1]!.length > 0) top.values.push({ start: at + 1, end: at + string[0].length - 1, reason: 'password' });
        // (A value that does not end its member is a string read in pieces, its escaped quotes read as quotes: that object is
        // left to the reading of the text as written.)
        if (top?.data && !/^[ \t\r\n]*[,}]/.test(text.slice(after, after + 8))) top.broken = true;
        name = null;
      }
    }
  }
  return hits;
}

/**
 * Where one YAML document ends and the next begins: `---` or `...` at a line's start, or a fence around a block of code (indented
 * three blanks at most, as Markdown's: one indented more is text inside a value, a block scalar's); or, at the margin, where a
 * string that holds a manifest in code ends or the next one starts (`"""`, `NAMESPACE_TEMPLATE = """\`). (Not a template's
 * line, `{{- if … }}`, nor a diff's: the manifest goes on.)
 */
const DOCUMENT_BREAK = /^(?:---|\.\.\.)(?=[ \t]|\r?$)|^ {0,3}(?:```|~~~)|^(?:"""|''')|^[A-Za-z_][\w.]*[ \t]*=[ \t]*[rfbu]?(?:"""|''')/gm;

/**
 * The documents of `text` (between breaks) that declare `kind: Secret`. A data block in any other (a ConfigMap after `---`, a
 * manifest in another fenced block) is not a Secret's.
 */
function secretDocuments(text: string): [number, number][] {
  const breaks = [0];
  DOCUMENT_BREAK.lastIndex = 0;
  for (let m = DOCUMENT_BREAK.exec(text); m; m = DOCUMENT_BREAK.exec(text)) breaks.push(m.index);
  breaks.push(text.length);
  const documents: [number, number][] = [];
  for (let i = 1; i < breaks.length; i++) if (declaresSecret(text.slice(breaks[i - 1], breaks[i]))) documents.push([breaks[i - 1]!, breaks[i]!]);
  return documents;
}

/** The value of every entry of a Secret's data blocks (only in a document that declares `kind: Secret`), in YAML or in JSON. */
export function findKubernetesSecretData(text: string): Hit[] {
  if (!text.includes('Secret')) return [];
  const hits = JSON_SECRET_KIND.test(text) ? jsonSecretData(text) : [];
  if (!declaresSecret(text)) return hits;
  const documents = secretDocuments(text);
  let k = 0;
  DATA_BLOCK.lastIndex = 0;
  for (let m = DATA_BLOCK.exec(text); m; m = DATA_BLOCK.exec(text)) {
    while (k < documents.length && documents[k]![1] <= m.index) k++;
    if (k === documents.length || documents[k]![0] > m.index) continue;
    const indent = m[1]!.length;
    let at = m.index + m[0].length;
    while (at < text.length) {
      const end = lineEnd(text, at);
      const line = text.slice(at, end).replace(/\r?\n$/, '');
      const entry = ENTRY.exec(line);
      if (!entry || entry[1]!.length <= indent) break;
      const value = entry[3]!;
      // (A template's field in its place, `{image_pull_secret}`, `${DB_PASSWORD}`, `{{ .Values.x }}`, is filled in later: no value yet.)
      // (In `data:`, base64, a shell's variable is a script's, `admin-token: $encoded_token` in a manifest it writes.)
      const kept = (m[0].includes('stringData') ? PLAIN_BINDING_ENTRY.test(entry[2]!) : SHELL_VARIABLE.test(value)) || TEMPLATE_FIELD.test(value);
      if (!BLOCK_SCALAR.test(value)) {
        const start = at + line.lastIndexOf(value);
        if (!kept) hits.push({ start, end: start + value.length, reason: 'password' });
        at = end;
        continue;
      }
      // A block (`users: |`): its value is each line indented deeper than the entry, blank lines among them; the indicator is none.
      for (at = end; at < text.length; ) {
        const next = lineEnd(text, at);
        const content = text.slice(at, next).replace(/\r?\n$/, '');
        const body = content.trim();
        if (body !== '' && content.length - content.trimStart().length <= entry[1]!.length) break;
        const start = at + content.indexOf(body);
        if (body !== '' && !kept && !isBlockSyntax(body)) hits.push({ start, end: start + body.length, reason: 'password' });
        at = next;
      }
    }
  }
  return hits;
}

/** Where a JSON Web Key names its type (`"kty": "RSA"`, in JSON or a script's object). */
const KEY_TYPE = /["']?kty["']?[ \t]*:[ \t]*["'](?:RSA|EC|OKP|oct)["']/g;
/** The members of a JSON Web Key that are private (RFC 7518): an RSA key's `d`, `p`, `q`, `dp`, `dq`, `qi`, an EC or OKP key's `d`, a symmetric key's `k`. */
const PRIVATE_MEMBER = /["']?\b(?:d|p|q|dp|dq|qi|k)\b["']?[ \t]*:[ \t]*["']([A-Za-z0-9_-]{16,})["']/g;
/** How far a key's object reaches from its `kty` either way (an RSA key of 4096 bits is about 3,500 characters of members). */
const KEY_REACH = 8000;

/**
 * The private members of every JSON Web Key (`{"kty": "RSA", "n": …, "d": …, "p": …}`): the members of the object
 * around its `kty`, from its `{` to its `}` (a key's values are base64url, never a brace). A public key has none.
 */
export function findJsonWebKeyMembers(text: string): Hit[] {
  if (!text.includes('kty')) return [];
  const hits: Hit[] = [];
  // The last `{` and `}` before each `kty` and the first `}` after it, found going forward once (not looked for again from each `kty`).
  let open = -1;
  let closed = -1;
  let nextOpen = text.indexOf('{');
  let nextClose = text.indexOf('}');
  KEY_TYPE.lastIndex = 0;
  for (let m = KEY_TYPE.exec(text); m; m = KEY_TYPE.exec(text)) {
    for (; nextOpen >= 0 && nextOpen < m.index; nextOpen = text.indexOf('{', open + 1)) open = nextOpen;
    for (; nextClose >= 0 && nextClose < m.index; nextClose = text.indexOf('}', closed + 1)) closed = nextClose;
    if (open < 0 || open < closed || nextClose < 0 || m.index - open > KEY_REACH || nextClose - m.index > KEY_REACH) continue;
    for (const member of text.slice(open, nextClose).matchAll(PRIVATE_MEMBER)) {
      const at = open + member.index + member[0].lastIndexOf(member[1]!);
      hits.push({ start: at, end: at + member[1]!.length, reason: 'private-key' });
    }
    KEY_TYPE.lastIndex = Math.max(KEY_TYPE.lastIndex, nextClose);
  }
  return hits;
}

/**
 * A wallet's recovery phrase (BIP-39: 12, 15, 18, 21 or 24 small words) after its name or given to a wallet: `mnemonic: "legal
 * winner …"`, `SEED_PHRASE=…`, `recovery phrase: …`, `{"mnemonic": "…", "path": …}`, `Wallet.fromPhrase('…')`. It is the wallet.
 */
const RECOVERY_PHRASE =
  /(?<![A-Za-z])(?:(?:mnemonic|(?:secret[ _-]?)?recovery[ _-]?phrase|seed[ _-]?(?:phrase|words)|backup[ _-]?phrase|wallet[ _-]?seed)(?:[ _-]?phrase)?s?["']?[ \t]*(?:[:=]|is)|from(?:Phrase|Mnemonic)[ \t]*\()[ \t]*(?:(["'`])(?<quoted>[a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,23})\1|(?<bare>[a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,23})(?=[ \t]*[,;.]?[ \t]*(?:\r?\n|$)))/gi;
const PHRASE_WORDS = new Set([12, 15, 18, 21, 24]);

/** Each recovery phrase of RECOVERY_PHRASE whose words are as many as a phrase has. */
export function findRecoveryPhrases(text: string): Hit[] {
  const hits: Hit[] = [];
  RECOVERY_PHRASE.lastIndex = 0;
  for (const m of text.matchAll(RECOVERY_PHRASE)) {
    const phrase = m.groups!.quoted ?? m.groups!.bare!;
    if (!/^[a-z \t]+$/.test(phrase) || !PHRASE_WORDS.has(phrase.split(/[ \t]+/).length)) continue;
    const start = m.index + m[0].lastIndexOf(phrase);
    hits.push({ start, end: start + phrase.length, reason: 'password' });
  }
  return hits;
}
