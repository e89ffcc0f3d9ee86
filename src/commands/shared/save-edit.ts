/**
 * `save --edit`: like `git commit`, open the editor on a markdown template
 * pre-filled with what is known and the last checkpoint's open items.
 */
import type { Context } from '../../io/context.js';
import { loadListing } from '../../checkpoint/listing/listing.js';
import { parseMarkdown } from '../../checkpoint/record/parse-md.js';
import { loadRecord } from '../../checkpoint/listing/resolve.js';
import { SCHEMA_ID, type CheckpointContent, type CheckpointRecord, type GitState } from '../../checkpoint/record/schema.js';
import { OperationError, UsageError } from '../../errors.js';
import type { Repo } from '../../git/repo.js';
import { renderMarkdown } from '../../checkpoint/record/md.js';

// Whole-line comments: the markdown parser skips them, so values keep any `<!--` they contain.
const INSTRUCTIONS = [
  '<!-- Describe the session: the title under "Task" is required (an empty task aborts the save). -->',
  '<!-- Edit or delete any section. Lines like these are ignored. -->',
  '',
].join('\n');

/** Runs the editor and returns the content it produced; OperationError when the task is left empty. */
export async function editContent(ctx: Context, repo: Repo, given: CheckpointContent, git: GitState): Promise<CheckpointContent> {
  const seed = await withOpenItems(repo, given, git.branch);
  const template = INSTRUCTIONS + renderMarkdown(templateRecord(seed, git));
  const edited = await ctx.deps.editText(template, repo);
  const parsed = parseMarkdown(edited);
  if (!parsed.ok) throw new UsageError(`edited checkpoint: ${parsed.error}`);
  const title = parsed.content.task.title.trim();
  if (!title || title === PLACEHOLDER) throw new OperationError('aborting save due to an empty task title');
  return parsed.content;
}

const PLACEHOLDER = 'Describe the task here';

/** Carries over what is still open from the newest checkpoint on this branch. */
async function withOpenItems(repo: Repo, given: CheckpointContent, branch: string | null): Promise<CheckpointContent> {
  const listing = await loadListing(repo, { local: true });
  const last = listing.checkpoints.find((c) => c.branch === branch);
  if (!last) return given;
  const prev = await loadRecord(repo, last).catch(() => null);
  if (!prev) return given;
  const keep = <T>(mine: T[], theirs: T[]) => (mine.length ? mine : theirs);
  return {
    ...given,
    nextSteps: keep(given.nextSteps, prev.nextSteps),
    blockers: keep(given.blockers, prev.blockers),
    questions: keep(given.questions, prev.questions),
    todos: keep(given.todos, prev.todos.filter((t) => t.status !== 'completed')),
  };
}

function templateRecord(content: CheckpointContent, git: GitState): CheckpointRecord {
  return {
    schema: SCHEMA_ID, id: '00000000-000000-edit', createdAt: '1970-01-01T00:00:00Z', writer: 'you',
    author: { name: '', email: '' }, parents: [], redactions: {}, git, ...content,
    task: { ...content.task, title: content.task.title || PLACEHOLDER },
  };
}
