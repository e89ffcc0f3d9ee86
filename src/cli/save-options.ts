/** The options of `save` (and of `switch`, which saves for the branch it leaves): declarations only. */
import type { OptionDef } from './options.js';

/** The record's content, from flags. Flags win over documents given with --input. */
export const CONTENT_OPTIONS: readonly OptionDef[] = [
  { name: 'task', short: 'm', type: 'string', value: 'title', description: 'the task title' },
  { name: 'status', type: 'string', value: 'status', choices: ['in_progress', 'blocked', 'done', 'deferred'], default: 'in_progress', description: 'the task status' },
  { name: 'decision', type: 'string', multiple: true, value: 'what :: why', description: 'a decision and its reason' },
  { name: 'rejected', type: 'string', multiple: true, value: 'what :: why', description: 'a dead end and why, so nobody retries it' },
  { name: 'next', type: 'string', multiple: true, value: 'step', description: 'a next step; the first is the runnable resume step' },
  { name: 'blocker', type: 'string', multiple: true, value: 'text', description: 'what blocks the work' },
  { name: 'question', type: 'string', multiple: true, value: 'text', description: 'an open question' },
  { name: 'learning', type: 'string', multiple: true, value: 'text', description: 'something learned on the way' },
  { name: 'constraint', type: 'string', multiple: true, value: 'text', description: 'a constraint the work must keep' },
  { name: 'assumption', type: 'string', multiple: true, value: 'text', description: 'an assumption made' },
  { name: 'link', type: 'string', multiple: true, value: 'url', description: 'a related link' },
  { name: 'file', type: 'string', multiple: true, value: 'path[ :: why]', description: 'a hot file, relative to the current directory', complete: 'file' },
  { name: 'note', type: 'string', value: 'text', description: 'free text' },
  { name: 'label', type: 'string', value: 'label', description: 'a name for the checkpoint ([A-Za-z0-9._-], 1 to 64 characters)' },
  { name: 'salient', type: 'boolean', description: 'mark a salient checkpoint' },
  { name: 'compact-imminent', type: 'boolean', description: "mark one saved right before an agent's context compaction" },
  { name: 'input', type: 'string', value: 'file|-', description: 'read the content from a document (JSON, markdown or SESSION_RECAP/1)', complete: 'file' },
  { name: 'input-format', type: 'string', value: 'format', choices: ['json', 'md', 'recap'], description: 'the format of --input (default: detected)' },
];

/** Lineage, snapshot, editor and carry options. */
export const SAVE_OPTIONS: readonly OptionDef[] = [
  ...CONTENT_OPTIONS,
  { name: 'branch', type: 'string', value: 'branch', description: 'record the checkpoint for this branch', complete: 'branch' },
  { name: 'parent', type: 'string', multiple: true, value: 'checkpoint', description: 'a logical predecessor (default: what this worktree last saved or resumed)', complete: 'checkpoint' },
  { name: 'no-parent', type: 'boolean', description: 'record no predecessor' },
  { name: 'wip', type: 'boolean', description: 'snapshot the uncommitted work (default: checkpoint.wip)' },
  { name: 'no-wip', type: 'boolean', description: 'do not snapshot the uncommitted work' },
  { name: 'edit', short: 'e', type: 'boolean', description: 'edit the content in $GIT_EDITOR' },
  { name: 'transcript', type: 'string', value: 'file.jsonl', description: "harvest the content from an agent's transcript", complete: 'file' },
  { name: 'done', type: 'string', multiple: true, value: 'n|text', description: "close one of the predecessor's open items" },
  { name: 'no-carry', type: 'boolean', description: "carry none of the predecessor's open items forward" },
];
