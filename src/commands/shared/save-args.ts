/** `save`'s flags → a save request; shared by `save` and `switch` (which saves for the branch it leaves). */
import { listOption, stringOption } from '../../cli/args.js';
import type { Context, ParsedArgs } from '../../cli/context.js';
import type { SaveRequest } from '../../checkpoint/save.js';
import { harvestFromFile } from '../../agent/harvest-file.js';
import { UsageError } from '../../errors.js';
import { contentFromFlags, contentFromInput } from './save-content.js';
import { editContent } from './save-edit.js';
import { filesFromCwd } from './save-files.js';

/** Every `save` option (`switch` takes them all but --branch). */
/**
 * Reads content flags, `--input` and `--transcript`, and the lineage, wip and
 * carry options. `allowEditor: false` (switch, hooks): the editor opens only
 * when `-e` asks.
 */
export async function saveRequestFromArgs(ctx: Context, args: ParsedArgs, opts: { allowEditor: boolean }): Promise<SaveRequest> {
  if (args.values.parent && args.values['no-parent']) throw new UsageError("'--parent' and '--no-parent' cannot be used together");
  if (args.values.wip && args.values['no-wip']) throw new UsageError("'--wip' and '--no-wip' cannot be used together");
  const flags = contentFromFlags(args);
  const doc = await contentFromInput(ctx, args);
  const transcript = stringOption(args, 'transcript');
  const harvested = transcript === undefined ? {} : await harvestFromFile(ctx, transcript);
  const specs = listOption(args, 'parent');
  const onTerminal = opts.allowEditor && ctx.deps.streams.isStdinTTY && ctx.deps.streams.isStdoutTTY;
  const editMode = args.values.edit ? 'always' : onTerminal ? 'when-empty' : null;
  const repo = await ctx.worktreeRepo();
  if (flags.files) flags.files = await filesFromCwd(ctx, repo.info.workTree!, flags.files);
  return {
    layers: [harvested, doc, flags],
    branch: stringOption(args, 'branch'),
    wip: args.values.wip ? true : args.values['no-wip'] ? false : undefined,
    lineage: args.values['no-parent'] ? { kind: 'none' } : specs ? { kind: 'specs', specs } : { kind: 'default' },
    carry: !args.values['no-carry'],
    done: listOption(args, 'done') ?? [],
    ...(editMode ? { editor: { mode: editMode, run: (content, git) => editContent(ctx, repo, content, git) } } : {}),
  };
}
