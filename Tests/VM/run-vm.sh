#!/bin/bash
# Boots a throwaway QEMU VM (Debian's kernel, virtio-gpu at 1280x800, the host's /usr, /etc and Swift
# toolchain shared read-only over 9p) and runs `rings` for real on KMS/DRM; the screen is read back
# through QMP's screendump as PNG files. The checks are the tests' (VMTests.swift): this only runs.
#   run-vm.sh kms OUT       guest/guest-init.sh is PID 1: four kiosks (static and fed, both presenters)
#   run-vm.sh power OUT     guest/power-init.sh is PID 1: the display's power switched by commands on
#                           KMS/DRM and under Xorg
#   run-vm.sh systemd OUT   systemd is PID 1 with the unit installed as the package installs it, and
#                           guest/sd/systemd-test.sh driving it (READY, STATUS, watchdog, SIGKILL, reload)
# Env: RINGS (the binary to run, standing alone), UNIT (the unit file), TIMEOUT (s, default 600).
# Output in OUT: NAME.png screendumps, guest.log or sd-test.log, console.log, notify.log, journal files.
# Exit: QEMU's (0 when the guest powered off); 2 when something needed is missing.
set -uo pipefail
MODE=${1:?kms, power or systemd}; OUT=${2:?the output folder}; DEVICES=""
D=$(cd "$(dirname "$0")" && pwd)
RINGS=${RINGS:?set RINGS to the rings binary}; UNIT=${UNIT:-}
KVER=${KVER:-$(ls /lib/modules | sort -V | tail -1)}
for c in qemu-system-x86_64 busybox cpio modprobe python3; do command -v $c > /dev/null || { echo "vm: missing $c"; exit 2; }; done
[ "$MODE" = power ] && for c in Xorg xset mosquitto mosquitto_pub udevadm; do command -v $c > /dev/null || { echo "vm: missing $c"; exit 2; }; done
[ -f /boot/vmlinuz-$KVER ] || { echo "vm: missing /boot/vmlinuz-$KVER (apt-get install linux-image-amd64)"; exit 2; }
SW=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
# The guest's share: its scripts, the binary and unit, and out/ for what it writes.
rm -rf "$OUT"; mkdir -p "$OUT/share/bin" "$OUT/share/out"
cp -r "$D/guest/." "$OUT/share/"; cp "$RINGS" "$OUT/share/bin/rings"
[ -n "$UNIT" ] && cp "$UNIT" "$OUT/share/sd/rings-kiosk.service"
KVER=$KVER KMS_DIR=$OUT SWIFT_ROOT=$SW "$D/build-initramfs.sh" > "$OUT/initramfs.log" 2>&1 || { echo "vm: initramfs: $(tail -1 "$OUT/initramfs.log")"; exit 2; }
if [ "$MODE" = systemd ]; then INIT=/lib/systemd/systemd; APP="kmsprep=/kms/sd/prepare-root.sh systemd.unit=rings-test.target"
elif [ "$MODE" = power ]; then INIT=/kms/power-init.sh; APP=""; DEVICES="-device virtio-keyboard-pci"
else INIT=/kms/guest-init.sh; APP=""; fi
# llvmpipe in the guest needs AVX2 left out (emulated, it crashes in a gather instruction).
T0=$EPOCHREALTIME
timeout "${TIMEOUT:-600}" qemu-system-x86_64 -accel tcg,thread=multi -cpu max,-avx2 -m 2G -smp 2 -no-reboot -nodefaults \
  -kernel /boot/vmlinuz-$KVER -initrd "$OUT/initramfs.cpio.gz" \
  -append "console=ttyS0 panic=-1 loglevel=4 kmsinit=$INIT $APP" \
  -device virtio-gpu-pci,xres=1280,yres=800 $DEVICES -display none \
  -serial file:"$OUT/console.log" -monitor none -qmp unix:"$OUT/qmp.sock",server=on,wait=off \
  -virtfs local,path=/usr,mount_tag=usr,security_model=none,readonly=on \
  -virtfs local,path=/etc,mount_tag=etc,security_model=none,readonly=on \
  -virtfs local,path="$SW",mount_tag=swift,security_model=none,readonly=on \
  -virtfs local,path="$OUT/share",mount_tag=kms,security_model=none &
QEMU=$!
python3 "$D/qmp-shots.py" "$OUT/qmp.sock" "$OUT/share/out" $QEMU > "$OUT/qmp.log" 2>&1 &
SHOTS=$!
wait $QEMU; RC=$?
wait $SHOTS 2> /dev/null
mv "$OUT"/share/out/* "$OUT"/ 2> /dev/null
echo "vm: qemu exit $RC after $(python3 -c "print(round($EPOCHREALTIME - $T0, 1))") s"
exit $RC
