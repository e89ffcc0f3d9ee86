/**
 * Secrets recognised by the shape of a document rather than a token: the
 * values under `data:` / `stringData:` of a Kubernetes Secret manifest.
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

/** The value of every entry of a Secret's data blocks (only in a text that declares `kind: Secret`). */
export function findKubernetesSecretData(text: string): Hit[] {
  if (!text.includes('Secret') || !declaresSecret(text)) return [];
  const hits: Hit[] = [];
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
