/**
 * A hostile remote: a bare repository, served over file://, whose
 * refs/checkpoints/* hold checkpoint commits crafted with plumbing
 * (hash-object, mktree, commit-tree, update-ref) — lying writers, reused
 * ids, dates from the future, giant titles, octopus commits, broken trees.
 * What a teammate's clone fetches from it is what an attacker chose.
 */
import { join } from 'node:path';
import type { Sandbox } from './sandbox.js';
import { makeBareRemote } from './teammates.js';

export interface PlantOptions {
  /** Writer part of the ref: refs/checkpoints/<chain>. */
  chain: string;
  /** The record (merged over the template) or raw bytes for checkpoint.json. */
  record?: Record<string, unknown> | string;
  /** Commit message; default: a well-formed one matching the record's trailers. */
  message?: string;
  /** Parents; default: the chain's current tip (none for its first commit). */
  parents?: string[];
  /** Committer and author date, as git takes it (`@<seconds> +0000`); default: the record's createdAt. */
  date?: string;
  /** A ready tree instead of one holding checkpoint.json. */
  tree?: string;
}

export interface HostileRemote {
  bare: string;
  url: string;
  /** Runs git in the bare repository with `input` on stdin; returns stdout trimmed. */
  git(args: string[], input?: string | Buffer): string;
  /** A valid record (from a real save), to craft from. */
  template: Record<string, any>;
  /** Writes one crafted checkpoint commit and moves refs/checkpoints/<chain> to it. */
  plant(o: PlantOptions): { commit: string; id: string };
  /** A commit whose tree is malformed (an entry with a broken mode), alone on refs/checkpoints/<chain>. */
  plantMalformedTree(chain: string): string;
}

/** Makes `<root>/srv/<name>.git` and a template record from a real save in a scratch repository. */
export async function makeHostileRemote(sb: Sandbox, name: string): Promise<HostileRemote> {
  const bare = makeBareRemote(sb, name);
  const scratch = sb.repo(`${name}-template`);
  const saved = await sb.ckpt(scratch, ['save', '-m', 'template']);
  if (saved.code !== 0) throw new Error(`template save failed: ${saved.stderr}`);
  const template = JSON.parse((await sb.ckpt(scratch, ['show', '--json'])).stdout) as Record<string, any>;
  const git = (args: string[], input: string | Buffer = '') => sb.gitIn(bare, args, input);
  const tip = (chain: string) => {
    try {
      return git(['rev-parse', '--verify', '-q', `refs/checkpoints/${chain}`]);
    } catch {
      return null;
    }
  };
  let n = 0;
  const plant = (o: PlantOptions) => {
    n++;
    const id = `20260102-0300${String(n % 60).padStart(2, '0')}-h${String(n).padStart(3, '0').slice(-3)}`;
    const record = typeof o.record === 'string' ? o.record : { ...template, id, writer: o.chain, ...o.record };
    const bytes = typeof record === 'string' ? record : `${JSON.stringify(record)}\n`;
    const r = (typeof record === 'string' ? { id, writer: o.chain, createdAt: template.createdAt, git: template.git, task: template.task } : record) as Record<string, any>;
    const blob = git(['hash-object', '-w', '--stdin'], bytes);
    const tree = o.tree ?? git(['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
    const title = String(r.task?.title ?? '').split('\n')[0];
    const message = o.message ??
      `checkpoint: ${title}\n\nCheckpoint-Id: ${r.id}\nCheckpoint-Writer: ${r.writer}\nCheckpoint-Branch: ${r.git?.branch ?? '(detached)'}\n`;
    const parents = o.parents ?? [tip(o.chain)].filter((p): p is string => p !== null);
    const date = o.date ?? `@${Math.floor(Date.parse(String(r.createdAt)) / 1000)} +0000`;
    const commit = sb.gitIn(bare, ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], message);
    const dated = recommit(sb, bare, commit, date);
    git(['update-ref', `refs/checkpoints/${o.chain}`, dated]);
    return { commit: dated, id: String(r.id) };
  };
  const plantMalformedTree = (chain: string) => {
    const blob = git(['hash-object', '-w', '--stdin'], 'x\n');
    // A mode git never writes ("10644"): mktree refuses it, so the tree is hashed raw.
    const raw = Buffer.concat([Buffer.from('10644 checkpoint.json\0'), Buffer.from(blob, 'hex')]);
    const tree = git(['hash-object', '-t', 'tree', '-w', '--literally', '--stdin'], raw);
    return plant({ chain, tree }).commit;
  };
  return { bare, url: `file://${join(bare)}`, git, template, plant, plantMalformedTree };
}

/** The same commit with author and committer dated `date`. */
function recommit(sb: Sandbox, bare: string, commit: string, date: string): string {
  const raw = sb.gitIn(bare, ['cat-file', 'commit', commit], '');
  const body = raw.replace(/^(author|committer) (.*) \d+ [+-]\d{4}$/gm, (_m, who: string, name: string) => `${who} ${name} ${date.replace(/^@/, '')}`);
  return sb.gitIn(bare, ['hash-object', '-t', 'commit', '-w', '--stdin'], `${body}\n`);
}
