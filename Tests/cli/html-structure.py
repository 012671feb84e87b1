"""Checks that an HTML page parses into the tree it was meant to: python3 html-structure.py PAGE

Python's html.parser (the standard library's tokenizer) reads the page; every element must
be closed in order (void elements and self-closed SVG elements aside), nothing may follow
</html>, and no <script>, event-handler attribute or reference to another resource may
appear. Prints each problem and exits 1, or prints a one-line summary and exits 0.
"""

import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Structure(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.counts, self.closed = [], [], {}, False

    def where(self):
        line, column = self.getpos()
        return f"{line}:{column + 1}"

    def attributes(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"{self.where()}: <{tag}> has an event handler {name}")
            if name in ("src", "srcset") or (name == "href" and tag == "link"):
                self.problems.append(f"{self.where()}: <{tag} {name}> loads another resource")

    def handle_starttag(self, tag, attrs):
        if self.closed:
            self.problems.append(f"{self.where()}: <{tag}> after </html>")
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag == "script":
            self.problems.append(f"{self.where()}: a <script> element")
        self.attributes(tag, attrs)
        if tag not in VOID:
            self.stack.append((tag, self.where()))

    def handle_startendtag(self, tag, attrs):
        self.counts[tag] = self.counts.get(tag, 0) + 1
        self.attributes(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"{self.where()}: </{tag}> closes nothing")
            return
        open_tag, opened = self.stack.pop()
        if open_tag != tag:
            self.problems.append(f"{self.where()}: </{tag}> closes <{open_tag}> opened at {opened}")
        if tag == "html":
            self.closed = True

    def handle_data(self, data):
        if self.closed and data.strip():
            self.problems.append(f"{self.where()}: text after </html>")


def main():
    with open(sys.argv[1], encoding="utf-8") as page:
        text = page.read()
    parser = Structure()
    parser.feed(text)
    parser.close()
    problems = parser.problems + [f"<{tag}> opened at {at} is never closed" for tag, at in parser.stack]
    if not text.startswith("<!DOCTYPE html>"):
        problems.insert(0, "the page does not start with <!DOCTYPE html>")
    for problem in problems:
        print(f"error: {sys.argv[1]}: {problem}", file=sys.stderr)
    if problems:
        return 1
    summary = ", ".join(f"{parser.counts.get(t, 0)} <{t}>" for t in ("article", "svg", "details", "tr"))
    print(f"ok: {sys.argv[1]} parses into a well-formed tree ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
