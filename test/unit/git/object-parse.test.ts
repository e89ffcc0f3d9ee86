import { describe, expect, it } from 'vitest';
import { parseCommit } from '../../../src/git/object-parse.js';

describe('parseCommit (both backends)', () => {
  it('reads a hostile commit as git does: the first author and committer count', () => {
    const raw = [
      `tree ${'a'.repeat(40)}`, `parent ${'b'.repeat(40)}`,
      'author <ada@example.com> 1700000000 +0100', 'author Mallory <m@evil> 1 +0000',
      'committer Ada L <ada@example.com> 1700000001 -0230', 'committer Mallory <m@evil> 2 +0000',
      'gpgsig -----BEGIN-----', ' author Inside <sig@x> 3 +0000', ' -----END-----',
      '', 'subject', '',
    ].join('\n');
    expect(parseCommit('c'.repeat(40), raw)).toEqual({
      oid: 'c'.repeat(40), tree: 'a'.repeat(40), parents: ['b'.repeat(40)],
      author: { name: '', email: 'ada@example.com', timestamp: 1700000000, tzOffsetMinutes: 60 },
      committer: { name: 'Ada L', email: 'ada@example.com', timestamp: 1700000001, tzOffsetMinutes: -150 },
      message: 'subject\n',
    });
    expect(parseCommit('c'.repeat(40), Buffer.from(raw))).toEqual(parseCommit('c'.repeat(40), raw));
  });
});
