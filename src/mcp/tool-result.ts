/**
 * Tool results of the MCP server: data as JSON text plus `structuredContent`,
 * and every failure as a tool error (`isError`) in git's words with the exit
 * code the CLI would have used, so an agent reads the same message a user would.
 */
import { reportError } from '../exit-codes.js';
import { CheckpointError } from '../errors.js';
import { visibleMultiline } from '../text/sanitize.js';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A result carrying `data` (rendered as JSON for clients that read only text). */
export function dataResult(data: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

/** A result that is text for the model (a recap, markdown). */
export function textResult(text: string, data?: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], ...(data ? { structuredContent: data } : {}) };
}

/**
 * Any thrown value as a tool error: `fatal: …` / `error: …` and the hint, as
 * the CLI prints them, with the code and exit code in `structuredContent`.
 */
export function errorResult(err: unknown): ToolResult {
  const { exitCode } = reportError(err, null);
  const message = visibleMultiline(err instanceof Error ? err.message : String(err));
  const hint = err instanceof CheckpointError && err.hint ? visibleMultiline(err.hint) : null;
  const fatal = err instanceof CheckpointError && exitCode === 128;
  const text = `${fatal ? 'fatal' : 'error'}: ${message}${hint ? `\nhint: ${hint}` : ''}`;
  const code = err instanceof CheckpointError ? err.code : 'internal';
  return { content: [{ type: 'text', text }], structuredContent: { error: { code, exitCode, message, hint } }, isError: true };
}
