# gst-timewarp: the two commands a newcomer needs are `make demo` and `make test`.
# Swift 6 from PATH, else the toolchain's usual place on these machines.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
RELEASE_FLAGS = -c release -Xswiftc -static-stdlib
PLUGIN_DIR = $(CURDIR)/.build/release
PLUGIN = $(PLUGIN_DIR)/libgsttimewarp.so
LAUNCH = $(PLUGIN_DIR)/gst-warp-launch
USER_PLUGIN_DIR = $(HOME)/.local/share/gstreamer-1.0/plugins
export GST_PLUGIN_PATH := $(PLUGIN_DIR)$(if $(GST_PLUGIN_PATH),:$(GST_PLUGIN_PATH))

.PHONY: deps build test demo bench quality install uninstall clean

deps:
	@scripts/install-deps.sh

## Builds libgsttimewarp.so (Swift runtime linked statically) and gst-warp-launch.
build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## Runs every test: Swift unit and element tests, the plugin-loading check, the Python checks,
## the pipeline regression cases in pipelines/.
test: build
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/check-plugin.sh $(PLUGIN)
	/usr/bin/python3 -m unittest discover -s Tests/python -p 'test_*.py' -v
	$(LAUNCH) check pipelines/*.pipeline

## Warps a generated clip with the double-smoothstep curve: out/demo-warped.mp4 and its plot.
demo: build
	scripts/demo.sh

## Times videotimewarp and audiotimewarp against GStreamer's own elements in the same run.
bench: build
	scripts/bench.sh

## Audio quality table (SNR, alias residue) of audiotimewarp beside audioresample, same run.
quality: build
	/usr/bin/python3 scripts/quality.py

install: build
	mkdir -p $(USER_PLUGIN_DIR)
	cp $(PLUGIN) $(USER_PLUGIN_DIR)/
	@echo "Installed $(USER_PLUGIN_DIR)/libgsttimewarp.so: try gst-inspect-1.0 videotimewarp"

uninstall:
	rm -f $(USER_PLUGIN_DIR)/libgsttimewarp.so

clean:
	rm -rf .build out
