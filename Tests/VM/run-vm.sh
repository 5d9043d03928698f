#!/bin/bash
# Boots a throwaway QEMU VM (Debian's kernel, virtio-gpu at 1280x800, the host's /usr, /etc and Swift
# toolchain shared read-only over 9p) and runs `rings` for real on KMS/DRM; the screen is read back
# through QMP's screendump as PNG files. The checks are the tests' (VMTests.swift): this only runs.
#   run-vm.sh kms OUT       guest/guest-init.sh is PID 1: four kiosks (static and fed, both presenters)
#   run-vm.sh power OUT     guest/power-init.sh is PID 1: the display's power switched by commands on
#                           KMS/DRM and under Xorg
#   run-vm.sh touch OUT     guest/touch-init.sh is PID 1: a uinput touch screen on console kiosks with
#                           touch-controls, upright and turned by 90 and 270
#   run-vm.sh systemd OUT   systemd is PID 1 with the unit installed as the package installs it, and
#                           guest/sd/systemd-test.sh driving it (READY, STATUS, watchdog, SIGKILL, reload)
#   run-vm.sh pristine OUT  the root is ROOTDIR, a whole Debian with the package installed into it
#                           (pristine-image.sh, pristine-install.sh; shared read-only, overlaid), nothing of
#                           this machine's but its kernel and modules; its systemd is PID 1 and
#                           guest/pristine/pristine-test.sh follows docs/service.md, upgrades to DEBS, removes
# Env: RINGS (the binary to run, standing alone), UNIT (the unit file), TIMEOUT (s, default 600);
#      pristine: ROOTDIR (the image), DEBS (packages the guest finds in /kms/debs), ARCH (amd64, or
#      arm64: a whole arm64 machine, qemu-system-aarch64's `virt` with a Cortex-A72, the Raspberry Pi
#      4's core, booting Debian 13's arm64 kernel from KERNEL_DIR, as arm64-kernel.sh unpacks it).
# Output in OUT: NAME.png screendumps, guest.log or sd-test.log, console.log, notify.log, journal files.
# Exit: QEMU's (0 when the guest powered off); 2 when something needed is missing.
set -uo pipefail
MODE=${1:?kms, power, touch, systemd or pristine}; OUT=${2:?the output folder}; DEVICES=""
D=$(cd "$(dirname "$0")" && pwd)
# llvmpipe in the guest needs AVX2 left out (emulated, it crashes in a gather instruction); without
# AVX2, BMI2 goes too on a whole Debian (no real CPU has one without the other, and libgcrypt's SHA-1,
# which apt's file method uses, then runs an AVX2 instruction: SIGILL).
CPU=max,-avx2
if [ "$MODE" = pristine ]; then
  ROOTDIR=${ROOTDIR:?set ROOTDIR to the image}; RINGS=""; UNIT=""
  [ -x "$ROOTDIR/usr/lib/systemd/systemd" ] || { echo "vm: $ROOTDIR has no systemd (pristine-image.sh makes it)"; exit 2; }
else RINGS=${RINGS:?set RINGS to the rings binary}; UNIT=${UNIT:-}; fi
ARCH=${ARCH:-amd64}
if [ "$ARCH" = arm64 ]; then
  [ "$MODE" = pristine ] || { echo "vm: arm64 boots pristine images only"; exit 2; }
  KERNEL_DIR=${KERNEL_DIR:?set KERNEL_DIR to the folder arm64-kernel.sh made}
  KVER=$(ls "$KERNEL_DIR/lib/modules"); KERNEL=$KERNEL_DIR/boot/vmlinuz; MODULES=$KERNEL_DIR/lib/modules/$KVER
  QEMU=(qemu-system-aarch64 -M virt -cpu cortex-a72); CONSOLE=ttyAMA0
  export MODULES_ROOT=$KERNEL_DIR BUSYBOX=$KERNEL_DIR/bin/busybox
else
  KVER=${KVER:-$(ls /lib/modules | sort -V | tail -1)}; KERNEL=/boot/vmlinuz-$KVER; MODULES=/lib/modules/$KVER
  QEMU=(qemu-system-x86_64); CONSOLE=ttyS0
fi
for c in "${QEMU[0]}" busybox cpio modprobe python3; do
  command -v $c > /dev/null || { echo "vm: missing $c"; exit 2; }
