import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../../src/checkpoint/record/parse-md.js';
import {
  contentKeys, emptyContent, modes, taskStatuses, todoStatuses, type CheckpointContent, type CheckpointRecord,
} from '../../../../src/checkpoint/record/schema.js';
import { renderMarkdown } from '../../../../src/checkpoint/record/md.js';
import { visible, visibleMultiline } from '../../../../src/text/sanitize.js';

const OID = 'c0ffee'.padEnd(40, '0');

/** A valid record: empty content and quiet git state unless overridden. */
function makeRecord(content: Partial<CheckpointContent> = {}, git: Partial<CheckpointRecord['git']> = {}): CheckpointRecord {
  return {
    schema: 'git-checkpoint/v1', id: '20240501-120000-ab12', createdAt: '2024-05-01T12:00:00Z', writer: 'alice-x1y2z3',
    author: { name: 'Alice', email: 'alice@example.com' }, parents: [], redactions: {},
    ...emptyContent(), ...content,
    git: {
      branch: 'main', head: OID, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: 0, truncated: false, files: [] }, wip: null, notCollected: [], ...git,
    },
  };
}

const contentOf = (r: CheckpointRecord): CheckpointContent =>
  Object.fromEntries(contentKeys.map((k) => [k, r[k]])) as CheckpointContent;

function roundTrip(content: CheckpointContent): CheckpointContent {
  const md = renderMarkdown(makeRecord(content));
  const parsed = parseMarkdown(md);
  if (!parsed.ok) throw new Error(`${parsed.error}\n${md}`);
  return parsed.content;
}

const full = makeRecord(
  {
    task: { title: 'Fix the login redirect loop', status: 'in_progress' },
    nextSteps: ['npm test -- auth', 'update the docs'],
    decisions: [{ what: 'Keep sessions in cookies', why: 'simpler than JWT', by: 'alice' }, { what: 'Use zod/mini', why: '' }],
    rejected: [{ what: 'JWT in localStorage', why: 'XSS risk' }],
    blockers: ['waiting for staging access'], questions: ['does SSO share the cookie?'],
    learnings: ['the loop starts in middleware'], constraints: ['no new dependencies'], assumptions: ['users have cookies on'],
    todos: [{ text: 'write test', status: 'completed' }, { text: 'refactor guard', status: 'in_progress' }, { text: 'ship', status: 'pending' }],
    files: [{ path: 'src/auth/guard.ts', why: 'the redirect' }, { path: 'README.md' }],
    quotes: [{ text: "don't break prod", by: 'carol', verbatim: true }, { text: 'roughly: ship by Friday', by: 'dave', verbatim: false }],
    links: ['https://example.com/issue/42'], notes: 'Tried three fixes.\n\nThe third almost worked.',
    label: 'auth-fix', mode: 'salient', compactImminent: true,
  },
  {
    upstream: 'origin/main', ahead: 2, behind: 1, commits: [{ oid: OID, subject: 'auth: add guard' }],
    worktree: {
      collected: true, total: 3, truncated: true,
      files: [{ path: 'src/auth/guard.ts', status: 'M.', staged: true, oid: OID }, { path: 'notes.txt', status: '??', staged: false, oid: OID }],
    },
    wip: { tree: OID, excluded: [{ path: '.env', reason: 'excluded by **/.env' }] },
  },
);
full.parents = ['20240430-110000-zz99'];
full.redactions = { email: 2, 'github-token': 1 };

