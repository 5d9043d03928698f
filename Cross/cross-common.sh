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

# Whether ROOT's programs are arm64's (the ELF machine of its env, 0xb7) and this machine's are not.
foreign_arm64() {
  [ "$(uname -m)" != aarch64 ] && [ "$(od -An -tx1 -j18 -N1 "$1/usr/bin/env" 2> /dev/null | tr -d ' ')" = b7 ]
}
