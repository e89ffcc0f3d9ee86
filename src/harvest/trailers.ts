/**
 * `<!-- ckpt … -->` trailers: the structured notes an agent leaves in its own
 * replies (invisible in rendered markdown) so that a harvest keeps its
 * decisions and their reasons word for word. Inside a trailer, fields are
 * `key: value`, separated by newlines or ` | `:
 *
 *     <!-- ckpt decision: stream the transcript | reasoning: 50 MB files -->
 *
 * A `reasoning` attaches to the decision, rejection or pivot before it in the
 * same trailer. Unknown keys are ignored (so are keys written in prose).
 */

export const TRAILER_FIELDS = [
  'decision', 'reasoning', 'learning', 'pivot', 'rejected', 'constraint', 'assumption', 'open', 'definition', 'refs',
  'task', 'next',
] as const;
export type TrailerField = (typeof TRAILER_FIELDS)[number];

export interface TrailerEntry {
  field: TrailerField;
  value: string;
}

const TRAILER = /<!--\s*ckpt\b([\s\S]*?)-->/g;
const KEY = new RegExp(`(^|\\n|\\|)[ \\t]*(${TRAILER_FIELDS.join('|')})[ \\t]*:`, 'g');

/** Every trailer in `text`, each as its fields in order (empty values dropped). */
export function parseTrailers(text: string): TrailerEntry[][] {
  if (!text.includes('ckpt')) return [];
  const out: TrailerEntry[][] = [];
  for (const m of text.matchAll(TRAILER)) {
    const entries = parseBody(m[1] ?? '');
    if (entries.length) out.push(entries);
  }
  return out;
}

function parseBody(body: string): TrailerEntry[] {
  const keys = [...body.matchAll(KEY)];
  return keys.flatMap((k, i) => {
    const start = (k.index ?? 0) + k[0].length;
    const end = i + 1 < keys.length ? (keys[i + 1]!.index ?? body.length) : body.length;
    const value = body.slice(start, end).trim();
    return value ? [{ field: k[2] as TrailerField, value }] : [];
  });
}
