# Prints what fish's completion of scn offers for each line of completion-cases.txt, with
# fish's own `complete -C` (the completion fish would show for that command line).
source $argv[1]
for entry in (string match -v -r '^(#|$)' < $argv[2])
    set -l line (string split -m 1 '|' -- $entry)[1]
    set -l offered (complete -C"$line" | string replace -r '\t.*' '' | string replace -r '/$' '' | LC_ALL=C sort)
    set -l joined (string join ' ' -- $offered)
    echo "$line|$joined"
end
