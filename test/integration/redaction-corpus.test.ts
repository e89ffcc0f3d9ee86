/**
 * Secrets never reach an object (SPEC §9), measured on a corpus: every made-up
 * secret of test/helpers/secret-corpus.ts goes into some field of one save
 * (and some into commit subjects); afterwards no object of the repository
 * other than the user's own code history holds any secret value, and every
 * benign look-alike is in the record verbatim.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { benignSamples, makeGen, secretSamples, type SecretSample } from '../helpers/secret-corpus.js';

let sb: Sandbox;
let dir: string;
let record: Record<string, any>;
const secrets = secretSamples();
const benign = benignSamples();
/** Samples put into commit subjects (single-line ones only). */
const inSubjects = secrets.filter((s) => !s.text.includes('\n')).filter((_, i) => i % 20 === 0).slice(0, 6);

type Slot = (doc: Record<string, any>, text: string) => void;
const push = (key: string): Slot => (doc, text) => void (doc[key] ??= []).push(text);
/** Where samples go, in turn: every free-text field of the input document. */
const SLOTS: Slot[] = [
  push('nextSteps'), push('blockers'), push('questions'), push('learnings'), push('constraints'), push('assumptions'), push('links'),
  (doc, text) => void (doc.decisions ??= []).push({ what: text, why: text, by: text }),
  (doc, text) => void (doc.rejected ??= []).push({ what: text, why: text }),
  (doc, text) => void (doc.todos ??= []).push({ text, status: 'pending' }),
  (doc, text) => void (doc.files ??= []).push({ path: 'src/app.ts', why: text }),
  (doc, text) => void (doc.quotes ??= []).push({ text, by: text, verbatim: true }),
  (doc, text) => void (doc.notes = doc.notes ? `${doc.notes}\n${text}` : text),
];

function buildDocument(texts: string[], title: string): Record<string, any> {
  const doc: Record<string, any> = { task: { title, status: 'in_progress' } };
  texts.forEach((t, i) => SLOTS[i % SLOTS.length]!(doc, t));
  return doc;
}

/** Every object's content except the user's own code history, as text (tree entries as their names). */
function ourObjects(opts: { withCode?: boolean } = {}, repoDir = dir): string[] {
  const dir = repoDir;
  const code = new Set(opts.withCode ? [] : sb.git(dir, 'rev-list', '--objects', 'refs/heads/main').split('\n').map((l) => l.split(' ')[0]));
  const out = spawnSync('git', ['cat-file', '--batch-all-objects', '--batch'], { cwd: dir, env: sb.env, maxBuffer: 1 << 28 }).stdout;
  const objects: string[] = [];
  for (let at = 0; at < out.length; ) {
    const nl = out.indexOf(10, at);
    const [oid = '', , size = '0'] = out.subarray(at, nl).toString('utf8').split(' ');
    const body = out.subarray(nl + 1, nl + 1 + Number(size));
    at = nl + 1 + Number(size) + 1;
    if (!code.has(oid)) objects.push(body.toString('utf8'));
  }
  return objects;
}

/** Saves in `repoDir` and returns the record the save wrote. */
async function saveRecord(repoDir: string, args: string[]): Promise<Record<string, any>> {
  const res = await sb.ckpt(repoDir, [...args, '--json']);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(sb.git(repoDir, 'cat-file', 'blob', `${JSON.parse(res.stdout).commit}:checkpoint.json`));
}

/** `<class> <caught>/<total>, …`: recall per class of miss (or reason) over `samples`. */
function recallByClass(samples: SecretSample[], leaked: SecretSample[]): string {
  const classes = new Map<string, [number, number]>();
  for (const s of samples) {
    const cls = (s.cls ?? s.reason).replace(/:.*/, '');
    const [n, ok] = classes.get(cls) ?? [0, 0];
    classes.set(cls, [n + 1, ok + (leaked.includes(s) ? 0 : 1)]);
  }
  return [...classes].map(([c, [n, ok]]) => `${c} ${ok}/${n}`).join(', ');
}

beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('corpus');
  for (const s of inSubjects) sb.git(dir, 'commit', '-q', '--allow-empty', '-m', `deploy: ${s.text}`);
  const texts = [...secrets.map((s) => s.text), ...benign];
  writeFileSync(join(sb.root, 'doc.json'), JSON.stringify(buildDocument(texts, `rotate ${secrets[0]!.text}`)));
  record = await saveRecord(dir, ['save', '--input', join(sb.root, 'doc.json')]);
}, 60_000);
afterAll(() => sb.cleanup());

