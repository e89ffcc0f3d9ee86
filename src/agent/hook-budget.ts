/**
 * An agent hook's wall-clock budget (SPEC §11): well under the agents' own
 * hook timeouts (Claude Code, Gemini CLI: 30 s and up), so that whatever
 * stalls — a stdin never closed, a FIFO for a transcript, a stalled git, a
 * held lock — the agent hears from us in time and is never held up. When the
 * budget runs out the hook reports and returns; the entry point then ends
 * the run, which stops whatever was still running (src/io/run-scope.ts).
 */
import { HookProblem } from './hook-run.js';

/** The default, in seconds (`checkpoint.agentHookTimeout`). */
export const HOOK_BUDGET_SECONDS = 10;

export class HookBudget {
  private readonly started = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private expire: ((err: HookProblem) => void) | null = null;
  private seconds = HOOK_BUDGET_SECONDS;
  private over = false;

  /** True once the budget ran out. */
  get isOver(): boolean {
    return this.over;
  }

  /** `work`, or a HookProblem when the budget runs out first. */
  race<T>(work: Promise<T>): Promise<T> {
    const expired = new Promise<never>((_, reject) => {
      this.expire = reject;
    });
    this.arm();
    // Work still running when the budget ran out may fail later: that is no longer anyone's to hear.
    work.catch(() => {});
    return Promise.race([work, expired]);
  }

  /** Sets the budget (counted from the hook's start), once the repository's setting is known. */
  setSeconds(seconds: number): void {
    this.seconds = seconds;
    if (this.expire) this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.expire = null;
  }

  private arm(): void {
    clearTimeout(this.timer);
    const left = this.seconds * 1000 - (performance.now() - this.started);
    this.timer = setTimeout(() => {
      this.over = true;
      this.expire?.(new HookProblem(`gave up after ${this.seconds} s (checkpoint.agentHookTimeout); the agent was not held up`));
    }, Math.max(0, left));
  }
}
