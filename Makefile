# make install PREFIX=/usr/local: the release build of scn, its man page and its shell
# completion scripts. On macOS nothing but Xcode is needed (CryptoKit, and libedit for the REPL: README).
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

SWIFT_FLAGS = -c release
# On Linux the binary is linked statically (the Swift runtime, Foundation, libcrypto): no
# dynamic loader at start-up, 0.24× the instructions of a Foundation hello world
# (docs/PERFORMANCE.md). The REPL still loads readline when it starts, from the glibc the
# binary was built with. macOS keeps the runtime in the OS.
ifeq ($(shell uname -s),Linux)
SWIFT_FLAGS += -Xswiftc -static-executable
endif

BIN = $(shell swift build $(SWIFT_FLAGS) --show-bin-path)/scn

.PHONY: build install uninstall vsix
build:
	swift build $(SWIFT_FLAGS) --product scn

install: build
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BIN) $(BINDIR)/scn
	$(BIN) help --man > $(MANDIR)/scn.1
	$(BIN) completion bash > $(BASHDIR)/scn
	$(BIN) completion zsh > $(ZSHDIR)/_scn
	$(BIN) completion fish > $(FISHDIR)/scn.fish

uninstall:
	rm -f $(BINDIR)/scn $(MANDIR)/scn.1 $(BASHDIR)/scn $(ZSHDIR)/_scn $(FISHDIR)/scn.fish

# The VS Code extension as a .vsix (.build/scn-VERSION.vsix): editors/vscode zipped with its
# manifest, no npm needed. Install it with `code --install-extension .build/scn-VERSION.vsix`.
vsix:
	python3 editors/vsix.py
