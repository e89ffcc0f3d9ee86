/** The CLI: parse, dispatch, render the result, and decide the exit code in one place. */
import type { Deps } from '../io/deps.js';
import { VERSION } from '../version.js';
import { parseTopLevel } from './args.js';
import { COMMANDS } from './commands.js';
import { COMMAND_MODULES } from './dispatch.js';
import { Context } from '../io/context.js';
import { EXIT, exitCodeOf, reportError } from '../exit-codes.js';
import { UsageError } from '../errors.js';
import { pagerFor } from './pager.js';
import { parseCommand } from './parse-command.js';
import { unknownCommand } from './unknown-command.js';
import { renderJson } from '../text/sanitize.js';
import type { JsonOutputOf } from '../schemas/json-outputs.js';

/** Human output, through the pager when git would use one (src/cli/pager.ts). */
async function writeText(ctx: Context, text: string, pages: boolean): Promise<void> {
  const command = await pagerFor(ctx, pages);
  if (command === null || !ctx.deps.startPager) return ctx.deps.streams.out(text);
  const pager = await ctx.deps.startPager(command);
  pager.write(text);
  await pager.end();
}

/** Runs one invocation; returns the exit code. Never throws. */
export async function run(argv: string[], deps: Deps): Promise<number> {
  let command: string | null = null;
  let ctx: Context | null = null;
  try {
    const top = parseTopLevel(argv, deps.cwd);
    if (top.version) {
      const json: JsonOutputOf<'--version'> = { version: VERSION };
      deps.streams.out(top.globals.json ? `${JSON.stringify(json)}\n` : `git-checkpoint version ${VERSION}\n`);
      return EXIT.ok;
    }
    command = top.command;
    if (command === null) {
      const { generalHelp } = await import('./help-text.js');
      deps.streams.out(generalHelp());
      return EXIT.usage;
    }
    if (command === '__complete') {
      // What the completion scripts ask: candidates for the words after `git checkpoint`.
      ctx = new Context(deps, top.globals);
      deps.streams.out((await (await import('../commands/completion.js')).complete(ctx, top.rest)).text ?? '');
      return EXIT.ok;
    }
    const entry = COMMANDS[command];
    if (!entry) {
      command = null;
      throw unknownCommand(top.command!);
    }
    const args = top.help ? 'help' : await parseCommand(entry, top.rest, top.globals, deps);
    if (args === 'help') {
      // As git's `<command> -h`: the usage on stdout, exit 129.
      const { commandHelp } = await import('./help-text.js');
      deps.streams.out(commandHelp(command, entry));
      return EXIT.usage;
    }
    if (top.globals.json && entry.noJson) throw new UsageError(`'${command}' has no JSON output`);
    ctx = new Context(deps, top.globals);
    const result = await (await COMMAND_MODULES[command]!()).run(ctx, args);
    if (top.globals.json && result.json !== undefined) deps.streams.out(renderJson(result.json));
    else {
      const text = (result.text ?? '') + (top.globals.quiet ? '' : (result.report ?? ''));
      if (text) await writeText(ctx, text, Boolean(entry.pages));
    }
    for (const p of result.problems ?? []) ctx.problem(p);
    return exitCodeOf(result.outcome);
  } catch (err) {
    const report = reportError(err, command);
    deps.streams.err(report.stderr);
    if (deps.env.GIT_CHECKPOINT_DEBUG && err instanceof Error) deps.streams.err(`${err.stack}\n`);
    return report.exitCode;
  } finally {
    await ctx?.close();
  }
}