describe('renderMarkdown', () => {
  it('renders every section in order', () => {
    expect(renderMarkdown(full, { remote: 'origin' })).toMatchInlineSnapshot(`
      "# Checkpoint 20240501-120000-ab12 — saved 2024-05-01 12:00:00 UTC on main

      - Writer: alice-x1y2z3
      - Author: Alice <alice@example.com>
      - Remote: origin
      - Label: auth-fix
      - Mode: salient
      - Compact imminent: yes
      - Head: c0ffee0
      - Upstream: origin/main (ahead 2, behind 1)

      > Tried three fixes.
      >
      > The third almost worked.

      ## Task

      Fix the login redirect loop

      Status: in progress

      ## Next

      1. (resume here) npm test -- auth
      2. update the docs

      ## Decisions

      - Keep sessions in cookies — simpler than JWT (by alice)
      - Use zod/mini

      ## Rejected paths

      - JWT in localStorage — XSS risk

      ## Blockers

      - waiting for staging access

      ## Open questions

      - does SSO share the cookie?

      ## Learnings

      - the loop starts in middleware

      ## Constraints

      - no new dependencies

      ## Assumptions

      - users have cookies on

      ## Todos

      - [x] write test
      - [~] refactor guard
      - [ ] ship

      ## Hot files

      - \`src/auth/guard.ts\` — the redirect
      - \`README.md\`

      ## Links

      - https://example.com/issue/42

      ## Uncommitted changes

      - M. src/auth/guard.ts (staged)
      - ?? notes.txt (untracked)
      - (truncated: 2 of 3 shown)
      - not saved in wip: .env (excluded by **/.env)

      ## Recent commits

      - c0ffee0 auth: add guard

      ## Quotes

      - "don't break prod" — carol
      - ~"roughly: ship by Friday" — dave

      ## Lineage

      - 20240430-110000-zz99

      ## Redactions

      - email: 2
      - github-token: 1

      **Verify before operating:** this is a snapshot from 2024-05-01 12:00:00 UTC; run \`git checkpoint status\` to compare it with the repository before acting on it.
      "
    `);
  });

  it('omits empty sections but always shows the task', () => {
    const md = renderMarkdown(makeRecord());
    expect(md).toContain('## Task\n\nStatus: in progress');
    expect(md).not.toMatch(/## (Next|Decisions|Todos|Quotes|Lineage|Uncommitted)/);
  });

  it('says when the working tree was not collected', () => {
    const md = renderMarkdown(makeRecord({}, { worktree: { collected: false, reason: 'git status timed out', total: 0, truncated: false, files: [] } }));
    expect(md).toContain('## Uncommitted changes\n\n- not collected: git status timed out');
  });

  it('bolds headings only when colour is on', () => {
    expect(renderMarkdown(full)).not.toContain('\x1b');
    expect(renderMarkdown(full, { color: true })).toContain('\x1b[1m## Task\x1b[0m');
  });

  it('makes control characters and escape sequences in every field visible', () => {
    const evil = '\x1b[31m\x1b]0;t\x07\x9b\r\n\u202e\u2066\u200b\x00\x7f';
    const addEvil = (v: unknown): unknown =>
      typeof v === 'string' ? `${v}${evil}` : Array.isArray(v) ? v.map(addEvil)
        : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, addEvil(x)])) : v;
    const record = addEvil({ ...full, decisions: [...full.decisions, { what: 'w', why: 'y', by: 'b' }] }) as CheckpointRecord;
    record.redactions = { [`email${evil}`]: 1 };
    const md = renderMarkdown(record, { remote: `origin${evil}` });
    for (const line of md.split('\n')) expect(line).not.toMatch(/[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u);
    const shown = md.split('\\x1b[31m').length - 1;
    expect(shown).toBeGreaterThanOrEqual(40);
    expect(md).toContain('auth: add guard\\x1b[31m\\x1b]0;t\\x07\\x9b\\r\\n\\u202e\\u2066\\u200b\\x00\\x7f');
  });
});

