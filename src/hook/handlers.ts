/**
 * The git hooks `git checkpoint hook <name>` answers. One entry per hook,
 * loaded only when that hook runs, so each hook pays start-up for itself
 * alone. Adding a hook (for example an agent's pre-compact or session-start
 * event) is adding an entry here and a file next to this one.
 */
import type { Context } from '../cli/context.js';

/** Handles one hook invocation. Output goes to stderr; the hook command always exits 0 whatever this does. */
export type HookHandler = (ctx: Context, args: string[]) => Promise<void>;

export const HOOK_HANDLERS: Record<string, () => Promise<HookHandler>> = {
  'post-checkout': async () => (await import('./post-checkout.js')).postCheckout,
  'pre-push': async () => (await import('./pre-push.js')).prePush,
};
