/**
 * yargs' own parser (`Parser` of `yargs/helpers`), bundled on its own as
 * dist/yargs.cjs (build.mjs) and loaded through V8's code cache by the
 * commands that parse with it: the hook entry points, the MCP server and
 * `--version` never read it. The rest of yargs (its command runner, help and
 * locale layers) would cost every interactive command some 8 ms more at
 * start-up; the command table already gives usage, help and completion.
 */
export { Parser as yargsParser } from 'yargs/helpers';
