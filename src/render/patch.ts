/** Colours git's patch text the way `git diff` would, after it has been made safe to print. */

/** Adds ANSI colour to an already sanitized patch; returns it unchanged when `color` is off. */
export function colorPatch(patch: string, color: boolean): string {
  if (!color) return patch;
  return patch
    .split('\n')
    .map((line) => {
      if (/^(diff --git|index |--- |\+\+\+ |new file|deleted file|old mode|new mode|similarity|rename )/.test(line)) return `\x1b[1m${line}\x1b[0m`;
      if (line.startsWith('@@')) return `\x1b[36m${line}\x1b[0m`;
      if (line.startsWith('+')) return `\x1b[32m${line}\x1b[0m`;
      if (line.startsWith('-')) return `\x1b[31m${line}\x1b[0m`;
      return line;
    })
    .join('\n');
}
