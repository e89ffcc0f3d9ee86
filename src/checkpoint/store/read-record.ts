/**
 * Reads the record of a checkpoint commit without trusting it (SPEC §4, §9):
 * a blob over 1 MiB is refused before it is read, and everything else goes
 * through the schema. Every reader (listing, show, doctor) comes here.
 */
import type { ObjectId, Repo } from '../../git/repo.js';
import type { MessageFacts } from '../record/message.js';
import { MAX_RECORD_BYTES, parseRecord, type CheckpointRecord, type ParseResult } from '../record/schema.js';

export const RECORD_FILE = 'checkpoint.json';

/** The validated record of `commit`; an error naming the problem when it is missing, too large or invalid. */
export async function readRecordAt(repo: Repo, commit: ObjectId): Promise<ParseResult<CheckpointRecord>> {
  const blob = await repo.readBlobAtCapped(commit, RECORD_FILE, MAX_RECORD_BYTES);
  if (!blob) return { ok: false, error: `${RECORD_FILE}: missing from the commit tree` };
  if (!blob.data) return { ok: false, error: `${RECORD_FILE}: record is ${blob.size} bytes, over the 1 MiB limit` };
  return parseRecord(blob.data);
}

/**
 * The trailers of the commit message must say what the record says (SPEC §3):
 * listings trust them to avoid reading blobs. Returns what disagrees, or null.
 */
export function trailerMismatch(facts: MessageFacts, r: CheckpointRecord): string | null {
  const wrong: string[] = [];
  if (facts.id !== r.id) wrong.push('Checkpoint-Id');
  if (facts.writer !== r.writer) wrong.push('Checkpoint-Writer');
  if (facts.branch !== r.git.branch) wrong.push('Checkpoint-Branch');
  if (facts.label !== r.label) wrong.push('Checkpoint-Label');
  if (!wrong.length) return null;
  return `trailers: ${wrong.join(', ')} disagree${wrong.length === 1 ? 's' : ''} with the record (id ${r.id}, writer ${r.writer})`;
}
