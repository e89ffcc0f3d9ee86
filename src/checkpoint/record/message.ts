/** The checkpoint commit message and its trailers (SPEC §3): listings read these, not blobs. */
import type { CheckpointRecord } from './schema.js';
import { trimEndWhile } from '../../text/sanitize.js';

export const TITLE_MAX = 100;

/** One line, at most `max` characters: what notes lines and subjects carry. */
export function oneLineTitle(title: string, max = TITLE_MAX): string {
  return cutAtWord(title.replace(/\s+/g, ' ').trim() || '(no description)', max);
}

/**
 * Shortens `text` to at most `max` characters, marked with `…`, cutting only
 * at white space: a cut through a token could leave the start of a secret
 * that no redaction pattern recognises any more (text may be cut before it is
 * redacted). A first word longer than `max` is dropped whole.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.search(/\s\S*$/);
  return `${space > 0 ? head.slice(0, space).trimEnd() : ''}…`;
}

/**
 * `seq`: the checkpoint's position on its writer's chain (1 for the first),
 * so `fetch` can say how many arrived without walking the chain.
 */
export function buildMessage(record: CheckpointRecord, seq: number): string {
  const trailers = [
    `Checkpoint-Id: ${record.id}`,
    `Checkpoint-Writer: ${record.writer}`,
    `Checkpoint-Branch: ${record.git.branch ?? '(detached)'}`,
  ];
  if (record.label) trailers.push(`Checkpoint-Label: ${record.label}`);
  trailers.push(`Checkpoint-Seq: ${seq}`);
  return `checkpoint: ${oneLineTitle(record.task.title)}\n\n${trailers.join('\n')}\n`;
}

/** `message` with one `Checkpoint-Seq` trailer, set to `seq`, last: what prune and drop renumber. */
export function withSeq(message: string, seq: number): string {
  return `${trimEndWhile(message.replace(/^Checkpoint-Seq: .*(\n|$)/gm, ''), (c) => c === '\n')}\nCheckpoint-Seq: ${seq}\n`;
}

export interface MessageFacts {
  title: string;
  id: string | null;
  writer: string | null;
  branch: string | null;
  label: string | null;
  /** Position on the writer's chain; null when absent or not a plain positive number. */
  seq: number | null;
}

/** Reads title and trailers back from a commit message; fields absent from it are null. */
export function parseMessage(message: string): MessageFacts {
  const end = message.indexOf('\n');
  const subject = end < 0 ? message : message.slice(0, end);
  const facts: MessageFacts = {
    title: subject.startsWith('checkpoint: ') ? subject.slice('checkpoint: '.length) : subject,
    id: null, writer: null, branch: null, label: null, seq: null,
  };
  // Only lines starting `Checkpoint-` can be trailers: found with indexOf, a listing of 100,000 reads fast.
  for (let at = message.indexOf('Checkpoint-'); at >= 0; at = message.indexOf('Checkpoint-', at + 1)) {
    if (at > 0 && message[at - 1] !== '\n') continue;
    const stop = message.indexOf('\n', at);
    const m = /^Checkpoint-(Id|Writer|Branch|Label|Seq): (.*)$/.exec(stop < 0 ? message.slice(at) : message.slice(at, stop));
    if (!m) continue;
    const value = m[2] ?? '';
    if (m[1] === 'Seq') facts.seq = /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : null;
    else if (m[1] === 'Id') facts.id = value;
    else if (m[1] === 'Writer') facts.writer = value;
    else if (m[1] === 'Branch') facts.branch = value === '(detached)' ? null : value;
    else facts.label = value;
  }
  return facts;
}

/** The notes line for a checkpoint saved on a code commit (SPEC §3). */
export function noteLine(record: CheckpointRecord): string {
  return `checkpoint ${record.id} on ${record.git.branch ?? '(detached)'}: ${oneLineTitle(record.task.title)}`;
}
