/**
 * The time one MCP call may take (SPEC §11: every run ends, and one slow
 * call — a stalled git, a held lock — cannot wedge the server). A call past
 * its bound is answered with an error at once; the other calls are answered
 * as ever, and when the client closes stdin the server ends without waiting
 * for the stalled work (the entry point stops what is still running).
 * Clients give up on a request after 60 s by default (the MCP SDK's
 * DEFAULT_REQUEST_TIMEOUT_MSEC): the default stays under it, so the answer
 * comes from us.
 */
import { parseSeconds } from '../checkpoint/config/config-values.js';
import { OperationError } from '../errors.js';

/** The default bound, in seconds. */
export const CALL_SECONDS = 30;

/** The variable that sets it, from the `env` of the client's server entry. */
export const CALL_TIMEOUT_VARIABLE = 'GIT_CHECKPOINT_MCP_TIMEOUT';

/** The bound in seconds: the variable when set and valid (0.5 to 3600), else the default, with a warning for a bad value. */
export function callSeconds(env: Record<string, string | undefined>, warn: (message: string) => void): number {
  const value = env[CALL_TIMEOUT_VARIABLE];
  if (value === undefined || value === '') return CALL_SECONDS;
  const seconds = parseSeconds(value);
  if (seconds === null) warn(`bad ${CALL_TIMEOUT_VARIABLE} value '${value}' (expected 0.5 to 3600 seconds): using ${CALL_SECONDS}`);
  return seconds ?? CALL_SECONDS;
}

/**
 * `work`, or an OperationError naming `what` when it has not settled within
 * `seconds`. The work is not stopped (nothing in flight can be undone
 * half-way: a save either lands whole or not at all), so the message says
 * whether it may still land.
 */
export function withinBound<T>(work: Promise<T>, seconds: number, what: { name: string; writes: boolean }): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const still = what.writes ? ': it may still land (look with checkpoint_list)' : '';
      reject(new OperationError(`${what.name} did not finish within ${seconds} s${still}`, {
        hint: `the server goes on; ${CALL_TIMEOUT_VARIABLE} in the server's environment sets the bound (seconds)`,
      }));
    }, seconds * 1000);
  });
  // Work that fails after its answer was given is no longer anyone's to hear.
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
