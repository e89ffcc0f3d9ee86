/**
 * History walks for the CLI backend: one `git log` (or `rev-list --count`) for
 * a whole walk, whatever the number of commits, the tips fed on stdin.
 */
import { StringDecoder } from 'node:string_decoder';
import type { CommitInfo, CommitLink, ScannedCommit, WalkOptions } from '../repo.js';
import { gitOk, runGit, type RunOptions } from './run-git.js';

/**
 * A walk's whole output (ids, people, messages) may not pass this: 10,000
 * checkpoints take about 5 MiB, so only a hostile chain (a commit with a
 * giant message) reaches it, and the walk fails instead of eating memory.
 */
const WALK_OUTPUT_LIMIT = 64 * 1024 * 1024;

/** See `Objects.walkCommits`: git's own date order, `^oid` for each excluded tip. */
export async function walkCommits(opts: RunOptions, tips: string[], o: WalkOptions = {}): Promise<CommitInfo[]> {
  if (!tips.length) return [];
  const format = '%H%x01%T%x01%P%x01%an%x01%ae%x01%ad%x01%cn%x01%ce%x01%cd%x01%B';
  // The limit first: it is what a trace line (cut at 80 characters) should show.
  const args = ['log', '-z', ...(o.limit !== undefined ? [`-n${o.limit}`] : []), '--date=raw', `--format=${format}`];
  if (o.firstParent) args.push('--first-parent');
  args.push('--stdin');
  const revs = [...tips, ...(o.exclude ?? []).map((oid) => `^${oid}`)];
  // Parsed as git writes it (a walk of 100,000 commits is seconds of git): never held whole.
  const commits: CommitInfo[] = [];
  const records = nulRecords((rec) => commits.push(parseLogRecord(rec)));
  await gitOk(args, { ...opts, input: `${revs.join('\n')}\n`, maxStdout: WALK_OUTPUT_LIMIT, onStdout: records.write });
  records.end();
  return commits;
}

/**
 * One commit's output may not pass this in a scan (the bound a whole walk has):
 * a hostile giant message fails the scan instead of eating memory, while a
 * commit with 100,000 parents (4 MiB of ids) is still read, and found invalid.
 */
const SCAN_RECORD_LIMIT = WALK_OUTPUT_LIMIT;

/** See `Objects.scanCommits`: the walk of `walkCommits`, only id, parents, committer time and message, each handed on as it is parsed. */
export async function scanCommits(opts: RunOptions, tips: string[], o: Omit<WalkOptions, 'limit'>, onCommit: (c: ScannedCommit) => void): Promise<void> {
  if (!tips.length) return;
  const args = ['log', '-z', '--format=%H%x01%P%x01%ct%x01%B', ...(o.firstParent ? ['--first-parent'] : []), '--stdin'];
  const revs = [...tips, ...(o.exclude ?? []).map((oid) => `^${oid}`)];
  const records = nulRecords((rec) => onCommit(parseScanRecord(rec)), SCAN_RECORD_LIMIT);
  await gitOk(args, { ...opts, input: `${revs.join('\n')}\n`, onStdout: records.write });
  records.end();
}

/** NUL-terminated records out of a stream of chunks; past `limit` characters in one record, it stops and `end` throws. */
function nulRecords(onRecord: (rec: string) => void, limit = Infinity): { write: (chunk: Buffer) => void; end: () => void } {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let over = false;
  const take = (text: string) => {
    let start = 0;
    for (let at = text.indexOf('\0'); at >= 0 && !over; at = text.indexOf('\0', start)) {
      onRecord(pending + text.slice(start, at));
      pending = '';
      start = at + 1;
    }
    pending += text.slice(start);
    if (pending.length > limit) (over = true, pending = '');
  };
  return {
    write: (chunk) => { if (!over) take(decoder.write(chunk)); },
    end: () => {
      if (!over) take(decoder.end());
      // Worded as git's own output cap (run-git.ts): one commit's output alone passed it.
      if (over) throw new Error(`git log failed: output over ${limit} bytes`);
      if (pending) onRecord(pending);
    },
  };
}

function parseScanRecord(rec: string): ScannedCommit {
  const a = rec.indexOf('\x01');
  const b = rec.indexOf('\x01', a + 1);
  const c = rec.indexOf('\x01', b + 1);
  const parents = rec.slice(a + 1, b);
  return { oid: rec.slice(0, a).replace(/^\n/, ''), parents: parents ? parents.split(' ') : [], committed: Number(rec.slice(b + 1, c)), message: rec.slice(c + 1) };
}

/** How many commits `walkCommits` would return, without reading them. */
export async function countCommits(opts: RunOptions, tips: string[], o: Omit<WalkOptions, 'limit'> = {}): Promise<number> {
  if (!tips.length) return 0;
  const args = ['rev-list', '--count', ...(o.firstParent ? ['--first-parent'] : []), '--stdin'];
  const out = await gitOk(args, { ...opts, input: revsInput(tips, o.exclude) });
  return Number(out.toString('utf8').trim());
}

/** See `Objects.walkLinks`: `rev-list --parents`, a line `<oid> <parent>...` per commit. */
export async function walkLinks(opts: RunOptions, tips: string[], o: Omit<WalkOptions, 'limit'> = {}): Promise<CommitLink[]> {
  if (!tips.length) return [];
  const args = ['rev-list', '--parents', ...(o.firstParent ? ['--first-parent'] : []), '--stdin'];
  const out = await gitOk(args, { ...opts, input: revsInput(tips, o.exclude), maxStdout: WALK_OUTPUT_LIMIT });
  return out.toString('utf8').split('\n').filter(Boolean).map((line) => {
    const [oid = '', ...parents] = line.split(' ');
    return { oid, parents };
  });
}

/** The walk's revisions as `--stdin` takes them: each tip, then `^oid` for each excluded one. */
function revsInput(tips: string[], exclude: string[] = []): string {
  return `${[...tips, ...exclude.map((oid) => `^${oid}`)].join('\n')}\n`;
}

/** `git merge-base --is-ancestor`: null when git cannot tell (either commit is missing). */
export async function ancestry(opts: RunOptions, ancestor: string, descendant: string): Promise<boolean | null> {
  const res = await runGit(['merge-base', '--is-ancestor', ancestor, descendant], opts);
  return res.code === 0 ? true : res.code === 1 ? false : null;
}

function parseLogRecord(rec: string): CommitInfo {
  const [oid = '', tree = '', parents = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...msg] = rec.split('\x01');
  const person = (name: string, email: string, raw: string) => {
    const [ts = '0', tz = '+0000'] = raw.split(' ');
    const sign = tz.startsWith('-') ? -1 : 1;
    return { name, email, timestamp: Number(ts), tzOffsetMinutes: sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5))) };
  };
  return {
    oid: oid.replace(/^\n/, ''),
    tree,
    parents: parents ? parents.split(' ') : [],
    author: person(an, ae, ad),
    committer: person(cn, ce, cd),
    message: msg.join('\x01'),
  };
}
