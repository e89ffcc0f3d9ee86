/** The one place where errors become exit codes and git-style messages (SPEC §2). */
import {
  CheckpointError, FatalError, InvalidRecordError, NotFoundError, OperationError, UnsupportedError, UsageError,
} from './errors.js';
import { visibleMultiline } from './text/sanitize.js';

/**
 * How a command ended (SPEC §2); the CLI turns it into the exit code in one
 * place (src/exit-codes.ts): `partial` the main write succeeded and a
 * secondary step failed, `drift` the checkpoint and the repository disagree,
 * `failed` nothing (more) was done. Failures before anything is done are
 * thrown as CheckpointErrors instead.
 */
export type Outcome = 'ok' | 'partial' | 'drift' | 'failed';

export const EXIT = { ok: 0, failed: 1, partial: 2, drift: 3, fatal: 128, usage: 129 } as const;

/** The exit code of a command's outcome (a command that returned nothing more finished: ok). */
export function exitCodeOf(outcome: Outcome | undefined): number {
  return EXIT[outcome ?? 'ok'];
}

export interface ErrorReport {
  exitCode: number;
  /** Lines for stderr, each ending in a newline. */
  stderr: string;
}

/** Maps any thrown value to an exit code and the message git would print. */
export function reportError(err: unknown, command: string | null): ErrorReport {
  // Messages may quote stored data (titles of ambiguous candidates, a record's errors): never raw control characters.
  const hint = err instanceof CheckpointError && err.hint ? `hint: ${visibleMultiline(err.hint)}\n` : '';
  const message = visibleMultiline(err instanceof Error ? err.message : String(err));
  if (err instanceof UsageError) {
    const see = command ? `hint: see 'git checkpoint ${command} -h'\n` : `hint: see 'git checkpoint -h'\n`;
    return { exitCode: EXIT.usage, stderr: `error: ${message}\n${hint || see}` };
  }
  if (err instanceof FatalError || err instanceof UnsupportedError) {
    return { exitCode: EXIT.fatal, stderr: `fatal: ${message}\n${hint}` };
  }
  if (err instanceof NotFoundError || err instanceof InvalidRecordError || err instanceof OperationError) {
    return { exitCode: EXIT.failed, stderr: `error: ${message}\n${hint}` };
  }
  return { exitCode: EXIT.failed, stderr: `error: ${message}\n${hint}` };
}
