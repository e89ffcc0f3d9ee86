/** `save`'s flags → typed options → a save request; shared by `save` and `switch` (which saves for the branch it leaves). */
import { listOption, stringOption } from '../../cli/args.js';
import type { Context, ParsedArgs } from '../../io/context.js';
import type { SaveRequest } from '../../checkpoint/planners/save.js';
import type { CheckpointContent } from '../../checkpoint/record/schema.js';
import { harvestFromFile } from '../../harvest/harvest-file.js';
import { UsageError } from '../../errors.js';
import { contentFromFlags, contentFromInput, inputOption, type InputOption } from './save-content.js';
import { editContent } from './save-edit.js';
import { filesFromCwd } from './save-files.js';

/** Every `save` option (`switch` takes them all but --branch), typed and checked; nothing read yet. */
export interface SaveOptions {
  /** The content the flags give (undefined fields were not given). */
  content: Partial<CheckpointContent>;
  input: InputOption | null;
  transcript: string | undefined;
  branch: string | undefined;
  /** `--parent` specs; undefined when none was given. */
  parents: string[] | undefined;
  noParent: boolean;
  /** `--wip` / `--no-wip`; undefined: checkpoint.wip decides. */
  wip: boolean | undefined;
  edit: boolean;
  carry: boolean;
  done: string[];
}

/** UsageError (exit 129) for what cannot go together or is not valid, before anything is opened or read. */
export function saveOptions(args: ParsedArgs): SaveOptions {
  if (args.values.parent && args.values['no-parent']) throw new UsageError("'--parent' and '--no-parent' cannot be used together");
  if (args.values.wip && args.values['no-wip']) throw new UsageError("'--wip' and '--no-wip' cannot be used together");
  return {
    content: contentFromFlags(args),
    input: inputOption(args),
    transcript: stringOption(args, 'transcript'),
    branch: stringOption(args, 'branch'),
    parents: listOption(args, 'parent'),
    noParent: Boolean(args.values['no-parent']),
    wip: args.values.wip ? true : args.values['no-wip'] ? false : undefined,
    edit: Boolean(args.values.edit),
    carry: !args.values['no-carry'],
    done: listOption(args, 'done') ?? [],
  };
}

/**
 * Reads `--input` and `--transcript` and resolves `--file` paths. `allowEditor:
 * false` (switch, hooks): the editor opens only when `-e` asks.
 */
export async function saveRequest(ctx: Context, opts: SaveOptions, { allowEditor }: { allowEditor: boolean }): Promise<SaveRequest> {
  const doc = await contentFromInput(ctx, opts.input);
  const harvested = opts.transcript === undefined ? {} : await harvestFromFile(ctx, opts.transcript);
  const onTerminal = allowEditor && ctx.deps.streams.isStdinTTY && ctx.deps.streams.isStdoutTTY;
  const editMode = opts.edit ? 'always' : onTerminal ? 'when-empty' : null;
  const repo = await ctx.worktreeRepo();
  const flags = { ...opts.content };
  if (flags.files) flags.files = await filesFromCwd(ctx, repo, flags.files);
  return {
    layers: [harvested, doc, flags],
    branch: opts.branch,
    wip: opts.wip,
    lineage: opts.noParent ? { kind: 'none' } : opts.parents ? { kind: 'specs', specs: opts.parents } : { kind: 'default' },
    carry: opts.carry,
    done: opts.done,
    ...(editMode ? { editor: { mode: editMode, run: (content, git) => editContent(ctx, repo, content, git) } } : {}),
  };
}
