/** One table: every error class → its exit code and message prefix (SPEC §2), decided in one place. */
import { describe, expect, it } from 'vitest';
import { exitCodeOf, reportError, type Outcome } from '../../../src/exit-codes.js';
import { makeMemCli } from '../../helpers/mem-cli.js';
import * as errors from '../../../src/errors.js';

const TABLE: Record<string, { code: number; prefix: string }> = {
  CheckpointError: { code: 1, prefix: 'error: ' },
  UsageError: { code: 129, prefix: 'error: ' },
  FatalError: { code: 128, prefix: 'fatal: ' },
  UnsupportedError: { code: 128, prefix: 'fatal: ' },
  NotFoundError: { code: 1, prefix: 'error: ' },
  OperationError: { code: 1, prefix: 'error: ' },
  InvalidRecordError: { code: 1, prefix: 'error: ' },
  RefConflictError: { code: 1, prefix: 'error: ' },
  GitCommandError: { code: 1, prefix: 'error: ' },
};

const classes = Object.entries(errors).filter(([, v]) => typeof v === 'function' && (v === errors.CheckpointError || v.prototype instanceof errors.CheckpointError));

describe('exit codes', () => {
  it('has a row for every error class', () => {
    expect(classes.map(([name]) => name).sort()).toEqual(Object.keys(TABLE).sort());
  });

  it.each(classes)('%s', (name, Class) => {
    const err = name === 'CheckpointError'
      ? new errors.CheckpointError('x', 'it broke', { hint: 'try again' })
      : new (Class as new (m: string, o: { hint: string }) => errors.CheckpointError)('it broke', { hint: 'try again' });
    const report = reportError(err, 'list');
    expect(report.exitCode).toBe(TABLE[name]!.code);
    expect(report.stderr).toBe(`${TABLE[name]!.prefix}it broke\nhint: try again\n`);
  });

  it('a usage error without its own hint points at the command\'s usage; anything else is exit 1', () => {
    expect(reportError(new errors.UsageError('bad'), 'save').stderr).toBe("error: bad\nhint: see 'git checkpoint save -h'\n");
    expect(reportError(new Error('plain'), null)).toEqual({ exitCode: 1, stderr: 'error: plain\n' });
  });
});

describe('outcomes: a command returns one, the CLI maps it and handles --quiet once', () => {
  it.each<[Outcome | undefined, number]>([[undefined, 0], ['ok', 0], ['failed', 1], ['partial', 2], ['drift', 3]])('%s → exit %i', (outcome, code) => {
    expect(exitCodeOf(outcome)).toBe(code);
  });

  it('--quiet leaves out what a command did, never what was asked for', async () => {
    const m = await makeMemCli();
    const quiet = await m.cli(['save', '-q', '-m', 'one']);
    expect(quiet).toMatchObject({ code: 0, stdout: '' });
    const id = (await m.cli(['save', '-m', 'two'])).stdout.trim();
    expect(id).toMatch(/^\d{8}-\d{6}-[a-z0-9]{4}$/);
    expect((await m.cli(['list', '-q'])).stdout).toContain(id);
    expect((await m.cli(['show', '-q', id, '--format', 'recap'])).stdout).toContain('SESSION_RECAP/1');
    expect(await m.cli(['prune', '--keep', '1', '-n', '-q'])).toMatchObject({ code: 0, stdout: '' });
    expect((await m.cli(['prune', '--keep', '1', '-n'])).stdout).toContain('would drop 1 checkpoint, kept 1');
    expect(JSON.parse((await m.cli(['drop', id, '-q', '--json'])).stdout)).toMatchObject({ dryRun: false, notes: 'ok' });
  });
});
