# gst-timewarp: the two commands a newcomer needs are `make demo` and `make test`.
# Swift 6 from PATH, else the toolchain's usual place on these machines.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
RELEASE_FLAGS = -c release -Xswiftc -static-stdlib
PLUGIN_DIR = $(CURDIR)/.build/release
PLUGIN = $(PLUGIN_DIR)/libgsttimewarp.so
# frame-mode=flow's optical flow (OpenCV), loaded by the plugin when a stream needs it.
FLOW_MODULE = $(PLUGIN_DIR)/libtimewarpflow.so
LAUNCH = $(PLUGIN_DIR)/gst-warp-launch
# `make install` puts gst-warp-launch into $(BINDIR) and the plugin into $(PLUGINDIR): by default
# ~/.local/bin and GStreamer's user plugin directory; PREFIX=/usr/local for every user.
PREFIX ?= $(HOME)/.local
BINDIR ?= $(PREFIX)/bin
ifeq ($(PREFIX),$(HOME)/.local)
PLUGINDIR ?= $(HOME)/.local/share/gstreamer-1.0/plugins
else
PLUGINDIR ?= $(PREFIX)/lib/$(shell gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)/gstreamer-1.0
endif
export GST_PLUGIN_PATH := $(PLUGIN_DIR)$(if $(GST_PLUGIN_PATH),:$(GST_PLUGIN_PATH))

.PHONY: help deps build test test-debian13 demo bench quality pitch-quality flow-quality install uninstall clean

## Lists the targets.
help:
	@awk '/^## /{doc=(doc=="" ? "" : doc " ") substr($$0,4); next} /^[a-z-]+:/{if(doc!=""){split($$0,t,":"); printf "  make %-10s %s\n", t[1], doc}; doc=""}' $(MAKEFILE_LIST)
	@echo "  (make install PREFIX=/usr/local: for every user; make uninstall with the same PREFIX)"

## Installs the Debian packages the build, tests, demo and examples need (apt-get, when missing).

deps:
	@scripts/install-deps.sh

## Builds libgsttimewarp.so (Swift runtime linked statically) and gst-warp-launch.
build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## Runs every test: Swift, plugin loading, Python, pipelines/ cases, the CLI against
## gst-launch-1.0, the commands and examples of the README and docs/
test: build
	$(SWIFT) build --build-tests
	GST_WARP_LAUNCH=$(LAUNCH) $(SWIFT) test --skip-build
	scripts/check-plugin.sh $(PLUGIN)
	/usr/bin/python3 -m unittest discover -s Tests/python -p 'test_*.py' -v
	$(LAUNCH) check pipelines/*.pipeline
	scripts/test-examples.sh

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

## pitch=preserve beside SoundTouch's pitch and scaletempo at equal tempo (frequency, level, steps, LSD).
pitch-quality: build
	/usr/bin/python3 scripts/pitch-quality.py

## Copies gst-warp-launch to ~/.local/bin and the plugin (with its flow module) to ~/.local/share/gstreamer-1.0/plugins.
install: build
	install -d $(BINDIR) $(PLUGINDIR)
	install -m 755 $(LAUNCH) $(BINDIR)/gst-warp-launch
	install -m 644 $(PLUGIN) $(PLUGINDIR)/libgsttimewarp.so
	install -m 644 $(FLOW_MODULE) $(PLUGINDIR)/libtimewarpflow.so.0
	@echo "Installed $(BINDIR)/gst-warp-launch and $(PLUGINDIR)/libgsttimewarp.so (with libtimewarpflow.so.0 for frame-mode=flow): try gst-inspect-1.0 videotimewarp"
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "Note: $(BINDIR) is not on PATH; add it (e.g. in ~/.profile)";; esac

## Removes what make install put in place (give the same PREFIX).
uninstall:
	rm -f $(BINDIR)/gst-warp-launch $(PLUGINDIR)/libgsttimewarp.so $(PLUGINDIR)/libtimewarpflow.so.0

## Removes the build and the demo output.
clean:
	rm -rf .build out

## frame-mode=flow beside blend, nearest and FFmpeg's framerate and minterpolate on bikes.mp4 halved
## and rebuilt (Y-PSNR), and wall times at 720p.
flow-quality: build
	/usr/bin/python3 scripts/flow-quality.py
