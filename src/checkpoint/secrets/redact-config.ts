/**
 * The redaction settings of a repository (SPEC §9): extra patterns in
 * `checkpoint.redact` (regular expressions, reason `custom`) and an allow
 * list in `checkpoint.redactAllow` (regular expressions; a match whose whole
 * text matches one is kept). A pattern that does not compile, or that
 * matches the empty string, stops the save: silently redacting less than the
 * user asked for would be worse than not saving.
 */
import { badConfigValue, regexProblem } from '../config/config-values.js';
import type { Config } from '../../git/repo.js';
import { BASE_RULES, type RedactOptions, type RedactRule } from './redact.js';

export const REDACT_KEY = 'checkpoint.redact';
export const ALLOW_KEY = 'checkpoint.redactAllow';

function compile(key: string, source: string): RegExp {
  const problem = regexProblem(source);
  if (problem !== null) throw badConfigValue(key, source, 'other', problem);
  return new RegExp(source, 'g');
}

/** Reads the settings; `authorEmail` (the saver's own address) is never redacted as an email. */
export async function loadRedactOptions(config: Config, authorEmail: string | null): Promise<RedactOptions> {
  const [extra, allow] = await Promise.all([config.getConfigAll(REDACT_KEY), config.getConfigAll(ALLOW_KEY)]);
  const custom: RedactRule[] = extra.map((source) => ({ reason: 'custom', pattern: compile(REDACT_KEY, source) }));
  return {
    rules: custom.length ? [...BASE_RULES, ...custom] : BASE_RULES,
    allow: allow.map((source) => compile(ALLOW_KEY, source)),
    allowEmails: authorEmail ? [authorEmail] : [],
  };
}
