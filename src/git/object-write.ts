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
  checkTreeEntries(entries);
  const parts: Buffer[] = [];
  for (const e of sortTreeEntries(entries)) {
    const mode = e.mode === '040000' ? '40000' : e.mode;
    parts.push(Buffer.from(`${mode} ${e.name}\0`), Buffer.from(e.oid, 'hex'));
  }
  return Buffer.concat(parts);
}

/** OperationError for an entry name git would refuse: empty, `.`, `..`, with `/` or NUL, or repeated. */
export function checkTreeEntries(entries: TreeEntry[]): void {
  const names = new Set<string>();
  for (const e of entries) {
    if (!e.name || e.name === '.' || e.name === '..' || /[/\0]/.test(e.name) || names.has(e.name)) {
      throw new OperationError(`invalid tree entry name: ${JSON.stringify(e.name)}`);
    }
    names.add(e.name);
  }
}

/** Entries in git's tree order: a tree sorts as if its name ended in '/'. */
export function sortTreeEntries(entries: TreeEntry[]): TreeEntry[] {
  const key = (e: TreeEntry) => Buffer.from(e.type === 'tree' ? `${e.name}/` : e.name);
  return [...entries].sort((a, b) => Buffer.compare(key(a), key(b)));
}
