# rings: `make run` opens the window, `make test` runs every test, `make bench` times a frame.
# Each first installs the Debian packages that are missing (quick when all are present).

DEB_PACKAGES := libsdl2-dev libsdl2-ttf-dev libpng-dev libx11-dev libfontconfig-dev libmosquitto-dev libssl-dev openssl libsystemd-dev fontconfig fonts-dejavu-core fonts-comfortaa \
                xvfb xdotool x11-apps x11-utils x11-xserver-utils imagemagick openbox xauth \
                cage xwayland grim wtype mosquitto mosquitto-clients
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
SHELL := /bin/bash

.PHONY: deps build release run test bench clean

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	.build/release/rings $(ARGS)

# The log's failures are repeated at the end, where a CI log's tail shows them. The compositor
# tests measure frame pacing: they run on their own after the rest, with no suite competing for the cores.
test: deps
	$(SWIFT) build --build-tests
	@set -o pipefail; { $(SWIFT) test --skip CageTests && $(SWIFT) test --filter CageTests; } 2>&1 | tee .build/test.log || { \
	  echo "--- what failed (from .build/test.log) ---"; \
	  grep -aE "✘|error:|Expectation failed|Fatal error|Crash" .build/test.log | grep -v "Suite .* failed" | tail -n 40; exit 1; }

bench: release
	taskset -c 1 .build/release/rings bench --theme flat --size 1920x1080 --frames 200
	taskset -c 1 .build/release/rings bench --theme flat --size 3840x2160 --frames 60

clean:
	rm -rf .build
