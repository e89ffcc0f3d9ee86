/** The error for a command name that is not one of ours, naming the nearest (as git does). */
import { UsageError } from '../errors.js';
import { COMMANDS } from './commands.js';
import { nearest } from './suggest.js';

export function unknownCommand(name: string): UsageError {
  const near = nearest(name, Object.keys(COMMANDS).filter((c) => c !== 'hook'));
  const hint = near.length === 0 ? "see 'git checkpoint -h'"
    : near.length === 1 ? `the most similar command is '${near[0]}'`
      : `the most similar commands are ${near.map((c) => `'${c}'`).join(', ')}`;
  return new UsageError(`'${name}' is not a git checkpoint command`, { hint });
}