describe('redaction corpus, end to end', () => {
  it(`has ${secrets.length} secrets and ${benign.length} benign look-alikes`, () => {
    expect(secrets.length).toBeGreaterThanOrEqual(600);
    expect(new Set(secrets.map((s) => s.provider).filter(Boolean)).size).toBeGreaterThanOrEqual(150);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    expect(new Set(secrets.map((s) => s.reason).filter(Boolean)).size).toBe(20);
  });

  it('the scan finds a secret where there is one: in the code history', () => {
    expect(ourObjects({ withCode: true }).some((o) => o.includes(inSubjects[0]!.secrets[0]!))).toBe(true);
  });

  it('no secret value appears in any object the save wrote (recall 100%)', () => {
    const objects = ourObjects();
    // Markdown escaping may put a backslash inside a value: look in the unescaped text too.
    const haystacks = [...objects, ...objects.map((o) => o.replace(/\\/g, ''))];
    const leaked = secrets.filter((s: SecretSample) => s.secrets.some((v) => haystacks.some((h) => h.includes(v))));
    const caught = secrets.length - leaked.length;
    console.log(`redaction recall: ${caught}/${secrets.length} secrets removed`);
    const providers = new Set(secrets.map((s) => s.provider).filter(Boolean));
    console.log(`recall per class (${providers.size} providers): ${recallByClass(secrets, leaked)}`);
    expect(leaked.map((s) => `${s.reason}: ${s.text}`)).toEqual([]);
  });

  it('redacted the commit subjects and counted every reason', () => {
    for (const c of record.git.commits.slice(0, inSubjects.length)) expect(c.subject).toMatch(/^deploy: .*\[REDACTED:[a-z-]+\]/);
    for (const reason of new Set(secrets.map((s) => s.reason).filter(Boolean))) expect(record.redactions[reason], reason).toBeGreaterThan(0);
  });

  it('keeps every benign sample verbatim (no false positive)', () => {
    const values: string[] = [
      ...record.nextSteps, ...record.blockers, ...record.questions, ...record.learnings, ...record.constraints,
      ...record.assumptions, ...record.links, ...record.decisions.flatMap((d: any) => [d.what, d.why, d.by]),
      ...record.rejected.flatMap((d: any) => [d.what, d.why]), ...record.todos.map((t: any) => t.text),
      ...record.files.map((f: any) => f.why), ...record.quotes.flatMap((q: any) => [q.text, q.by]), ...record.notes.split('\n'),
    ];
    // The notes hold samples of several lines (a certificate) whole.
    const damaged = benign.filter((b) => !values.includes(b) && !(b.includes('\n') && record.notes.includes(b)));
    console.log(`redaction false positives: ${damaged.length}/${benign.length} benign samples changed`);
    expect(damaged).toEqual([]);
  });
});

/** Personal data and network names are redacted in text but are no reason to keep a file out of the wip snapshot. */
const PERSONAL = new Set(['email', 'phone', 'internal-host', 'private-ip']);

describe('redaction corpus in working-tree files, end to end', () => {
  const inFiles = secrets.filter((s) => !PERSONAL.has(s.reason));
  let repo: string;
  let saved: Record<string, any>;
  beforeAll(async () => {
    repo = sb.repo('wip-corpus');
    mkdirSync(join(repo, 'secret'));
    mkdirSync(join(repo, 'benign'));
    inFiles.forEach((s, i) => writeFileSync(join(repo, 'secret', `s${i}.txt`), `${s.text}\n`));
    benign.forEach((b, i) => writeFileSync(join(repo, 'benign', `b${i}.txt`), `${b}\n`));
    saved = await saveRecord(repo, ['save', '-m', 'corpus in files']);
  }, 120_000);

  it('no secret value of any file reaches an object: every file that holds one is left out of the wip tree', () => {
    const objects = ourObjects({}, repo);
    const leaked = inFiles.filter((s) => s.secrets.some((v) => objects.some((o) => o.includes(v))));
    console.log(`wip recall per class: ${recallByClass(inFiles, leaked)}`);
    expect(leaked.map((s) => `${s.reason || s.provider}: ${s.text}`)).toEqual([]);
    const excluded = new Map(saved.git.wip.excluded.map((e: any) => [e.path, e.reason]));
    expect(inFiles.map((_, i) => excluded.get(`secret/s${i}.txt`)).filter((r) => r !== 'secret')).toEqual([]);
  });

  it('keeps every benign file in the wip tree, byte for byte', () => {
    const tree = sb.git(repo, 'ls-tree', '-r', '--name-only', saved.git.wip.tree).split('\n');
    const dropped = benign.filter((_, i) => !tree.includes(`benign/b${i}.txt`));
    console.log(`wip false positives: ${dropped.length}/${benign.length} benign files left out`);
    expect(dropped).toEqual([]);
    const i = benign.length - 1;
    expect(sb.git(repo, 'cat-file', 'blob', `${saved.git.wip.tree}:benign/b${i}.txt`)).toBe(`${benign[i]}\n`);
  });
});

