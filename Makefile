# rings: `make run` opens the window, `make test` runs every test, `make install` and `make deb` install it.
# Each first installs the Debian packages that are missing (quick when all are present).

# What building and running need; the window's libdecor plugin draws title bars where the compositor
# leaves them to the app (GNOME, weston).
RUN_PACKAGES := libsdl2-dev libpango1.0-dev libpng-dev libx11-dev libxext-dev libdrm-dev libfontconfig-dev libmosquitto-dev libssl-dev openssl \
                libsystemd-dev libtomlplusplus-dev gettext fontconfig fonts-dejavu-core fonts-comfortaa libdecor-0-plugin-1-cairo \
                fonts-noto-cjk fonts-noto-core fonts-symbola
HOST_ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
# What a build for arm64 adds: its build root's maker, and qemu-user to run arm64 programs in it.
CROSS_PACKAGES := mmdebstrap qemu-user-static
# What testing arm64 adds (on amd64): a whole arm64 machine's emulator.
ARM64_TEST_PACKAGES := $(CROSS_PACKAGES) qemu-system-arm
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
SHELL := /bin/bash
# Debian leaves the administrator's programs (mosquitto, modprobe) off a user's PATH; tests run them.
export PATH := $(PATH):/usr/local/sbin:/usr/sbin:/sbin
# What the tests add: displays and compositors to run the window in, screenshots, a broker, and the
# checkers of what `make install` and `make deb` make.
TEST_PACKAGES := xvfb xdotool x11-apps x11-utils x11-xserver-utils imagemagick openbox xauth xcompmgr hsetroot \
                 cage sway swaybg xwayland grim wtype mosquitto mosquitto-clients \
                 fonts-noto-color-emoji weston dpkg-dev lintian desktop-file-utils appstream man-db bash-completion zsh fish \
                 qemu-system-x86 linux-image-amd64 busybox-static python3 python3-jinja2 gcc libc6-dev \
                 xserver-xorg-core xserver-xorg-input-libinput udev \
                 debootstrap v4l-utils seatd

