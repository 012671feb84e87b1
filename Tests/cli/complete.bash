# Prints what bash's completion of scn offers for each line of completion-cases.txt:
# the generated script is sourced and its function called as bash's `complete -F` calls it.
source "$1"
while IFS='|' read -r line _; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    read -ra COMP_WORDS <<< "$line"
    [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_LINE="$line"
    COMP_POINT=${#line}
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMPREPLY=()
    _scn scn "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s|%s\n' "$line" "$(printf '%s\n' "${COMPREPLY[@]}" | sed 's|/$||' | grep -v '^$' | LC_ALL=C sort | xargs)"
done < "$2"
