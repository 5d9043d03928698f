# What the cross scripts share (sourced).

# Lets this machine run arm64 programs: qemu-user-static registered with binfmt_misc (fix-binary,
# so that it works in a chroot). Says why not and fails when it cannot.
binfmt_arm64() {
  local conf=/usr/lib/binfmt.d/qemu-aarch64.conf dir=/proc/sys/fs/binfmt_misc
  [ -f "$conf" ] || { echo "cross: missing qemu-user-static (make deb ARCH=arm64 installs it)"; return 1; }
  [ -e "$dir/register" ] || mount -t binfmt_misc binfmt_misc "$dir" 2> /dev/null \
    || { echo "cross: cannot mount binfmt_misc (needs root)"; return 1; }
  [ -e "$dir/qemu-aarch64" ] || cat "$conf" > "$dir/register" 2> /dev/null \
    || { echo "cross: cannot register qemu-aarch64 with binfmt_misc"; return 1; }
}
