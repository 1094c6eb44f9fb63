# gst-timewarp: the two commands a newcomer needs are `make demo` and `make test`.
# Swift 6 from PATH, else the toolchain's usual place on these machines.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
RELEASE_FLAGS = -c release -Xswiftc -static-stdlib
PLUGIN_DIR = $(CURDIR)/.build/release
PLUGIN = $(PLUGIN_DIR)/libgsttimewarp.so
# frame-mode=flow's optical flow (OpenCV), loaded by the plugin when a stream needs it.
FLOW_MODULE = $(PLUGIN_DIR)/libtimewarpflow.so
LAUNCH = $(PLUGIN_DIR)/gst-warp-launch
# The one version (plugin, gst-warp-launch --version, package, CHANGELOG.md's first heading).
VERSION := $(shell cat $(CURDIR)/VERSION)
MULTIARCH := $(shell gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
# `make install` puts gst-warp-launch into $(BINDIR), the plugin into $(PLUGINDIR), its flow module
# into $(FLOWDIR) (a private folder GStreamer's registry does not scan), the man page, completions
# and documentation under $(DATADIR): by default ~/.local and GStreamer's user plugin directory;
# PREFIX=/usr/local for every user. DESTDIR stages it all under another root (make deb).
PREFIX ?= $(HOME)/.local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib/$(MULTIARCH)
FLOWDIR ?= $(LIBDIR)/gst-timewarp
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/gstreamer1.0-timewarp
ifeq ($(PREFIX),$(HOME)/.local)
PLUGINDIR ?= $(HOME)/.local/share/gstreamer-1.0/plugins
else
PLUGINDIR ?= $(LIBDIR)/gstreamer-1.0
endif
# The man page and shell completions, generated from the argument parser.
EXTRAS = $(CURDIR)/.build/extras
# The package, and the debug information of its binaries beside it.
DEB_DIR ?= $(CURDIR)/out
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB = $(DEB_DIR)/gstreamer1.0-timewarp_$(VERSION)_$(DEB_ARCH).deb
export GST_PLUGIN_PATH := $(PLUGIN_DIR)$(if $(GST_PLUGIN_PATH),:$(GST_PLUGIN_PATH))

.PHONY: help deps build test test-debian13 demo bench quality pitch-quality flow-quality install uninstall clean extras deb test-package version-header

## Lists the targets.
help:
	@awk '/^## /{doc=(doc=="" ? "" : doc " ") substr($$0,4); next} /^[a-z-]+:/{if(doc!=""){split($$0,t,":"); printf "  make %-10s %s\n", t[1], doc}; doc=""}' $(MAKEFILE_LIST)
	@echo "  (make install PREFIX=/usr/local: for every user; make uninstall with the same PREFIX; DESTDIR= stages)"

## Installs the Debian packages the build, tests, demo and examples need (apt-get, when missing).

deps:
	@scripts/install-deps.sh

## Builds libgsttimewarp.so (Swift runtime linked statically) and gst-warp-launch.
build: deps version-header
	$(SWIFT) build $(RELEASE_FLAGS)

# Sources/CShims/version.h (committed, so a plain `swift build` works) follows VERSION.
version-header:
	@grep -qxF '#define TIMEWARP_VERSION "$(VERSION)"' Sources/CShims/version.h || \
	  printf '%s\n%s\n' '/* Generated from VERSION by the Makefile (make build); the test VersionTests checks they agree. */' \
	  '#define TIMEWARP_VERSION "$(VERSION)"' > Sources/CShims/version.h

## Runs every test: Swift, plugin loading, Python, pipelines/ cases, the CLI against
## gst-launch-1.0, the commands and examples of the README and docs/, warp --hosts over network namespaces
test: build
	$(SWIFT) build --build-tests
	GST_WARP_LAUNCH=$(LAUNCH) $(SWIFT) test --skip-build
	scripts/check-plugin.sh $(PLUGIN)
	/usr/bin/python3 -m unittest discover -s Tests/python -p 'test_*.py' -v
	$(LAUNCH) check pipelines/*.pipeline
	scripts/test-examples.sh
	scripts/test-hosts.sh

## Builds HEAD from source in a Debian 13 chroot (GStreamer 1.26; kept in /var/cache/gst-timewarp-trixie) and runs make test there.
test-debian13:
	scripts/test-debian13.sh

## Warps a generated clip with the double-smoothstep curve: out/demo-warped.mp4 and its plot.
demo: build
	scripts/demo.sh

## Times videotimewarp and audiotimewarp against GStreamer's own elements in the same run.
bench: build
	scripts/bench.sh

## Audio quality table (SNR, alias residue) of audiotimewarp beside audioresample, same run.
quality: build
	/usr/bin/python3 scripts/quality.py

## pitch=preserve (pitch-engine wsola and spectral) beside Rubber Band R3/R2, SoundTouch and Signalsmith Stretch: round-trip LSD, clicks, chord.
pitch-quality: build
	@scripts/install-deps.sh pitch-quality
	/usr/bin/python3 scripts/pitch-quality.py

## The man page gst-warp-launch.1 (swift-argument-parser's generate-manual) and the bash, zsh and fish completions.
extras: build
	scripts/make-extras.sh "$(SWIFT)" $(LAUNCH) $(EXTRAS)

## Installs gst-warp-launch (~/.local/bin), the plugin (GStreamer's user plugin directory), its flow module, man page, completions and docs.
install: build extras
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PLUGINDIR) $(DESTDIR)$(FLOWDIR) $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions $(DESTDIR)$(DATADIR)/zsh/vendor-completions \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d $(DESTDIR)$(DOCDIR)/docs
	install -m 755 $(LAUNCH) $(DESTDIR)$(BINDIR)/gst-warp-launch
	install -m 644 $(PLUGIN) $(DESTDIR)$(PLUGINDIR)/libgsttimewarp.so
	install -m 644 $(FLOW_MODULE) $(DESTDIR)$(FLOWDIR)/libtimewarpflow.so.0
	install -m 644 $(EXTRAS)/gst-warp-launch.1 $(DESTDIR)$(MANDIR)/man1/gst-warp-launch.1
	install -m 644 $(EXTRAS)/gst-warp-launch.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/gst-warp-launch
	install -m 644 $(EXTRAS)/_gst-warp-launch $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_gst-warp-launch
	install -m 644 $(EXTRAS)/gst-warp-launch.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/gst-warp-launch.fish
	install -m 644 README.md CHANGELOG.md LICENSE $(DESTDIR)$(DOCDIR)/
	install -m 644 docs/*.md $(DESTDIR)$(DOCDIR)/docs/
	@if [ -z "$(DESTDIR)" ]; then \
	  rm -f $(PLUGINDIR)/libtimewarpflow.so.0; \
	  echo "Installed $(BINDIR)/gst-warp-launch, $(PLUGINDIR)/libgsttimewarp.so and $(FLOWDIR)/libtimewarpflow.so.0 (frame-mode=flow): try gst-inspect-1.0 videotimewarp"; \
	  case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "Note: $(BINDIR) is not on PATH; add it (e.g. in ~/.profile)";; esac; \
	fi

## Removes what make install put in place (give the same PREFIX).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gst-warp-launch $(DESTDIR)$(PLUGINDIR)/libgsttimewarp.so $(DESTDIR)$(PLUGINDIR)/libtimewarpflow.so.0 \
	  $(DESTDIR)$(FLOWDIR)/libtimewarpflow.so.0 $(DESTDIR)$(MANDIR)/man1/gst-warp-launch.1 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/gst-warp-launch $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_gst-warp-launch \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/gst-warp-launch.fish
	rm -rf $(DESTDIR)$(DOCDIR)
	-rmdir $(DESTDIR)$(FLOWDIR) 2>/dev/null

## Builds out/gstreamer1.0-timewarp_<version>_<arch>.deb from a staged make install (DESTDIR, PREFIX=/usr); debug info beside it.
deb: build extras
	scripts/install-deps.sh package
	rm -rf $(CURDIR)/.build/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb/debian/gstreamer1.0-timewarp PREFIX=/usr
	scripts/make-deb.sh $(CURDIR)/.build/deb $(VERSION) $(DEB_ARCH) $(MULTIARCH) $(DEB)

## Installs the .deb with apt-get in a fresh Debian 12 chroot (debootstrap, cached), runs it there, purges it.
test-package: deb
	scripts/test-package.sh $(DEB)

## Removes the build, the demo output and the package.
clean:
	rm -rf .build out

## frame-mode=flow beside blend, nearest and FFmpeg's framerate and minterpolate on bikes.mp4 halved
## and rebuilt (Y-PSNR), and wall times at 720p.
flow-quality: build
	/usr/bin/python3 scripts/flow-quality.py
