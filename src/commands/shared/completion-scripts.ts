/**
 * The shell side of completion: thin scripts that ask `git checkpoint
 * __complete` what to offer (src/cli/complete.ts decides, from the command
 * table). bash and zsh hook into git's own completion (`git checkpoint`), and
 * also complete `git-checkpoint`.
 */

const BASH = `# git checkpoint completion for bash: load git's completion first, then
#   source <(git checkpoint completion bash)
_git_checkpoint ()
{
	local i start=1 out IFS=$'\\n'
	for ((i = 1; i < cword; i++)); do
		if [[ \${words[i]} == checkpoint ]]; then start=$((i + 1)); break; fi
	done
	out=$(git checkpoint __complete "\${words[@]:start:cword-start}" "$cur" 2>/dev/null) || return
	if [[ $out == @files ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -W "$out" -- "$cur"))
	# bash replaces only what follows the = of --name=value.
	[[ $cur == --*=* ]] && COMPREPLY=("\${COMPREPLY[@]#"\${cur%%=*}="}")
	COMPREPLY=("\${COMPREPLY[@]/%/ }")
}
if declare -F __git_complete >/dev/null; then
	__git_complete git-checkpoint _git_checkpoint
fi
`;

const ZSH = `#compdef git-checkpoint
# git checkpoint completion for zsh: put this file on $fpath as _git-checkpoint, or
#   source <(git checkpoint completion zsh)
# git's zsh completion calls _git-checkpoint for \`git checkpoint\` once it is a user command:
zstyle ':completion:*:*:git:*' user-commands checkpoint:'save and resume a working session'
_git-checkpoint () {
  local -a args out
  if [[ $service == git ]]; then args=(\${words[3,CURRENT]}); else args=(\${words[2,CURRENT]}); fi
  out=(\${(f)"$(git checkpoint __complete "\${args[@]}" 2>/dev/null)"})
  if [[ \${out[1]} == @files ]]; then _files; return; fi
  compadd -Q -- \${out[@]}
}
compdef _git-checkpoint git-checkpoint
`;

const FISH = `# git checkpoint completion for fish:
#   git checkpoint completion fish | source
function __git_checkpoint_complete
    set -l words (commandline -opc)
    set -l i (contains -i -- checkpoint $words; or echo 1)
    set -l out (git checkpoint __complete $words[(math $i + 1)..-1] (commandline -ct) 2>/dev/null)
    if test "$out" = "@files"
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $out
    end
end
complete -c git -f -n '__fish_seen_subcommand_from checkpoint' -a '(__git_checkpoint_complete)'
complete -c git -f -n '__fish_use_subcommand' -a checkpoint -d 'save and resume a working session'
complete -c git-checkpoint -f -a '(__git_checkpoint_complete)'
`;

export const COMPLETION_SCRIPTS: Record<string, string> = { bash: BASH, zsh: ZSH, fish: FISH };
