/**
 * Where a look is narrowed to: the lines around an anchor (a rule's `near`
 * literal, or a placeholder just written). Lines are capped at WINDOW
 * characters either side, so a 1 MB line costs no more than a short one.
 */
import type { Hit } from './secret-format-rules.js';

/** How far from its anchor a look reaches, within the line. */
const WINDOW = 2000;

/** The lines holding each span (at most WINDOW characters either side), merged. */
export function lineWindows(text: string, spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of spans) {
    const from = Math.max(text.lastIndexOf('\n', start) + 1, start - WINDOW);
    const nl = text.indexOf('\n', end);
    const to = Math.min(nl < 0 ? text.length : nl, end + WINDOW);
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The lines around each match of `near` (a global pattern), merged. */
export function nearWindows(text: string, near: RegExp): [number, number][] {
  const spans: [number, number][] = [];
  near.lastIndex = 0;
  for (let m = near.exec(text); m; m = near.exec(text)) {
    spans.push([m.index, m.index + m[0].length]);
    // Anchors inside the window already taken add nothing: skip to its end.
    const nl = text.indexOf('\n', m.index);
    near.lastIndex = Math.max(near.lastIndex, Math.min(nl < 0 ? text.length : nl, m.index + WINDOW));
  }
  return lineWindows(text, spans);
}

/** `findSecrets` on the windows only: joined by newlines into one text (one look), hits mapped back. */
export function findInWindows(text: string, windows: [number, number][], find: (text: string) => Hit[]): Hit[] {
  const starts: number[] = [];
  let joined = '';
  for (const [from, to] of windows) {
    starts.push(joined.length);
    joined += `${text.slice(from, to)}\n`;
  }
  return find(joined).flatMap((h) => {
    let k = 0;
    for (let hi = starts.length - 1; k < hi; ) {
      const mid = (k + hi + 1) >> 1;
      if (starts[mid]! <= h.start) k = mid;
      else hi = mid - 1;
    }
    const [from, to] = windows[k]!;
    const shift = from - starts[k]!;
    return h.end + shift <= to ? [{ ...h, start: h.start + shift, end: h.end + shift }] : [];
  });
}
