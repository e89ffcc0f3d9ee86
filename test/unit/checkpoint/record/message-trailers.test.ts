/** Reading a checkpoint commit's title and trailers back (SPEC §3): only whole `Checkpoint-*` lines count. */
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../../../src/checkpoint/record/message.js';

describe('parseMessage', () => {
  it('reads the title and every trailer, the last line without a newline too', () => {
    const facts = parseMessage('checkpoint: fix the queue\n\nCheckpoint-Id: 20260101-000000-abcd\nCheckpoint-Writer: ada-123456\nCheckpoint-Branch: (detached)\nCheckpoint-Label: v1\nCheckpoint-Seq: 42');
    expect(facts).toEqual({ title: 'fix the queue', id: '20260101-000000-abcd', writer: 'ada-123456', branch: null, label: 'v1', seq: 42 });
  });

  it('ignores a trailer name inside a line, an unknown one, and a line git would not split there', () => {
    const message = 'note Checkpoint-Id: x\n\nsee Checkpoint-Writer: mallory\nCheckpoint-Other: y\nCheckpoint-Id: a\rb\nCheckpoint-Writer: ada-123456\nCheckpoint-Seq: 007\n';
    expect(parseMessage(message)).toEqual({ title: 'note Checkpoint-Id: x', id: null, writer: 'ada-123456', branch: null, label: null, seq: null });
  });

  it('reads a message that starts with a trailer, and the later of two', () => {
    expect(parseMessage('Checkpoint-Id: first\nCheckpoint-Id: second')).toMatchObject({ title: 'Checkpoint-Id: first', id: 'second' });
    expect(parseMessage('')).toEqual({ title: '', id: null, writer: null, branch: null, label: null, seq: null });
  });
});
