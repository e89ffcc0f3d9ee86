/** Whether a transcript is the hook's session's: a transcript of another session is never harvested. */
import { basename } from 'node:path';
import type { HarvestResult } from '../harvest/harvest-file.js';
import type { AgentInput } from './adapters/types.js';

/** Why the transcript is not this session's, or null when it is (or nothing says otherwise). */
export function checkOwnership(input: AgentInput, transcript: string, h: HarvestResult): string | null {
  if (input.sessionId === null) return null;
  const { facts } = h;
  const named = basename(transcript).includes(input.sessionId);
  if (!facts.sessionSeen && facts.otherSession !== null && !named) {
    return `the transcript belongs to session ${facts.otherSession}, not ${input.sessionId}`;
  }
  return null;
}
