/**
 * Notes are a derived index (SPEC §3): this compares the own notes ref with
 * the own chain and rebuilds it. Lines that git moved to rewritten commits
 * (notes.rewriteRef) stay where they are; only missing lines are added and
 * lines of checkpoints that no longer exist are removed.
 */
import type { Person, Repo } from '../../git/repo.js';
import { noteLine, parseMessage } from '../record/message.js';
import { backoff, readNotesMap, writeNotesCommit } from './notes.js';
import { readOwnCommits } from './own-chain.js';
import { notesRef } from './refs.js';
import { readRecordAt } from './read-record.js';
import type { CheckpointRecord } from '../record/schema.js';
import { RefConflictError } from '../../errors.js';

export interface NotesCheck {
  missing: number;
  stale: number;
}

const LINE_ID = /^checkpoint (\d{8}-\d{6}-[a-z0-9]{4}) on /;

/** The own chain's valid records, oldest first (first-parent history of the chain). */
export async function readOwnChain(repo: Repo, writer: string): Promise<CheckpointRecord[]> {
  const { commits } = await readOwnCommits(repo, writer);
  const records: CheckpointRecord[] = [];
  for (const c of [...commits].reverse()) {
    if (parseMessage(c.message).writer !== writer) continue;
    const parsed = await readRecordAt(repo, c.oid);
    if (parsed.ok) records.push(parsed.value);
  }
  return records;
}

/** Compares notes with the chain; with `fix`, writes the repaired notes (compare-and-swap). */
export async function repairNotes(repo: Repo, writer: string, who: Person, fix: boolean): Promise<NotesCheck> {
  const ref = notesRef(writer);
  for (let attempt = 0; attempt < 50; attempt++) {
    // Notes first, then the chain: a save moves its chain before its note, so
    // every line in this notes commit belongs to a checkpoint the chain read
    // below contains — a concurrent save's line is never taken for stale.
    const old = await repo.readRef(ref);
    const records = await readOwnChain(repo, writer);
    const notes = await readNotesText(repo, old);
    const plan = planRepair(records, notes);
    if (!fix || (plan.missing === 0 && plan.stale === 0)) return { missing: plan.missing, stale: plan.stale };
    const map = new Map<string, string>();
    for (const [target, lines] of plan.notes) if (lines.length) map.set(target, await repo.writeBlob(`${lines.join('\n')}\n`));
    const commit = await writeNotesCommit(repo, map, old ? [old] : [], who, 'Notes rebuilt by git checkpoint doctor --fix');
    if (await repo.updateRef(ref, commit, old, 'checkpoint: doctor --fix')) return { missing: plan.missing, stale: plan.stale };
    await backoff(attempt);
  }
  throw new RefConflictError(`could not update ${ref}: it kept moving`);
}

async function readNotesText(repo: Repo, commit: string | null): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const [target, blob] of await readNotesMap(repo, commit)) {
    const text = Buffer.from((await repo.readBlob(blob)) ?? []).toString('utf8');
    out.set(target, text.split('\n').filter(Boolean));
  }
  return out;
}

/** Pure: which lines to add and drop so every checkpoint with a head has exactly one line. */
export function planRepair(records: CheckpointRecord[], notes: Map<string, string[]>) {
  const live = new Set(records.map((r) => r.id));
  const present = new Set<string>();
  let stale = 0;
  const next = new Map<string, string[]>();
  for (const [target, lines] of notes) {
    const kept = lines.filter((line) => {
      const id = LINE_ID.exec(line)?.[1];
      if (id && !live.has(id)) {
        stale++;
        return false;
      }
      if (id) present.add(id);
      return true;
    });
    next.set(target, kept);
  }
  let missing = 0;
  for (const r of records) {
    if (!r.git.head || present.has(r.id)) continue;
    missing++;
    next.set(r.git.head, [...(next.get(r.git.head) ?? []), noteLine(r)]);
  }
  return { notes: next, missing, stale };
}
