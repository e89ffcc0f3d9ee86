/**
 * The process's ways out, each through the end of the run (run-scope.ts):
 * the command returned, a signal arrived, or standard output went away.
 * Only the entry points (src/main.ts, src/hook-entry.ts) and the streams of
 * node-deps.ts use them.
 */
import { endRun, hasInteractiveChild } from './run-scope.js';

/** The signals that end a run as they end git: children stopped, files removed, then death by the same signal. */
const SIGNALS: readonly NodeJS.Signals[] = ['SIGHUP', 'SIGINT', 'SIGTERM'];

/**
 * Ends the run on SIGINT, SIGTERM and SIGHUP, then dies of the same signal,
 * as git does (the shell sees 130, 143, 129): a process that raises its
 * signal again ends even while a thread of node's pool is stuck (an open of
 * a FIFO), where an exit would wait for that thread. An interrupt while an
 * editor or a pager runs is theirs (Ctrl-C in vi cancels a vi command).
 * Returns the call that stops listening.
 */
export function endOnSignals(): () => void {
  const stopListening = () => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
  const handlers = SIGNALS.map((signal) => {
    const handler = () => {
      if (signal === 'SIGINT' && hasInteractiveChild()) return;
      stopListening();
      endRun(signal);
      process.kill(process.pid, signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return stopListening;
}

/** Git's exit code when its reader goes away (128 + SIGPIPE): `git checkpoint list | head -1`. */
const BROKEN_PIPE = 141;

/** Ends the run and exits at once, quietly, when standard output's reader went away. */
export function exitOnBrokenPipe(): never {
  endRun();
  process.exit(BROKEN_PIPE);
}

/** Git's exit code when it cannot write its output (`fatal: write failure on 'stdout'`). */
const WRITE_FAILURE = 128;

/**
 * Ends the run and exits with `code` once what was written to stdout and
 * stderr has been handed to the system: nothing that the command started
 * can keep the process, and nothing it printed is cut short. Output that
 * could not be written (a full disk, an I/O error) is a failure, as in git:
 * `fatal: write failure on 'stdout': …`, exit 128, never success.
 */
export function exitWhenWritten(code: number): void {
  endRun();
  const failed = writeFailure(process.stdout);
  if (failed !== null) {
    process.stderr.write(`fatal: write failure on 'stdout': ${failed}\n`);
    code = WRITE_FAILURE;
  }
  let waiting = 2;
  let broken = false;
  const done = (err?: Error | null) => {
    // A reader that went away while the last output was written: the same code as when it is noticed sooner.
    broken ||= (err as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE';
    if (--waiting === 0) process.exit(broken ? BROKEN_PIPE : code);
  };
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.writableLength > 0 && !stream.destroyed) stream.write('', done);
    else done();
  }
}

/** Why writing to `stream` failed, in the system's words ("no space left on device"); null when it did not, or its reader went away. */
function writeFailure(stream: NodeJS.WriteStream): string | null {
  const err = stream.errored as NodeJS.ErrnoException | null;
  if (!err || err.code === 'EPIPE') return null;
  return (/^[A-Z0-9]+: (.*?)(?:, \w+)?$/.exec(err.message)?.[1] ?? err.message).toLowerCase();
}
