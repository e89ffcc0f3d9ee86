/** Parsers for git's raw object formats, as `git cat-file --batch` prints them. */
import type { CommitInfo, Person, TreeEntry } from './repo.js';

/** Parses `Name <email> 1700000000 +0100`. */
export function parsePerson(line: string): Person {
  const m = /^(.*?) ?<([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(line);
  if (!m) return { name: line, email: '', timestamp: 0, tzOffsetMinutes: 0 };
  const sign = m[4] === '-' ? -1 : 1;
  return {
    name: m[1] ?? '',
    email: m[2] ?? '',
    timestamp: Number(m[3]),
    tzOffsetMinutes: sign * (Number(m[5]) * 60 + Number(m[6])),
  };
}

/**
 * Parses a raw commit object, for both backends. Multi-line headers (gpgsig,
 * mergetag) are skipped; of a repeated author or committer line the first
 * counts, as in git.
 */
export function parseCommit(oid: string, data: Buffer | string): CommitInfo {
  const text = typeof data === 'string' ? data : data.toString('utf8');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const message = split < 0 ? '' : text.slice(split + 2);
  const info: CommitInfo = {
    oid,
    tree: '',
    parents: [],
    author: parsePerson(''),
    committer: parsePerson(''),
    message,
  };
  const seen = new Set<string>();
  for (const line of head.split('\n')) {
    if (line.startsWith(' ')) continue;
    const sp = line.indexOf(' ');
    const key = line.slice(0, sp);
    const value = line.slice(sp + 1);
    if (key === 'tree') info.tree = value;
    else if (key === 'parent') info.parents.push(value);
    else if ((key === 'author' || key === 'committer') && !seen.has(key)) {
      seen.add(key);
      info[key] = parsePerson(value);
    }
  }
  return info;
}

const TYPE_BY_MODE: Record<string, TreeEntry['type']> = { '40000': 'tree', '160000': 'commit' };

/** Parses a raw tree object (`<mode> <name>\0<binary oid>` entries). */
export function parseTree(data: Buffer, oidBytes: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let pos = 0;
  while (pos < data.length) {
    const sp = data.indexOf(32, pos);
    const nul = data.indexOf(0, sp);
    if (sp < 0 || nul < 0) break;
    const rawMode = data.subarray(pos, sp).toString('latin1');
    const name = data.subarray(sp + 1, nul).toString('utf8');
    const oid = data.subarray(nul + 1, nul + 1 + oidBytes).toString('hex');
    const mode = (rawMode === '40000' ? '040000' : rawMode) as TreeEntry['mode'];
    entries.push({ mode, type: TYPE_BY_MODE[rawMode] ?? 'blob', oid, name });
    pos = nul + 1 + oidBytes;
  }
  return entries;
}

/** Git's `%s`: the first paragraph (after any blank lines), its lines joined with spaces. */
export function subjectOf(message: string): string {
  const lines = message.split('\n').map((line) => line.trimEnd());
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start, end < 0 ? undefined : end).join(' ');
}