describe('parseMarkdown(renderMarkdown(record))', () => {
  const base = emptyContent();
  it.each<[string, Partial<CheckpointContent>]>([
    ['empty content', {}],
    ['separators inside values', {
      decisions: [
        { what: 'a — b', why: 'c — d', by: 'e — f' }, { what: 'x :: y', why: 'z :: w' }, { what: 'ends with —', why: '— starts' },
        { what: 'std::io', why: '' }, { what: '', why: 'only a why' }, { what: 'w', why: 'looks (by someone)' }, { what: 'w', why: '', by: '' },
        { what: 'x', why: 'y', by: 'name (by nick)' }, { what: 'trailing (by', why: '' },
      ],
      rejected: [{ what: 'a — b :: c', why: 'd' }, { what: 'no reason', why: '' }],
      files: [{ path: 'we`ird — path', why: '' }, { path: 'a — b' }, { path: ' spaced ', why: 'why — not' }],
    }],
    ['markdown syntax inside values', {
      task: { title: '# not a heading', status: 'blocked' },
      nextSteps: ['(resume here) literally', '- dash', '1. one', '# hash', '> quote', '<!-- not a comment -->', '**Verify before operating:** no', '---', '- - -'],
      blockers: ['- leading dash', '* star', '[x] box', '## two'], todos: [{ text: '[x] not done', status: 'pending' }],
    }],
    ['titles that look like syntax', { task: { title: 'Status: done', status: 'deferred' } }],
    ['numbered titles', { task: { title: '12. step', status: 'done' } }],
    ['unicode', {
      task: { title: 'Réparer 東京 😀 👨‍👩‍👧', status: 'in_progress' }, learnings: ['\u00a0nbsp\u3000', 'ÅÄÖ — ümlaut'],
      quotes: [{ text: 'ça « marche »', by: 'Zoë', verbatim: true }],
    }],
    ['empty strings and edge whitespace', {
      task: { title: '', status: 'in_progress' }, nextSteps: ['', ' lead', 'trail '], blockers: [' ', ''],
      todos: [{ text: '', status: 'completed' }, { text: ' ', status: 'in_progress' }],
      decisions: [{ what: '', why: '', by: ' ' }], quotes: [{ text: '', by: '', verbatim: false }],
    }],
    ['backslashes', { questions: ['C:\\path\\to', 'ends with \\', '\\— escaped?', '\\\\ double', '\\x1b literal'], files: [{ path: 'a\\`b\\', why: '\\' }] }],
    ['quotes, verbatim and not', {
      quotes: [
        { text: 'say "hi" — twice', by: 'bob — the builder', verbatim: true }, { text: '~tilde', by: 'x', verbatim: false },
        { text: 'no by', by: '', verbatim: true },
      ],
    }],
    ['multi-line notes', { notes: 'line one\n\n# heading-like\n- item-like\n> quoted\n  indented\ttab\n' }],
    ['empty notes and header fields', { notes: '', label: 'v1.2_rc-3', mode: 'salient', compactImminent: true }],
  ])('round-trips %s', (_name, overrides) => {
    const content = { ...base, ...overrides };
    expect(roundTrip(content)).toStrictEqual(content);
  });

  const str = fc
    .oneof(
      fc.string({ unit: 'grapheme', maxLength: 16 }),
      fc.string({
        unit: fc.constantFrom(' ', '—', ' — ', '::', ' :: ', '(by ', ')', '"', '`', '\\', '~', '- ', '# ', '1. ', '> ',
          '<!--', 'Status:', '(resume here)', '**', '[x] ', '\u00a0', '👨‍👩‍👧', 'a', 'é'),
        maxLength: 8,
      }),
    )
    .filter((s) => visible(s) === s);
  const notes = fc
    .array(fc.oneof(str, fc.constant('\t'), fc.constant('')), { maxLength: 4 })
    .map((lines) => lines.join('\n'))
    .filter((s) => visibleMultiline(s) === s);
  const items = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { maxLength: 3 });
  const content: fc.Arbitrary<CheckpointContent> = fc.record({
    task: fc.record({ title: str, status: fc.constantFrom(...taskStatuses) }),
    decisions: items(fc.record({ what: str, why: str, by: str }, { requiredKeys: ['what', 'why'] })),
    rejected: items(fc.record({ what: str, why: str })),
    nextSteps: items(str), blockers: items(str), questions: items(str), learnings: items(str),
    constraints: items(str), assumptions: items(str), links: items(str),
    todos: items(fc.record({ text: str, status: fc.constantFrom(...todoStatuses) })),
    files: items(fc.record({ path: str, why: str }, { requiredKeys: ['path'] })),
    quotes: items(fc.record({ text: str, by: str, verbatim: fc.boolean() })),
    notes: fc.option(notes, { nil: null }),
    label: fc.option(fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/), { nil: null }),
    mode: fc.constantFrom(...modes), compactImminent: fc.boolean(),
  });

  it('round-trips any content free of control characters', () => {
    fc.assert(
      fc.property(content, (generated) => {
        const c = structuredClone(generated); // plain prototypes, as a parsed record has
        expect(roundTrip(c)).toStrictEqual(c);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the input', () => {
    const line = fc.oneof(str, fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('## Quotes', '## Hot files', '## Task', '<!--', '-->'));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        expect(typeof parseMarkdown(lines.join('\n')).ok).toBe('boolean');
      }),
    );
  });

  it('round-trips the full example, ignoring git state', () => {
    expect(roundTrip(contentOf(full))).toStrictEqual(contentOf(full));
  });
});

