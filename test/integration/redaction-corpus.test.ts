/**
 * Secrets never reach an object (SPEC §9), measured on a corpus: every made-up
 * secret of test/helpers/secret-corpus.ts goes into some field of one save
 * (and some into commit subjects); afterwards no object of the repository
 * other than the user's own code history holds any secret value, and every
 * benign look-alike is in the record verbatim.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { benignSamples, secretSamples, type SecretSample } from '../helpers/secret-corpus.js';

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

/** Every object's content except the user's own code history, as text. */
function ourObjects(opts: { withCode?: boolean } = {}): string[] {
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

beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('corpus');
  for (const s of inSubjects) sb.git(dir, 'commit', '-q', '--allow-empty', '-m', `deploy: ${s.text}`);
  const texts = [...secrets.map((s) => s.text), ...benign];
  writeFileSync(join(sb.root, 'doc.json'), JSON.stringify(buildDocument(texts, `rotate ${secrets[0]!.text}`)));
  const saved = await sb.ckpt(dir, ['save', '--input', join(sb.root, 'doc.json'), '--json']);
  expect(saved.code, saved.stderr).toBe(0);
  record = JSON.parse(sb.git(dir, 'cat-file', 'blob', `${JSON.parse(saved.stdout).commit}:checkpoint.json`));
}, 60_000);
afterAll(() => sb.cleanup());

describe('redaction corpus, end to end', () => {
  it(`has ${secrets.length} secrets and ${benign.length} benign look-alikes`, () => {
    expect(secrets.length).toBeGreaterThanOrEqual(150);
    expect(benign.length).toBeGreaterThanOrEqual(150);
    expect(new Set(secrets.map((s) => s.reason)).size).toBe(20);
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
    expect(leaked.map((s) => `${s.reason}: ${s.text}`)).toEqual([]);
  });

  it('redacted the commit subjects and counted every reason', () => {
    for (const c of record.git.commits.slice(0, inSubjects.length)) expect(c.subject).toMatch(/^deploy: .*\[REDACTED:[a-z-]+\]/);
    for (const reason of new Set(secrets.map((s) => s.reason))) expect(record.redactions[reason], reason).toBeGreaterThan(0);
  });

  it('keeps every benign sample verbatim (no false positive)', () => {
    const values: string[] = [
      ...record.nextSteps, ...record.blockers, ...record.questions, ...record.learnings, ...record.constraints,
      ...record.assumptions, ...record.links, ...record.decisions.flatMap((d: any) => [d.what, d.why, d.by]),
      ...record.rejected.flatMap((d: any) => [d.what, d.why]), ...record.todos.map((t: any) => t.text),
      ...record.files.map((f: any) => f.why), ...record.quotes.flatMap((q: any) => [q.text, q.by]), ...record.notes.split('\n'),
    ];
    const damaged = benign.filter((b) => !values.includes(b));
    console.log(`redaction false positives: ${damaged.length}/${benign.length} benign samples changed`);
    expect(damaged).toEqual([]);
  });
});
