/**
 * Which text in a user turn is the person's own. Agents inject machine text
 * as user turns: slash-command wrappers, shell-mode input and output, task
 * notifications, memory inputs, system reminders, hook output, Codex's
 * environment context, Gemini CLI's session context and hook context. None
 * of it is quoted; a slash command's arguments are the person's words and are
 * kept as `/command args` — except a compaction's (`/compact <instructions>`),
 * which steer the agent's summary, not the work; Cursor's `<user_query>`
 * wrapper is taken off.
 */

/** A turn that starts with one of these is not the person's. */
const MACHINE_START = new RegExp(
  '^\\s*(?:<(?:command-message|local-command-stdout|local-command-stderr|local-command-caveat|system-reminder|' +
  'task-notification|bash-input|bash-stdout|bash-stderr|user-memory-input|user_instructions|environment_context|' +
  'user-prompt-submit-hook|session-start-hook|post-tool-use-hook|turn_aborted|subagent_notification|session_context)\\b|' +
  'Caveat: |\\[Request interrupted|This session is being continued from a previous conversation|# AGENTS\\.md instructions)',
);
/** Injected blocks that may sit inside a turn the person typed. */
const EMBEDDED = /<(system-reminder|user-prompt-submit-hook|hook_context)>[\s\S]*?<\/\1>/g;
/** Slash commands whose arguments are instructions to the agent's own machinery. */
const MACHINE_COMMANDS = new Set(['/compact', '/compress']);
const COMMAND = /^\s*<command-name>([^<]*)<\/command-name>[\s\S]*?(?:<command-args>([\s\S]*?)<\/command-args>|$)/;

/** The person's words in a user turn, or null when it holds none. */
export function humanText(text: string): string | null {
  const query = /^\s*<user_query>([\s\S]*)<\/user_query>\s*$/.exec(text);
  if (query) return humanText(query[1]!.trim());
  const command = COMMAND.exec(text);
  if (command) {
    const name = command[1]!.trim();
    const args = (command[2] ?? '').trim();
    return args && !MACHINE_COMMANDS.has(name) ? `${name} ${args}` : null;
  }
  if (MACHINE_START.test(text)) return null;
  const stripped = text.includes('<') ? text.replace(EMBEDDED, '').trim() : text;
  return stripped.trim() && !MACHINE_START.test(stripped) ? stripped : null;
}