PREFIX ?= /usr/local
# Where the images the tests and the arm64 build use are kept, outside the checkout, for every
# checkout's next run: the pristine Debian images and arm64's build root (Cross/README.md).
PRISTINE_CACHE ?= /var/cache/rings/pristine
CROSS_ROOT ?= /var/cache/rings/build-root-trixie
DESTDIR ?=
VERSION := $(shell sed -n 's/.*ringsVersion = "\(.*\)".*/\1/p' Sources/Rings/Version.swift)
ARCH ?= $(HOST_ARCH)
# Where a build's files go, and the commands a build for another architecture runs in its build root.
ifeq ($(ARCH),$(HOST_ARCH))
SCRATCH := .build
IN_ROOT :=
TARGET_FLAGS :=
SWIFT_FLAGS :=
STATIC_STDLIB :=
SHARED_STDLIB :=
STRIP := strip
else ifeq ($(ARCH)-$(HOST_ARCH),arm64-amd64)
# arm64 is built on amd64 in a Debian 13 build root (Cross/README.md: Debian's Swift 6.0.3 and
# arm64's libraries), kept outside the checkout, made once; arm64 programs run there under qemu-user.
SCRATCH := .build/arm64
CROSS_PKG_CONFIG := PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
IN_ROOT := $(SUDO) Cross/in-root.sh $(CROSS_ROOT) . $(CROSS_PKG_CONFIG) --
# Code in a segment of its own: GNU ld for arm64 otherwise maps the whole program writable and
# executable (Swift's .rodata is writable), which MemoryDenyWriteExecute= (the kiosk unit) kills.
TARGET_FLAGS := --triple aarch64-unknown-linux-gnu -Xlinker -z -Xlinker separate-code
SWIFT_FLAGS := --scratch-path $(SCRATCH) $(TARGET_FLAGS)
# arm64's standard library: static for the package, shared for the tests (Cross/unpack-swift.sh).
STATIC_STDLIB := -Xswiftc -resource-dir -Xswiftc /opt/swift-arm64/swift_static
SHARED_STDLIB := -Xswiftc -resource-dir -Xswiftc /opt/swift-arm64/swift
STRIP := aarch64-linux-gnu-strip
else
$(error rings builds for $(HOST_ARCH) here, and for arm64 on amd64; not for $(ARCH))
endif
BIN := $(SCRATCH)/release/rings
# What `generated` makes from the built binary: man pages, completions, icons.
GEN := $(SCRATCH)/generated
ICON_SIZES := 16 24 32 48 64 128 256 512
# Debian's zsh looks in vendor-completions under /usr, in site-functions under /usr/local.
ZSH_DIR := $(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
DEB := rings_$(VERSION)_$(ARCH).deb
# What `file` calls each architecture's programs: a package holds only its own architecture's.
ELF_MACHINE_amd64 := x86-64
ELF_MACHINE_arm64 := ARM aarch64
# The screen's words: a gettext catalogue for each Assets/po/LANG.po, where the built binary looks
# (`../../share/locale` from .build/<triple>/release, as /usr/share/locale from /usr/bin once installed).
LANGS := $(basename $(notdir $(wildcard Assets/po/*.po)))
LOCALE := .build/share/locale
DEB_DIR := $(SCRATCH)/deb
DEB_ROOT := $(DEB_DIR)/root

.PHONY: all deps deps-deb deps-test apt build release locale generated run test test-arm64 arm64-suites \
        fuzz fuzz-build fuzz-corpus test-sanitized leaks bench install uninstall deb clean build-root

# `make` builds everything `make install` installs; `sudo make install` then only copies files.
all: generated

deps:
	@$(MAKE) --no-print-directory apt PACKAGES="$(RUN_PACKAGES)"

deps-deb:
	@$(MAKE) --no-print-directory apt PACKAGES="$(RUN_PACKAGES) dpkg-dev binutils file $(if $(IN_ROOT),$(CROSS_PACKAGES))"

deps-test:
	@$(MAKE) --no-print-directory apt PACKAGES="$(RUN_PACKAGES) $(TEST_PACKAGES) $(if $(CROSS),$(ARM64_TEST_PACKAGES))"

apt:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps locale
	$(SWIFT) build

locale: deps
	@for l in $(LANGS); do mkdir -p $(LOCALE)/$$l/LC_MESSAGES && msgfmt --check -o $(LOCALE)/$$l/LC_MESSAGES/rings.mo Assets/po/$$l.po || exit 1; done

# The Swift runtime linked in: the binary runs on a machine without the toolchain. SwiftPM does not
# see the flag change after a plain `swift build -c release`, so the binary is removed and linked again.
# The product alone: the tests' support module uses Swift Testing, which has no static library.
# Another architecture's is built in its build root, with that architecture's static standard library.
release: deps locale $(if $(IN_ROOT),build-root)
	rm -f $(BIN)
	$(IN_ROOT) $(SWIFT) build -c release --static-swift-stdlib --product rings $(SWIFT_FLAGS) $(STATIC_STDLIB)

# The build root for arm64 (Cross/build-root.sh): made once, kept while its script is unchanged.
build-root:
	@$(MAKE) --no-print-directory apt PACKAGES="$(CROSS_PACKAGES)"
	$(SUDO) Cross/build-root.sh $(CROSS_ROOT)

run: release
	$(BIN) $(ARGS)

# Man pages (swift-argument-parser's generator, run on the built binary: rings.1 holds every
# subcommand and option, rings.window.1 and the others one command each), completions and icons.
# `swift package generate-manual` builds the generator; SwiftPM itself has crashed as it ended
# (libdispatch's event loop, once in a CI run, the tool built): it is run once more then.
generated: release
	rm -rf $(GEN) && mkdir -p $(GEN)/man $(GEN)/completions $(GEN)/icons
	$(IN_ROOT) $(SWIFT) package --scratch-path $(SCRATCH) generate-manual --help > /dev/null \
	  || $(IN_ROOT) $(SWIFT) package --scratch-path $(SCRATCH) generate-manual --help > /dev/null
	tool="$$(find $(SCRATCH) -path '*/debug/generate-manual-tool' -type f | head -n 1)"; \
	  date="$$(git log -1 --format=%cs 2>/dev/null || date +%F)"; \
	  $(IN_ROOT) "$$tool" $(BIN) --multi-page --date "$$date" --authors "The rings authors" -o $(GEN)/man && \
	  mkdir -p $(GEN)/whole && \
	  $(IN_ROOT) "$$tool" $(BIN) --date "$$date" --authors "The rings authors" -o $(GEN)/whole && \
	  mv $(GEN)/whole/rings.1 $(GEN)/man/rings.1
	$(IN_ROOT) $(BIN) --generate-completion-script bash > $(GEN)/completions/rings.bash
	$(IN_ROOT) $(BIN) --generate-completion-script zsh > $(GEN)/completions/_rings
	$(IN_ROOT) $(BIN) --generate-completion-script fish > $(GEN)/completions/rings.fish
	for s in $(ICON_SIZES); do $(IN_ROOT) $(BIN) icon --size $$s --out $(GEN)/icons/$$s.png || exit 1; done

# Builds nothing (run as root, a build would leave .build owned by root): `make` first.
install:
	@[ -x $(BIN) ] && [ -d $(GEN)/man ] || { echo "nothing built to install: run \`make\` first (then \`sudo make install\`)" >&2; exit 1; }
	@! readelf -d $(BIN) | grep -q 'libswift' || { echo "$(BIN) needs the Swift toolchain's libraries (built without --static-swift-stdlib): run \`make\` first" >&2; exit 1; }
	install -Dm755 $(BIN) $(DESTDIR)$(PREFIX)/bin/rings
	for l in $(LANGS); do install -Dm644 $(LOCALE)/$$l/LC_MESSAGES/rings.mo $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/rings.mo; done
	install -Dm644 Assets/desktop/rings.desktop $(DESTDIR)$(PREFIX)/share/applications/rings.desktop
	install -Dm644 Assets/desktop/rings.metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/rings.metainfo.xml
	for s in $(ICON_SIZES); do install -Dm644 $(GEN)/icons/$$s.png $(DESTDIR)$(PREFIX)/share/icons/hicolor/$${s}x$${s}/apps/rings.png; done
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 && install -m644 $(GEN)/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -Dm644 $(GEN)/completions/rings.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/rings
	install -Dm644 $(GEN)/completions/_rings $(DESTDIR)$(PREFIX)/share/zsh/$(ZSH_DIR)/_rings
	install -Dm644 $(GEN)/completions/rings.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/rings.fish
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	sed 's|/usr/local|$(PREFIX)|g' Assets/systemd/rings-kiosk.service > $(DESTDIR)$(PREFIX)/lib/systemd/system/rings-kiosk.service
	install -d $(DESTDIR)$(PREFIX)/share/doc/rings/docs/pictures $(DESTDIR)$(PREFIX)/share/doc/rings/Assets/Pictures
	install -m644 README.md ARCHITECTURE.md LICENSE $(DESTDIR)$(PREFIX)/share/doc/rings/
	install -m644 docs/*.md $(DESTDIR)$(PREFIX)/share/doc/rings/docs/
	install -m644 docs/pictures/*.png $(DESTDIR)$(PREFIX)/share/doc/rings/docs/pictures/
	install -m644 Assets/Pictures/*.png Assets/Pictures/*.svg $(DESTDIR)$(PREFIX)/share/doc/rings/Assets/Pictures/
	@if [ -z "$(DESTDIR)" ]; then \
	  command -v gtk-update-icon-cache > /dev/null && gtk-update-icon-cache -q -t -f $(PREFIX)/share/icons/hicolor || true; \
	  command -v update-desktop-database > /dev/null && update-desktop-database -q $(PREFIX)/share/applications || true; \
	fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/rings $(DESTDIR)$(PREFIX)/share/applications/rings.desktop \
	  $(DESTDIR)$(PREFIX)/share/metainfo/rings.metainfo.xml \
	  $(foreach s,$(ICON_SIZES),$(DESTDIR)$(PREFIX)/share/icons/hicolor/$(s)x$(s)/apps/rings.png) \
	  $(DESTDIR)$(PREFIX)/share/man/man1/rings.1 $(DESTDIR)$(PREFIX)/share/man/man1/rings.*.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/rings $(DESTDIR)$(PREFIX)/share/zsh/$(ZSH_DIR)/_rings \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/rings.fish $(DESTDIR)$(PREFIX)/lib/systemd/system/rings-kiosk.service \
	  $(foreach l,$(LANGS),$(DESTDIR)$(PREFIX)/share/locale/$(l)/LC_MESSAGES/rings.mo)
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/rings

# The Debian package: `make install` into a staging root under /usr, the binary stripped, man pages
# compressed, and Depends worked out from the binary's libraries (dpkg-shlibdeps) plus what SDL loads
# at run time with dlopen, which no library names (Assets/debian/control: a font, libdecor's plugin;
# Mesa's EGL and drivers, which only native Wayland and vsync on X11 need, are suggested: every
# Wayland desktop and X server brings them).
deb: deps-deb generated
	rm -rf $(DEB_ROOT) && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr
	$(IN_ROOT) $(STRIP) --strip-unneeded --remove-section=.comment --remove-section=.note $(DEB_ROOT)/usr/bin/rings
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/*.1
	install -m644 Assets/debian/copyright $(DEB_ROOT)/usr/share/doc/rings/copyright
	sed 's/@VERSION@/$(VERSION)/; s/@DATE@/'"$$(date -R -d "$$(git log -1 --format=%cI 2>/dev/null || date -Iseconds)")"'/' Assets/debian/changelog \
	  | gzip -9n > $(DEB_ROOT)/usr/share/doc/rings/changelog.gz
	mkdir -p $(DEB_DIR)/debian $(DEB_ROOT)/DEBIAN
	install -m755 Assets/debian/postinst Assets/debian/prerm Assets/debian/postrm $(DEB_ROOT)/DEBIAN/
	printf 'Source: rings\n\nPackage: rings\nArchitecture: any\n' > $(DEB_DIR)/debian/control
	$(IN_ROOT) sh -c 'cd $(DEB_DIR) && DEB_HOST_ARCH=$(ARCH) dpkg-shlibdeps -O root/usr/bin/rings' \
	  | sed -n 's/^shlibs:Depends=//p' > $(DEB_DIR)/depends
	@[ -s $(DEB_DIR)/depends ] || { echo "dpkg-shlibdeps found no dependencies of $(BIN)" >&2; exit 1; }
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCH@/$(ARCH)/' -e "s/@DEPENDS@/$$(cat $(DEB_DIR)/depends)/" \
	  -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" Assets/debian/control > $(DEB_ROOT)/DEBIAN/control
	@file -b $(DEB_ROOT)/usr/bin/rings | grep -q "$(ELF_MACHINE_$(ARCH))" \
	  || { echo "$(BIN) is not an $(ARCH) program: $$(file -b $(DEB_ROOT)/usr/bin/rings)" >&2; exit 1; }
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB_DIR)/$(DEB).partial && mv $(DEB_DIR)/$(DEB).partial $(DEB)

# Every test runs: RINGS_TEST_EVERYTHING=1 turns a test that would skip for want of a tool into a
# failure that names the tool (the packages above install them all). The log's failures are
# repeated at the end, where a CI log's tail shows them, with the count of skipped tests (0).
# The images (Tests/images.sh: arm64's build root, the pristine Debian 12 and 13 made by debootstrap
# from the archive apt uses, arm64's Debian 13 and its kernel, kept under /var/cache/rings) are made
# in the background while the packages build and the main suites run; once they are complete come
# the virtual machines' tests (two emulated cores, one suite at a time: Swift Testing runs suites
# side by side) and the pristine images', arm64's with them. arm64 (Cross/README.md) is built on
# amd64 in its build root: the package, and the headless suites (raster, shaders, PNG, animation,
# model and scene, text and layout: the test targets with RINGS_TESTS=headless), run there through
# qemu-user against the same goldens as on amd64 (arm64-suites), in the background from the main
# suites on (which leave a part of the two cores idle, as the VMs do; its log in
# .build/arm64-suites.log), and after them every fuzz target on each input of its kept corpus
# (fuzz-corpus, .build/fuzz-corpus.log), waited for at the end. The installed tree and the
# packages are made before the suites that check them as a user would meet them. Each stage says
# its time.
# arm64 is tested on amd64 (CROSS), which builds it; an arm64 machine tests its own build alone.
CROSS := $(filter amd64,$(HOST_ARCH))
IMAGE_NAMES := $(if $(CROSS),build-root) bookworm trixie $(if $(CROSS),trixie-arm64 arm64-kernel)
test: deps-test
	mkdir -p .build && : > .build/stages.log
	$(call background_images,$(IMAGE_NAMES))
	Tests/stage.sh "package" $(MAKE) --no-print-directory deb
	$(if $(CROSS),Tests/stage.sh "arm64 package" $(MAKE) --no-print-directory deb ARCH=arm64)
	rm -rf .build/installed && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/installed PREFIX=/usr
	Tests/stage.sh "test build" $(SWIFT) build --build-tests
	@set -o pipefail; export RINGS_TEST_EVERYTHING=1; { \
	  { failed=0; \
	    $(if $(CROSS),Tests/stage.sh "arm64 suites" $(MAKE) --no-print-directory arm64-suites ARCH=arm64 \
	      > .build/arm64-suites.log 2>&1 || failed=1;) \
	    Tests/stage.sh "fuzz corpus" $(MAKE) --no-print-directory fuzz-corpus > .build/fuzz-corpus.log 2>&1 \
	      || failed=$$((failed + 2)); \
	    exit $$failed; } & background=$$!; \
	  Tests/stage.sh "main suites" $(SWIFT) test --skip-build --skip "VMTests|Arm64Tests|$(ROOT_TESTS)" \
	  && Tests/stage.sh "images" $(IMAGES) $(IMAGE_NAMES) \
	  && Tests/stage.sh "VM suites" $(ROOTED_TESTS) --filter VMTests \
	  && Tests/stage.sh "pristine suites" $(ROOTED_TESTS) --filter "$(ROOT_TESTS)"; \
	  status=$$?; \
	  wait $$background; failed=$$?; \
	  for log in $(if $(CROSS),1:arm64-suites) 2:fuzz-corpus; do \
	    [ $$((failed & $${log%%:*})) = 0 ] && continue; \
	    status=1; echo "--- the $${log#*:} stage failed (.build/$${log#*:}.log)"; tail -n 60 .build/$${log#*:}.log; \
	  done; \
	  exit $$status; } 2>&1 $(TEST_LOG)
	@cat .build/stages.log
	@echo "tests skipped: $$(grep -acE '(Test|Suite) .+ skipped' .build/test.log)"

# What needs root: the pristine images (debootstrap, chroot, mounts), installing the package on this
# machine, another user's folder, the checkout hidden without a user namespace (which shows root's
# folders as nobody's); and the VMs, whose QEMU shares this machine's /usr and /etc whole.
# They run as root through the built test bundle (under sudo when make test is not root, so that
# .build stays the user's), the VMs first.
ROOT_TESTS := PristineTests|LabwcTests|InstallTests/thePackageInstalls|InstallTests/theInstalledBinarySpeaks
ROOT_TESTS := $(ROOT_TESTS)|TranslationsTests/catalogueFolders
ROOT_TESTS := $(ROOT_TESTS)$(if $(CROSS),|Arm64Tests)
ROOTED_TESTS := $(SUDO) env PATH="$$PATH" RINGS_TEST_EVERYTHING=1 NO_COLOR=1 RINGS_PRISTINE_CACHE=$(PRISTINE_CACHE) \
                .build/debug/ringsPackageTests.xctest --testing-library swift-testing
# The images' maker (Tests/images.sh), and the same started in the background (without a password
# prompt: the foreground's call asks, and makes what the background could not).
IMAGES := $(SUDO) Tests/images.sh $(PRISTINE_CACHE) $(CROSS_ROOT)
background_images = ($(SUDO) $(if $(SUDO),-n) Tests/stage.sh "images (background)" Tests/images.sh $(PRISTINE_CACHE) \
                    $(CROSS_ROOT) $(1) > .build/images.log 2>&1 &)
# The log of a run's stages in .build/test.log, and what failed repeated at its end.
TEST_LOG := | tee .build/test.log || { \
	  echo "--- what failed (from .build/test.log) ---"; \
	  grep -aE "✘|error:|Expectation failed|Fatal error|Crash" .build/test.log | grep -v "Suite .* failed" \
	  | tail -n 40; cat .build/stages.log; exit 1; }

# The arm64 part of `make test` alone, on amd64: its package, its headless suites under qemu-user,
# and Arm64Tests (the package on a pristine arm64 Debian 13, as a whole arm64 machine and under
# labwc). The suites' whole log in .build/arm64/test.log.
test-arm64: deps-test
	@[ "$(HOST_ARCH)" = amd64 ] || { echo "make test-arm64 runs on amd64 (arm64 builds itself natively)" >&2; exit 1; }
	mkdir -p .build && : > .build/stages.log
	$(call background_images,build-root trixie trixie-arm64 arm64-kernel)
	Tests/stage.sh "arm64 package" $(MAKE) --no-print-directory deb ARCH=arm64
	Tests/stage.sh "package" $(MAKE) --no-print-directory deb
	Tests/stage.sh "test build" $(SWIFT) build --build-tests
	Tests/stage.sh "arm64 suites" $(MAKE) --no-print-directory arm64-suites ARCH=arm64
	Tests/stage.sh "images" $(IMAGES) build-root trixie trixie-arm64 arm64-kernel
	@set -o pipefail; Tests/stage.sh "Arm64Tests" $(ROOTED_TESTS) --filter Arm64Tests 2>&1 $(TEST_LOG)
	@cat .build/stages.log

# Built optimised (as the package is), with testing enabled, in a folder of its own (the package's
# build stays as it is): under qemu-user the suites then run in half a debug build's time.
SUITES := $(SCRATCH)/suites
arm64-suites: build-root locale
	$(IN_ROOT) env RINGS_TESTS=headless $(SWIFT) build -c release -Xswiftc -enable-testing --build-tests \
	  --scratch-path $(SUITES) $(TARGET_FLAGS) $(SHARED_STDLIB)
	@set -o pipefail; $(IN_ROOT) env LD_LIBRARY_PATH=/opt/swift-arm64/swift/linux RINGS_TEST_EVERYTHING=1 \
	  $(SUITES)/release/ringsPackageTests.xctest --testing-library swift-testing 2>&1 \
	  | tee $(SCRATCH)/test.log | grep -av '^◇ \(Passing\|Test .* started\.$$\)'

# The fuzz targets (Tests/Fuzz: one per parser of outside bytes), built with libFuzzer and the
# address sanitizer in a folder of their own; `make fuzz` runs each for FUZZ_TIME seconds from its
# kept corpus (Tests/Fuzz/Corpus) and what earlier runs found (.build/fuzz/corpus). Both
# sanitizers in one -sanitize= (SwiftPM's --sanitize for each passes them in any order, and swiftc
# keeps the last: a build was then instrumented for one of them only); --sanitize fuzzer for
# libFuzzer's main. The C and C++ targets (toml++'s copy into CTOMLTree, say) with the address
# sanitizer and undefined behaviour trapped (Swift traps its own), but for C++'s unreachable points:
# toml++ 3.3 (Debian 12's and 13's) reaches one in is_non_ascii_horizontal_whitespace for many
# letters past ASCII (its issues 190 and 295, fixed upstream by pull request 305), where the code
# built here returns false, as the fix does. Linked without --gc-sections, which drops the
# coverage counters.
FUZZERS := FuzzFeedLine FuzzScreenCommand FuzzJSON FuzzThemeFile FuzzStateFile FuzzSystemFiles FuzzConfigFile \
           FuzzCatalogue FuzzShaping FuzzTouch
FUZZ_TIME ?= 60
FUZZ_BUILD := .build/fuzz
fuzz-build: deps
	RINGS_TESTS=fuzz $(SWIFT) build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
	  $(foreach c,cc cxx,-X$(c) -fsanitize=address -X$(c) -fsanitize=undefined -X$(c) -fsanitize-trap=undefined) \
	  -Xcxx -fno-sanitize=unreachable \
	  --scratch-path $(FUZZ_BUILD) -Xlinker --no-gc-sections
fuzz: fuzz-build
	@for f in $(FUZZERS); do Tests/Fuzz/run.sh $(FUZZ_BUILD)/release $(FUZZ_BUILD) $$f $(FUZZ_TIME) || exit 1; done
# Every kept input of every target once, nothing new tried: what `make test` runs, so that a
# regression on a known input fails it.
fuzz-corpus: fuzz-build
	@for f in $(FUZZERS); do Tests/Fuzz/run.sh $(FUZZ_BUILD)/release $(FUZZ_BUILD) $$f corpus || exit 1; done

# The unit and live suites under the thread sanitizer, then under the address sanitizer (the C
# targets too), each in a build folder of its own; a report fails the run. Leaks are not looked
# for here: LeakSanitizer's reports at the suites' end come from the tests' own Foundation calls
# (FileManager.contents(atPath:) on /proc/PID/cmdline: 25 MB in 5,890 blocks) and fontconfig.
SANITIZED := RingsRasterTests|ShadersTests|RingsTests|RingsPNGTests|RingsAnimationTests|RingsSDLTests|RingsLiveTests
sanitized = $(SWIFT) build --build-tests --sanitize=$(1) --scratch-path .build/$(2) \
	  && NO_COLOR=1 RINGS_TEST_EVERYTHING=1 ASAN_OPTIONS=detect_leaks=0 \
	  $(SWIFT) test --skip-build --sanitize=$(1) --scratch-path .build/$(2) --filter "$(SANITIZED)"
test-sanitized: deps-test locale
	$(call sanitized,thread,tsan)
	$(call sanitized,address,asan)

# The kiosk under LeakSanitizer for LEAK_MINUTES (Tests/Bench/leaks.sh: a feed and a broker's
# bursts), rings built with the address sanitizer in a folder of its own.
LEAK_MINUTES ?= 10
leaks: deps-test
	$(SWIFT) build -c release --sanitize address -Xcc -fsanitize=address -Xcxx -fsanitize=address --product rings \
	  --scratch-path .build/asan-rings
	Tests/Bench/leaks.sh .build/asan-rings/release/rings $(LEAK_MINUTES)

bench: release
	taskset -c 1 $(BIN) bench --theme flat --size 1920x1080 --frames 200
	taskset -c 1 $(BIN) bench --theme flat --size 3840x2160 --frames 60

clean:
	rm -rf .build rings_*.deb
