# Prints what zsh's completion of scn offers for each line of completion-cases.txt. The
# generated _scn runs in zsh; the completion system's own functions (compadd, _describe,
# _files, compset) are stood in for by ones that print what they are given, and, as the
# completion system does, only the words that start with the word being typed are kept.
source "$1"
export LC_ALL=C
compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; print -l -- "$@"; }
_describe() { local -a list; list=("${(@P)${@[-1]}}"); print -l -- "${list[@]%%:*}"; }
_files() {
    if [[ $1 == -/ ]]; then print -l -- *(N/)
    elif [[ $1 == -g ]]; then print -l -- *(N/) ${~2}(N)
    else print -l -- *(N); fi
}
compset() { return 0; }
while IFS='|' read -r line rest; do
    [[ -z $line || $line == \#* ]] && continue
    words=(${=line})
    [[ $line == *" " ]] && words+=("")
    CURRENT=${#words}
    typed=${words[CURRENT]}
    offered=(${(f)"$(_scn)"})
    offered=(${(M)offered:#${typed}*})
    sorted=(${(o)offered})
    print -r -- "$line|${(j: :)sorted}"
done < $2
