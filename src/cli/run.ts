/** The CLI: parse, dispatch, render the result, and decide the exit code in one place. */
import type { Deps } from '../io/deps.js';
import { VERSION } from '../version.js';
import { parseCommandArgs, parseTopLevel } from './args.js';
import { COMMANDS } from './commands.js';
import { Context } from './context.js';
import { EXIT, reportError } from './exit-codes.js';
import { UsageError } from '../errors.js';
import { renderJson } from '../render/sanitize.js';

/** Runs one invocation; returns the exit code. Never throws. */
export async function run(argv: string[], deps: Deps): Promise<number> {
  let command: string | null = null;
  let ctx: Context | null = null;
  try {
    const top = parseTopLevel(argv, deps.cwd);
    if (top.version) {
      deps.streams.out(top.globals.json ? `${JSON.stringify({ version: VERSION })}\n` : `git-checkpoint version ${VERSION}\n`);
      return EXIT.ok;
    }
    command = top.command;
    if (command === null || (top.help && command === null)) {
      const { generalHelp } = await import('../commands/help.js');
      deps.streams.out(generalHelp());
      return top.help ? EXIT.ok : EXIT.usage;
    }
    const entry = COMMANDS[command];
    if (!entry) throw new UsageError(`'${command}' is not a git checkpoint command. See 'git checkpoint -h'.`);
    const mod = await entry.load();
    ctx = new Context(deps, top.globals);
    const args = parseCommandArgs(top.rest, mod.options, top.globals);
    if (args.values.help || top.help) {
      const { commandHelp } = await import('../commands/help.js');
      deps.streams.out(await commandHelp(command));
      return EXIT.ok;
    }
    const result = await mod.run(ctx, args);
    if (top.globals.json && result.json !== undefined) deps.streams.out(renderJson(result.json));
    else if (result.text) deps.streams.out(result.text);
    return result.exitCode;
  } catch (err) {
    const report = reportError(err, command);
    deps.streams.err(report.stderr);
    if (deps.env.GIT_CHECKPOINT_DEBUG && err instanceof Error) deps.streams.err(`${err.stack}\n`);
    return report.exitCode;
  } finally {
    await ctx?.close();
  }
}
