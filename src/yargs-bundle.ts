/**
 * yargs, bundled on its own as dist/yargs.cjs (build.mjs) and loaded through
 * V8's code cache by the commands that parse with it: the hook entry points,
 * the MCP server and `--version` never read it.
 */
import Yargs from 'yargs';

export const yargs = Yargs;
