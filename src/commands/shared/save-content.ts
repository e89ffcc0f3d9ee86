/** Turns `save` flags and documents into record content (flags win over documents). */
import { resolve } from 'node:path';
import { listOption, stringOption } from '../../cli/args.js';
import type { Context, ParsedArgs } from '../../io/context.js';
import { UsageError } from '../../errors.js';
import { MAX_INPUT_BYTES, parseInputDocument, splitPair, type InputFormat } from '../../checkpoint/record/input.js';
import { InputTooLarge } from '../../io/deps.js';
import { LABEL_PATTERN, taskStatuses, type CheckpointContent, type TaskStatus } from '../../checkpoint/record/schema.js';

/** The content given by flags alone; undefined fields were not given. */
export function contentFromFlags(args: ParsedArgs): Partial<CheckpointContent> {
  const layer: Partial<CheckpointContent> = {};
  const title = stringOption(args, 'task');
  const status = stringOption(args, 'status');
  if (status !== undefined && !(taskStatuses as readonly string[]).includes(status)) {
    throw new UsageError(`invalid value for '--status': '${status}' (expected ${taskStatuses.join(', ')})`);
  }
  if (title !== undefined || status !== undefined) {
    layer.task = { title: title ?? '', status: (status as TaskStatus | undefined) ?? 'in_progress' };
  }
  const pairs = (name: string) => listOption(args, name)?.map(splitPair);
  layer.decisions = pairs('decision');
  layer.rejected = pairs('rejected');
  layer.nextSteps = listOption(args, 'next');
  layer.blockers = listOption(args, 'blocker');
  layer.questions = listOption(args, 'question');
  layer.learnings = listOption(args, 'learning');
  layer.constraints = listOption(args, 'constraint');
  layer.assumptions = listOption(args, 'assumption');
  layer.links = listOption(args, 'link');
  layer.files = listOption(args, 'file')?.map((f) => {
    const { what, why } = splitPair(f);
    return why ? { path: what, why } : { path: what };
  });
  const note = stringOption(args, 'note');
  if (note !== undefined) layer.notes = note;
  const label = readLabel(args);
  if (label !== undefined) layer.label = label;
  if (args.values.salient) layer.mode = 'salient';
  if (args.values['compact-imminent']) layer.compactImminent = true;
  return layer;
}

function readLabel(args: ParsedArgs): string | undefined {
  const flag = stringOption(args, 'label');
  const positional = args.positionals[0];
  if (flag !== undefined && positional !== undefined && flag !== positional) {
    throw new UsageError(`two different labels given: '${positional}' and '${flag}'`);
  }
  const label = flag ?? positional;
  if (label !== undefined && !LABEL_PATTERN.test(label)) {
    throw new UsageError(`invalid label '${label}': use 1 to 64 characters of [A-Za-z0-9._-]`);
  }
  return label;
}

/** `--input <file|->` and `--input-format`, checked; null when no document is given. */
export interface InputOption {
  source: string;
  format: InputFormat | undefined;
}

/** UsageError for an unknown format, or a format with no document. */
export function inputOption(args: ParsedArgs): InputOption | null {
  const source = stringOption(args, 'input');
  const format = stringOption(args, 'input-format');
  if (format !== undefined && !['json', 'md', 'recap'].includes(format)) {
    throw new UsageError(`invalid value for '--input-format': '${format}' (expected json, md, recap)`);
  }
  if (source === undefined) {
    if (format !== undefined) throw new UsageError("'--input-format' needs '--input'");
    return null;
  }
  return { source, format: format as InputFormat | undefined };
}

/** Reads the `--input` document into content; UsageError for an unreadable or invalid document. */
export async function contentFromInput(ctx: Context, input: InputOption | null): Promise<Partial<CheckpointContent>> {
  if (input === null) return {};
  const { source, format } = input;
  let bytes: Uint8Array;
  const name = source === '-' ? 'stdin' : source;
  try {
    bytes = source === '-'
      ? await ctx.deps.streams.readStdin(MAX_INPUT_BYTES)
      : await ctx.deps.readFile(resolve(ctx.globals.dir, source), MAX_INPUT_BYTES);
  } catch (err) {
    if (err instanceof InputTooLarge) {
      const size = err.size === null ? '' : ` is ${err.size} bytes,`;
      throw new UsageError(`${name}: document${size} over the 8 MiB limit`);
    }
    throw new UsageError(`cannot read input '${source}': ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseInputDocument(bytes, format, source === '-' ? 'stdin' : source);
}
