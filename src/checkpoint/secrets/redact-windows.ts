/**
 * Where a look is narrowed to: the lines around an anchor (a rule's `near`
 * literal, or a placeholder just written). Lines are capped at WINDOW
 * characters either side, so a 1 MB line costs no more than a short one.
 */
import type { Hit } from './secret-format-rules.js';

/** How far from its anchor a look reaches, within the line. */
const WINDOW = 2000;

/**
 * Where the line holding `at` starts, looking back WINDOW characters at most:
 * `max(text.lastIndexOf('\n', at) + 1, at - WINDOW)` without scanning a
 * megabyte line back to its start for every anchor on it.
 */
function lineStartNear(text: string, at: number): number {
  const limit = Math.max(0, at - WINDOW);
  for (let i = Math.min(at, text.length - 1); i >= limit; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return limit;
}

/** Where the line holding `at` ends, looking ahead WINDOW characters at most: `min(indexOf('\n', at) or the end, at + WINDOW)`. */
export function lineEndNear(text: string, at: number): number {
  const limit = Math.min(text.length, at + WINDOW);
  for (let i = at; i < limit; i++) if (text.charCodeAt(i) === 10) return i;
  return limit;
}

/** The lines holding each span (at most WINDOW characters either side), merged. */
export function lineWindows(text: string, spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of spans) {
    const from = lineStartNear(text, start);
    const to = lineEndNear(text, end);
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
    near.lastIndex = Math.max(near.lastIndex, lineEndNear(text, m.index));
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
