/**
 * A hostile remote: a bare repository, served over file://, whose
 * refs/checkpoints/* hold checkpoint commits crafted with plumbing
 * (hash-object, mktree, commit-tree, update-ref) — lying writers, reused
 * ids, dates from the future, giant titles, octopus commits, broken trees.
 * What a teammate's clone fetches from it is what an attacker chose.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
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
  /** A commit whose tree is malformed (the same entry twice: `git fsck` says duplicateEntries), on refs/checkpoints/<chain>. */
  plantMalformedTree(chain: string): string;
  /** A commit whose tree object the remote has lost, on refs/checkpoints/<chain>. */
  plantMissingTree(chain: string): string;
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
    const commit = commitTree(sb, bare, [tree, ...parents.flatMap((p) => ['-p', p])], message, date);
    git(['update-ref', `refs/checkpoints/${o.chain}`, commit]);
    return { commit, id: String(r.id) };
  };
  const plantMalformedTree = (chain: string) => {
    const blob = git(['hash-object', '-w', '--stdin'], 'x\n');
    // mktree refuses a tree listing one name twice, so the tree is hashed raw.
    const entry = Buffer.concat([Buffer.from('100644 checkpoint.json\0'), Buffer.from(blob, 'hex')]);
    const tree = git(['hash-object', '-t', 'tree', '-w', '--literally', '--stdin'], Buffer.concat([entry, entry]));
    return plant({ chain, tree }).commit;
  };
  const plantMissingTree = (chain: string) => {
    const blob = git(['hash-object', '-w', '--stdin'], `lost ${chain}\n`);
    const tree = git(['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
    const commit = plant({ chain, tree }).commit;
    rmSync(join(bare, 'objects', tree.slice(0, 2), tree.slice(2)));
    return commit;
  };
  return { bare, url: `file://${join(bare)}`, git, template, plant, plantMalformedTree, plantMissingTree };
}

/** `git commit-tree` with author and committer dated `date`; the message (any size) on stdin. */
function commitTree(sb: Sandbox, bare: string, args: string[], message: string, date: string): string {
  const env = { ...sb.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const res = spawnSync('git', ['commit-tree', ...args, '-F', '-'], { cwd: bare, env, input: message, maxBuffer: 1 << 20 });
  if (res.status !== 0) throw new Error(`git commit-tree failed (${res.status}): ${res.stderr}`);
  return res.stdout.toString('utf8').trim();
}

/**
 * Points `ref` in the repository at `dir` at one commit with `n` parents,
 * each a root commit with no record (so each is invalid). The objects go in
 * as one pack built here (one `index-pack`, about a second for 100,000 commits).
 * Returns the octopus commit.
 */
export function plantOctopus(sb: Sandbox, dir: string, ref: string, n: number): string {
  const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
  const who = 'Mallory <mallory@example.com> 1767225600 +0000';
  const commit = (parents: string[], msg: string) =>
    `tree ${emptyTree}\n${parents.map((p) => `parent ${p}\n`).join('')}author ${who}\ncommitter ${who}\n\n${msg}`;
  const trailers = (id: string) => `\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: mallory-dddddd\nCheckpoint-Branch: main\n`;
  const leaves = Array.from({ length: n }, (_, i) => commit([], `checkpoint: leaf ${i}${trailers(`20260101-000000-${(i % 1679616).toString(36).padStart(4, '0')}`)}`));
  const leafIds = leaves.map((body) => objectId('commit', body));
  const octopus = commit(leafIds, `checkpoint: octopus${trailers('20260101-000001-octo')}`);
  const pack = buildPack([['tree', ''], ...leaves.map((b) => ['commit', b] as const), ['commit', octopus]]);
  sb.gitIn(dir, ['index-pack', '--stdin', '--fix-thin'], pack);
  const tip = objectId('commit', octopus);
  sb.git(dir, 'update-ref', ref, tip);
  return tip;
}

function objectId(type: string, body: string): string {
  const data = Buffer.from(body);
  return createHash('sha1').update(`${type} ${data.length}\0`).update(data).digest('hex');
}

/** A version 2 pack of whole (undeltified, uncompressed) objects, trailer included. */
function buildPack(objects: readonly (readonly ['commit' | 'tree', string])[]): Buffer {
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(objects.length, 8);
  const parts: Buffer[] = [header];
  for (const [type, body] of objects) {
    const data = Buffer.from(body);
    const bytes: number[] = [];
    let size = data.length;
    let byte = ((type === 'commit' ? 1 : 2) << 4) | (size & 0x0f);
    size >>= 4;
    while (size > 0) {
      bytes.push(byte | 0x80);
      byte = size & 0x7f;
      size >>= 7;
    }
    bytes.push(byte);
    parts.push(Buffer.from(bytes), zlibStored(data));
  }
  const pack = Buffer.concat(parts);
  return Buffer.concat([pack, createHash('sha1').update(pack).digest()]);
}

/**
 * `data` as a zlib stream of stored (uncompressed) blocks: git inflates it as
 * any other, and no compressor is set up per object (100,000 deflateSync calls
 * took seconds).
 */
function zlibStored(data: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(data.length / 0xffff));
  const out = Buffer.alloc(2 + blocks * 5 + data.length + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  for (let b = 0; b < blocks; b++) {
    const chunk = data.subarray(b * 0xffff, (b + 1) * 0xffff);
    out[o] = b === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(chunk.length, o + 1);
    out.writeUInt16LE(~chunk.length & 0xffff, o + 3);
    chunk.copy(out, o + 5);
    o += 5 + chunk.length;
  }
  let a = 1;
  let s = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    s = (s + a) % 65521;
  }
  out.writeUInt32BE(((s << 16) | a) >>> 0, o);
  return out;
}
