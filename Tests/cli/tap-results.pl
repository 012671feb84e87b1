# Prints how Perl's TAP::Parser (the parser behind `prove`) reads each test point of a TAP
# stream: "N pass|fail|skip|todo|todo-passed description".
use strict;
use warnings;
use TAP::Parser;
open(my $fh, '<', $ARGV[0]) or die "cannot read $ARGV[0]: $!";
my $tap = do { local $/; <$fh> };
my $parser = TAP::Parser->new({ tap => $tap });
while (my $result = $parser->next) {
    next unless $result->is_test;
    my $kind = $result->has_skip ? 'skip'
        : $result->has_todo ? ($result->is_actual_ok ? 'todo-passed' : 'todo')
        : $result->is_actual_ok ? 'pass' : 'fail';
    print $result->number, " $kind\n";
}
