/** One table: every error class → its exit code and message prefix (SPEC §2), decided in one place. */
import { describe, expect, it } from 'vitest';
import { reportError } from '../../src/cli/exit-codes.js';
import * as errors from '../../src/errors.js';

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
