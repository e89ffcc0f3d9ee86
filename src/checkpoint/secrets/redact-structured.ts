/**
 * Secrets recognised by the shape of a document rather than a token: the
 * values under `data:` / `stringData:` of a Kubernetes Secret manifest, the
 * private members of a JSON Web Key, a wallet's recovery phrase.
 */
import type { Hit } from './secret-format-rules.js';

const SECRET_KIND = /^[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*$/m;
const DATA_BLOCK = /^([ \t]*)(?:data|stringData):[ \t]*\r?\n/gm;
const ENTRY = /^([ \t]+)[\w.-]+:[ \t]*["']?([^\s"'#]+)["']?[ \t]*$/;

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
/** Its data objects, `"data": {` and `"stringData": {`. */
const JSON_DATA_OBJECT = /"(?:data|stringData)"[ \t]*:[ \t]*\{/g;
/** One member of a data object, its value a JSON string (escapes read whole), then a comma or the object's end. */
const JSON_MEMBER = /\s*"(?:[^"\\\n]|\\.){1,253}"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.){1,100000})"\s*([,}])/y;

/** The value of every entry of a Secret's data blocks (only in a text that declares `kind: Secret`), in YAML or in JSON. */
export function findKubernetesSecretData(text: string): Hit[] {
  if (!text.includes('Secret')) return [];
  const hits: Hit[] = [];
  if (JSON_SECRET_KIND.test(text)) {
    JSON_DATA_OBJECT.lastIndex = 0;
    for (let m = JSON_DATA_OBJECT.exec(text); m; m = JSON_DATA_OBJECT.exec(text)) {
      JSON_MEMBER.lastIndex = m.index + m[0].length;
      for (let e = JSON_MEMBER.exec(text); e; e = JSON_MEMBER.exec(text)) {
        const start = e.index + e[0].lastIndexOf(`"${e[1]!}"`) + 1;
        hits.push({ start, end: start + e[1]!.length, reason: 'password' });
        if (e[2] === '}') break;
      }
    }
  }
  if (!declaresSecret(text)) return hits;
  DATA_BLOCK.lastIndex = 0;
  for (let m = DATA_BLOCK.exec(text); m; m = DATA_BLOCK.exec(text)) {
    const indent = m[1]!.length;
    let at = m.index + m[0].length;
    while (at < text.length) {
      const end = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at) + 1;
      const line = text.slice(at, end).replace(/\r?\n$/, '');
      const entry = ENTRY.exec(line);
      if (!entry || entry[1]!.length <= indent) break;
      const value = entry[2]!;
      const start = at + line.lastIndexOf(value);
      hits.push({ start, end: start + value.length, reason: 'password' });
      at = end;
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
  KEY_TYPE.lastIndex = 0;
  for (let m = KEY_TYPE.exec(text); m; m = KEY_TYPE.exec(text)) {
    const open = text.lastIndexOf('{', m.index);
    const close = text.indexOf('}', m.index);
    if (open < 0 || close < 0 || m.index - open > KEY_REACH || close - m.index > KEY_REACH || text.slice(open, m.index).includes('}')) continue;
    const object = text.slice(open, close);
    for (const member of object.matchAll(PRIVATE_MEMBER)) {
      const start = open + member.index + member[0].lastIndexOf(member[1]!);
      hits.push({ start, end: start + member[1]!.length, reason: 'private-key' });
    }
    KEY_TYPE.lastIndex = Math.max(KEY_TYPE.lastIndex, close);
  }
  return hits;
}

/**
 * A wallet's recovery phrase (BIP-39: 12, 15, 18, 21 or 24 small words) after its name: `mnemonic: "legal winner …"`,
 * `SEED_PHRASE=…`, `recovery phrase: …`. It is the wallet.
 */
const RECOVERY_PHRASE =
  /(?<![A-Za-z])(?:mnemonic|(?:secret[ _-]?)?recovery[ _-]?phrase|seed[ _-]?(?:phrase|words)|backup[ _-]?phrase|wallet[ _-]?seed)s?["']?[ \t]*(?:[:=]|is)[ \t]*["'`]?([a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,23})(?=["'`]?[ \t]*[,;.]?[ \t]*(?:\r?\n|$))/gi;
const PHRASE_WORDS = new Set([12, 15, 18, 21, 24]);

export function findRecoveryPhrases(text: string): Hit[] {
  const hits: Hit[] = [];
  RECOVERY_PHRASE.lastIndex = 0;
  for (const m of text.matchAll(RECOVERY_PHRASE)) {
    const phrase = m[1]!;
    if (!/^[a-z \t]+$/.test(phrase) || !PHRASE_WORDS.has(phrase.split(/[ \t]+/).length)) continue;
    const start = m.index + m[0].lastIndexOf(phrase);
    hits.push({ start, end: start + phrase.length, reason: 'password' });
  }
  return hits;
}