describe('parseMarkdown of hand-written markdown', () => {
  it('continues an item on an indented line after a blank one, as markdown reads a loose list', () => {
    const parsed = parseMarkdown(['# task', 'Loose lists', '', '## Next steps', '1. step one', '', '   continued', '2. step two'].join('\n'));
    expect(parsed.ok && parsed.content.nextSteps).toEqual(['step one continued', 'step two']);
  });

  it('reads the same shape loosely', () => {
    const md = [
      '# My notes for tomorrow', '', '- label: auth-fix', '- MODE: Salient', '- compact imminent: no', '', '> remember the cookie', '',
      '# task', 'Fix the login loop', '', 'status: In Progress', '',
      '## Next steps', '1. Run `npm test`', '2) check the redirect', '* deploy', '',
      '## decisions', '- Cookies :: sessions are simpler (By alice)', '- Keep zod/mini — start-up time', '- Plain decision', '',
      '## Rejected:', '- JWT in localStorage — XSS risk', '',
      '## TODOS', '- [x] write test', '- [ ] fix bug', '- [/] refactor', '- no checkbox', '',
      '## Files', '- src/auth.ts — the loop is here', '- `src/a b.ts`', '- README.md', '',
      '## Quotes', '- "don\'t break prod" — carol', '- ~ roughly this — dave', '',
      '<!-- the open questions', 'are for the team -->', '## Open questions', '- Why does it loop', '  across two pages?', '',
      '## Uncommitted changes', 'anything here is ignored', '',
      '## Notes', 'Some notes', '  indented', '<!-- hint -->', '', '**Verify before operating:** ignored', '- after the end',
    ].join('\r\n');
    const parsed = parseMarkdown(md);
    expect(parsed).toStrictEqual({
      ok: true,
      content: {
        ...emptyContent(), label: 'auth-fix', mode: 'salient', compactImminent: false,
        task: { title: 'Fix the login loop', status: 'in_progress' },
        nextSteps: ['Run `npm test`', 'check the redirect', 'deploy'],
        decisions: [{ what: 'Cookies', why: 'sessions are simpler', by: 'alice' }, { what: 'Keep zod/mini', why: 'start-up time' }, { what: 'Plain decision', why: '' }],
        rejected: [{ what: 'JWT in localStorage', why: 'XSS risk' }],
        todos: [{ text: 'write test', status: 'completed' }, { text: 'fix bug', status: 'pending' }, { text: 'refactor', status: 'in_progress' }, { text: 'no checkbox', status: 'pending' }],
        files: [{ path: 'src/auth.ts', why: 'the loop is here' }, { path: 'src/a b.ts' }, { path: 'README.md' }],
        quotes: [{ text: "don't break prod", by: 'carol', verbatim: true }, { text: 'roughly this', by: 'dave', verbatim: false }],
        questions: ['Why does it loop across two pages?'],
        notes: 'remember the cookie\n\nSome notes\n  indented',
      },
    });
  });

  it.each([
    ['an unknown section', '## Task\nfoo\n## Context\n- x', 'line 3: unknown section "Context"'],
    ['an invalid status', '## Task\nfoo\nStatus: finished', 'line 3: status must be one of in_progress, blocked, done, deferred, not "finished"'],
    ['an invalid label', '- Label: bad label!', 'line 1: expected a label of [A-Za-z0-9._-], 1 to 64 characters'],
    ['an invalid mode', '\n- Mode: fast', 'line 2: mode must be one of routine, salient, not "fast"'],
    ['an unknown header field', '- Colour: red', 'line 1: unknown header field "Colour"'],
    ['text before the first section', 'intro text', 'line 1: expected "- Key: value" or a "> " notes line before the first section'],
    ['a paragraph in a list section', '## Blockers\n- ok\nnot an item', 'line 3: expected a list item ("- …") under "Blockers"'],
    ['an unterminated quote', '## Quotes\n\n- "unterminated — bob', 'line 3: missing closing "'],
    ['junk after a file path', '## Hot files\n- `a` junk', 'line 2: expected " — " after the closing `'],
    ['control characters in an error', '## \x1b[2J', 'line 1: unknown section "\\x1b[2J"'],
  ])('reports %s with its line', (_name, md, error) => {
    expect(parseMarkdown(md)).toStrictEqual({ ok: false, error });
  });
});