/** Made-up tokens in real formats, for names and files. */
const g = makeGen(99);
const AN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const branchToken = `ghp_${g.key(AN, 36)}`;
const pathToken = `ghp_${g.key(AN, 36)}`;
const jwt = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"sub":"1234567890","name":"Test"}').toString('base64url')}.${g.key(AN, 43)}`;
const password = g.key(AN, 18);
const awsSecret = g.key(AN, 40);
const bearer = g.key(AN, 40);
const dockerAuth = Buffer.from(`bot:${g.key(AN, 20)}`).toString('base64');
/** Working-tree files that must stay out of the wip snapshot, each with the value that must not reach an object. */
const CREDENTIAL_FILES: [string, string, string][] = [
  ['.git-credentials', `https://deploy:${password}x@github.com\n`, `${password}x`],
  ['app.config', `<connectionStrings><add name="db" connectionString="Server=db;User Id=sa;Password=${password}a;" /></connectionStrings>\n`, `${password}a`],
  ['settings.yaml', `database:\n  password: ${password}b\n`, `${password}b`],
  ['deploy/.ENV', `API_KEY=${password}c\n`, `${password}c`],
  ['run.sh', `#!/bin/sh\ncurl -s --cookie "session=${jwt}" https://api.example.com\n`, jwt],
  ['curl-headers.txt', `Authorization: Bearer ${bearer}\n`, bearer],
  ['aws/credentials', `[default]\naws_access_key_id = AKIA${g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}\naws_secret_access_key = ${awsSecret}\n`, awsSecret],
  ['docker/config.json', `{"auths": {"ghcr.io": {"auth": "${dockerAuth}"}}}\n`, dockerAuth],
];

describe('names, paths and wip files', () => {
  let repo: string;
  let saved: Record<string, any>;
  beforeAll(async () => {
    repo = sb.repo('names');
    sb.git(repo, 'switch', '-q', '-c', `fix/${branchToken}`);
    writeFileSync(join(repo, `leak-${pathToken}.txt`), 'nothing secret inside\n');
    for (const [path, content] of CREDENTIAL_FILES) {
      mkdirSync(join(repo, path, '..'), { recursive: true });
      writeFileSync(join(repo, path), content);
    }
    writeFileSync(join(repo, 'notes.md'), 'an ordinary file\n');
    saved = await saveRecord(repo, ['save', '-m', 'names']);
  }, 60_000);

  it('no object holds the branch token, the path token or any credential file value', () => {
    const objects = ourObjects({}, repo);
    const treeNames = sb.git(repo, 'ls-tree', '-r', '--name-only', `${saved.git.wip.tree}`);
    const values = [branchToken, pathToken, ...CREDENTIAL_FILES.map(([, , v]) => v)];
    expect(values.filter((v) => objects.some((o) => o.includes(v)) || treeNames.includes(v))).toEqual([]);
    expect(treeNames).toContain('notes.md');
  });

  it('stores the branch and the path with a marker, in the record, the trailer and the notes line', () => {
    expect(saved.git.branch).toBe('fix/[REDACTED:github-token]');
    const message = sb.git(repo, 'log', '-1', '--format=%B', '--glob=refs/checkpoints/*');
    expect(message).toContain('Checkpoint-Branch: fix/[REDACTED:github-token]');
    expect(message).not.toContain(branchToken);
    const notes = sb.git(repo, 'for-each-ref', '--format=%(refname)', 'refs/notes/checkpoints/').trim();
    expect(sb.git(repo, 'notes', '--ref', notes, 'show', 'HEAD')).toContain('on fix/[REDACTED:github-token]:');
    expect(saved.git.worktree.files.map((f: any) => f.path)).toContain('leak-[REDACTED:github-token].txt');
  });

  it('leaves every credential file out of the wip tree, by name or by content, listed with its reason', () => {
    const excluded = new Map(saved.git.wip.excluded.map((e: any) => [e.path, e.reason]));
    expect(Object.fromEntries(CREDENTIAL_FILES.map(([path]) => [path, excluded.get(path) ?? null]))).toEqual({
      '.git-credentials': 'pattern', 'app.config': 'secret', 'settings.yaml': 'secret', 'deploy/.ENV': 'pattern',
      'run.sh': 'secret', 'curl-headers.txt': 'secret', 'aws/credentials': 'pattern', 'docker/config.json': 'secret',
    });
    expect(excluded.get('leak-[REDACTED:github-token].txt')).toBe('secret');
  });

  it('status compares the redacted branch and path with this clone: no false drift', async () => {
    const res = await sb.ckpt(repo, ['status', '--json']);
    const report = JSON.parse(res.stdout).reconcile;
    expect(report.branch.verdict).toBe('match');
    expect([...report.worktree.unrecorded, ...report.worktree.absent, ...report.worktree.changed]).toEqual([]);
    sb.git(repo, 'switch', '-q', 'main');
    const away = JSON.parse((await sb.ckpt(repo, ['status', '--json'])).stdout).reconcile;
    expect(away.branch.verdict).toBe('mismatch');
    expect(away.branch.fix).toBe(`git switch -- fix/${branchToken}`);
  });
});
