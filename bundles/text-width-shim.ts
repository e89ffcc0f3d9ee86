/**
 * Stands in for `string-width` in dist/yargs.cjs (build.mjs): the real one
 * builds an Intl.Segmenter when it loads, some 20 ms of every command's
 * start-up, for yargs' own help layout, which we never print (usage comes
 * from the command table). Counts code points, ANSI colour codes left out.
 */
export default function stringWidth(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\u001b\[[0-9;]*m/g, '')].length;
}
