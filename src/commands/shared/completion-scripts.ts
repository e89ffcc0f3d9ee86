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
# git checkpoint completion for zsh, after compinit:
#   source <(git checkpoint completion zsh)
# or save it as _git-checkpoint in a directory on $fpath (then, for \`git chec<TAB>\`
# to offer checkpoint, also put the zstyle line below in ~/.zshrc).
# git's zsh completion calls _git-checkpoint for \`git checkpoint\`; the style lists it among git's commands:
zstyle ':completion:*:*:git:*' user-commands checkpoint:'save and resume a working session'
_git-checkpoint () {
  local -a args out
  # From git's completion the words start at \`checkpoint\`; on its own, at \`git-checkpoint\`.
  local start=2
  [[ $service == git-checkpoint ]] || start=$(( \${words[(i)checkpoint]} + 1 ))
  args=("\${(@)words[start,CURRENT]}")
  out=(\${(f)"$(git checkpoint __complete "\${args[@]}" 2>/dev/null)"})
  if [[ \${out[1]} == @files ]]; then _files; return; fi
  compadd -Q -- \${out[@]}
}
compdef _git-checkpoint git-checkpoint
# Autoloaded from $fpath, this file is the function's first run: complete now.
[[ \${funcstack[1]} == _git-checkpoint ]] && _git-checkpoint "$@"
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
