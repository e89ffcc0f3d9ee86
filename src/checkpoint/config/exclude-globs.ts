/**
 * The rule for a `checkpoint.exclude` value: a glob micromatch reads as the
 * user meant it. Apart from config-values.ts because it loads micromatch,
 * which the pre-push hook does not need.
 */
import micromatch from 'micromatch';

/**
 * Why `glob` cannot be an exclude pattern, or null: an unclosed `[`, `{` or
 * `(` (micromatch would read it as literal text or as a pattern that matches
 * nothing, silently), or a glob that can match no path at all.
 */
export function globProblem(glob: string): string | null {
  if (glob.trim() === '') return null;
  try {
    micromatch.makeRe(glob, { dot: true, strictBrackets: true });
  } catch (err) {
    const message = (err as Error).message;
    if (/^Missing closing/.test(message)) return message.replace(/ - use .*$/, '');
  }
  return micromatch.makeRe(glob, { dot: true }).source === '$^' ? 'it matches no path' : null;
}
