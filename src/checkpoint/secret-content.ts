/**
 * Does a file's content look like it holds a secret? Used to keep such files
 * out of the `wip` snapshot (SPEC §6). Only the redaction engine's
 * high-confidence rules count — private key blocks and provider tokens in
 * their real formats — because a false positive silently drops a file from
 * the snapshot (it is listed as excluded, reason `secret`). Looser rules
 * (`password=`, high-entropy strings, e-mail addresses) redact free text but
 * would exclude ordinary source files here.
 */
import { hasHighConfidenceSecret } from './redact.js';

/** True when `data` contains a high-confidence secret. Binary content is scanned as Latin-1. */
export function looksLikeSecret(data: Uint8Array): boolean {
  return hasHighConfidenceSecret(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'));
}
