#!/bin/sh
# Runs chrooted in the pristine image's root before its systemd starts. Only the test's own driver
# is added (a service that runs once the machine is up), and apt's lists go (below): rings, its unit
# and its user are the package's and the admin's, whom guest/pristine/pristine-test.sh plays.
install -m 644 /kms/pristine/pristine-test.service /etc/systemd/system/pristine-test.service
mkdir -p /etc/systemd/system/multi-user.target.wants
ln -sf /etc/systemd/system/pristine-test.service /etc/systemd/system/multi-user.target.wants/pristine-test.service
# apt's lists emptied, as on a freshly flashed image before its first `apt update`: the test's apt
# steps need only the package's file and what is installed, and reading Debian's whole list (its
# cache: 40 MB) took about half of each step under emulation (native: 1.6 s of an install, 0.8 s
# without; 1.05 s of a remove, 0.24 s).
find /var/lib/apt/lists -maxdepth 1 -type f -delete && rm -f /var/cache/apt/*.bin
echo "prepare: done"