done
[ "$MODE" = touch ] && for c in gcc mosquitto mosquitto_pub mosquitto_sub udevadm; do command -v $c > /dev/null || { echo "vm: missing $c"; exit 2; }; done
[ "$MODE" = power ] && for c in Xorg xset mosquitto mosquitto_pub mosquitto_sub udevadm cec-ctl cec-follower sway swaymsg seatd setpriv; do command -v $c > /dev/null || { echo "vm: missing $c"; exit 2; }; done
[ -f "$KERNEL" ] || { echo "vm: missing $KERNEL (apt-get install linux-image-amd64; arm64-kernel.sh)"; exit 2; }
SW=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift || echo /usr/bin/swift)")")")")
# The guest's share: its scripts, the binary and unit, and out/ for what it writes.
rm -rf "$OUT"; mkdir -p "$OUT/share/bin" "$OUT/share/out"
cp -r "$D/guest/." "$OUT/share/"; [ -n "$RINGS" ] && cp "$RINGS" "$OUT/share/bin/rings"
[ -n "${DEBS:-}" ] && mkdir -p "$OUT/share/debs" && cp $DEBS "$OUT/share/debs/"
[ -n "$UNIT" ] && cp "$UNIT" "$OUT/share/sd/rings-kiosk.service"
if [ "$MODE" = touch ]; then gcc -O2 -Wall -o "$OUT/share/bin/uinput-touch" "$D/guest/touch/uinput-touch.c" -lm || { echo "vm: cannot build uinput-touch"; exit 2; }; fi
KVER=$KVER KMS_DIR=$OUT SWIFT_ROOT=$SW "$D/build-initramfs.sh" > "$OUT/initramfs.log" 2>&1 || { echo "vm: initramfs: $(tail -1 "$OUT/initramfs.log")"; exit 2; }
if [ "$MODE" = pristine ]; then INIT=/sbin/init; APP="kmsroot=image kmsprep=/kms/pristine/prepare.sh"; CPU=max,-avx2,-bmi2
elif [ "$MODE" = systemd ]; then INIT=/lib/systemd/systemd; APP="kmsprep=/kms/sd/prepare-root.sh systemd.unit=rings-test.target"; DEVICES="-device virtio-keyboard-pci"
elif [ "$MODE" = power ]; then INIT=/kms/power-init.sh; APP=""; DEVICES="-device virtio-keyboard-pci"
elif [ "$MODE" = touch ]; then INIT=/kms/touch-init.sh; APP=""
else INIT=/kms/guest-init.sh; APP=""; fi
# What the guest's root is made of: the host's /usr, /etc and toolchain, or a whole image and the
# host's modules for its kernel.
if [ "$MODE" = pristine ]; then
  SHARES="-virtfs local,path=$ROOTDIR,mount_tag=root,security_model=none,readonly=on
          -virtfs local,path=$MODULES,mount_tag=modules,security_model=none,readonly=on"
else
  SHARES="-virtfs local,path=/usr,mount_tag=usr,security_model=none,readonly=on
          -virtfs local,path=/etc,mount_tag=etc,security_model=none,readonly=on
          -virtfs local,path=$SW,mount_tag=swift,security_model=none,readonly=on"
fi
T0=$EPOCHREALTIME
[ "$ARCH" = amd64 ] && QEMU+=(-cpu "$CPU")
timeout "${TIMEOUT:-600}" "${QEMU[@]}" -accel tcg,thread=multi -m 2G -smp 2 -no-reboot -nodefaults \
  -kernel "$KERNEL" -initrd "$OUT/initramfs.cpio.gz" \
  -append "console=$CONSOLE panic=-1 loglevel=4 kmsinit=$INIT $APP" \
  -device virtio-gpu-pci,xres=1280,yres=800 $DEVICES -display none \
  -serial file:"$OUT/console.log" -monitor none -qmp unix:"$OUT/qmp.sock",server=on,wait=off \
  $SHARES -virtfs local,path="$OUT/share",mount_tag=kms,security_model=none &
QEMU=$!
python3 "$D/qmp-shots.py" "$OUT/qmp.sock" "$OUT/share/out" $QEMU > "$OUT/qmp.log" 2>&1 &
SHOTS=$!
wait $QEMU; RC=$?
wait $SHOTS 2> /dev/null
mv "$OUT"/share/out/* "$OUT"/ 2> /dev/null
echo "vm: qemu exit $RC after $(python3 -c "print(round($EPOCHREALTIME - $T0, 1))") s"
exit $RC
