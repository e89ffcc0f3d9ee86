/** Parses `git status --porcelain=v2 -z --branch` (see git-status(1), "Porcelain Format Version 2"). */
import type { StatusEntry, WorktreeStatus } from '../repo.js';

export function parsePorcelainV2(out: Buffer): WorktreeStatus {
  const fields = out.toString('utf8').split('\0');
  const status: WorktreeStatus = { branch: null, head: null, upstream: null, ahead: 0, behind: 0, entries: [] };
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] ?? '';
    if (!f) continue;
    if (f.startsWith('# ')) {
      readHeader(f, status);
      continue;
    }
    const kind = f[0];
    if (kind === '?') {
      status.entries.push({ path: f.slice(2), xy: '??' });
    } else if (kind === '1') {
      status.entries.push({ path: nthRest(f, 8), xy: f.slice(2, 4) });
    } else if (kind === '2') {
      // The rename's source path follows as its own NUL-terminated field.
      status.entries.push({ path: nthRest(f, 9), xy: f.slice(2, 4), origPath: fields[++i] ?? '' });
    } else if (kind === 'u') {
      status.entries.push({ path: nthRest(f, 10), xy: f.slice(2, 4) });
    }
  }
  status.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return status;
}

function readHeader(line: string, status: WorktreeStatus): void {
  const [, key, ...rest] = line.split(' ');
  const value = rest.join(' ');
  if (key === 'branch.oid') status.head = value === '(initial)' ? null : value;
  else if (key === 'branch.head') status.branch = value === '(detached)' ? null : value;
  else if (key === 'branch.upstream') status.upstream = value;
  else if (key === 'branch.ab') {
    const m = /^\+(\d+) -(\d+)$/.exec(value);
    if (m) {
      status.ahead = Number(m[1]);
      status.behind = Number(m[2]);
    }
  }
}

/** The text after the first `n` space-separated fields (the path, which may hold spaces). */
function nthRest(line: string, n: number): string {
  let pos = 0;
  for (let k = 0; k < n; k++) pos = line.indexOf(' ', pos) + 1;
  return line.slice(pos);
}

/** True when the entry has a change staged in the index. */
export function isStaged(entry: StatusEntry): boolean {
  return entry.xy !== '??' && entry.xy[0] !== '.' && entry.xy[0] !== '!';
}
