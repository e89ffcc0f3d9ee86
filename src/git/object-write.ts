/** Git's raw object formats, for the backends that write objects themselves. */
import type { NewCommit, Person, TreeEntry } from './repo.js';
import { OperationError } from '../errors.js';

/** The raw text of a commit object. Identities must not hold `<`, `>`, NUL or newlines (git would reject them). */
export function renderCommit(c: NewCommit): string {
  const headers = [
    `tree ${c.tree}`,
    ...c.parents.map((p) => `parent ${p}`),
    `author ${formatPerson(c.author)}`,
    `committer ${formatPerson(c.committer)}`,
  ];
  return `${headers.join('\n')}\n\n${c.message}`;
}

function formatPerson(p: Person): string {
  if (/[<>\n\0]/.test(p.name + p.email)) throw new OperationError(`invalid identity: ${JSON.stringify(p.name)}`);
  return `${p.name} <${p.email}> ${p.timestamp} ${timezone(p)}`;
}

/** A person's date the way git's *_DATE variables accept it: `@<seconds> <+hhmm>` (the `@` keeps small values unambiguous). */
export function formatGitDate(p: Person): string {
  return `@${p.timestamp} ${timezone(p)}`;
}

function timezone(p: Person): string {
  const abs = Math.abs(p.tzOffsetMinutes);
  return `${p.tzOffsetMinutes < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}${pad2(abs % 60)}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The raw bytes of a tree object: entries in git's order (a tree sorts as if
 * its name ended in '/'), modes without leading zeros, binary object ids.
 */
export function renderTree(entries: TreeEntry[]): Buffer {
  const key = (e: TreeEntry) => Buffer.from(e.type === 'tree' ? `${e.name}/` : e.name);
  const sorted = [...entries].sort((a, b) => Buffer.compare(key(a), key(b)));
  const parts: Buffer[] = [];
  for (const e of sorted) {
    if (!e.name || e.name.includes('/') || e.name.includes('\0')) {
      throw new OperationError(`invalid tree entry name: ${JSON.stringify(e.name)}`);
    }
    const mode = e.mode === '040000' ? '40000' : e.mode;
    parts.push(Buffer.from(`${mode} ${e.name}\0`), Buffer.from(e.oid, 'hex'));
  }
  return Buffer.concat(parts);
}
