"""Prints how tappy (PyPI tap.py) reads each test point of a TAP stream: "N pass|fail|skip|todo|todo-passed"."""
import sys

from tap.parser import Parser

for line in Parser().parse_file(sys.argv[1]):
    if line.category != "test":
        continue
    if line.skip:
        kind = "skip"
    elif line.todo:
        kind = "todo-passed" if line.ok else "todo"
    else:
        kind = "pass" if line.ok else "fail"
    print(line.number, kind)
