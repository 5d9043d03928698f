#!/bin/sh
# Runs chrooted in the pristine image's root before its systemd starts. Only the test's own driver
# is added (a service that runs once the machine is up): rings, its unit and its user are the
# package's and the admin's, whom guest/pristine/pristine-test.sh plays.
install -m 644 /kms/pristine/pristine-test.service /etc/systemd/system/pristine-test.service
mkdir -p /etc/systemd/system/multi-user.target.wants
ln -sf /etc/systemd/system/pristine-test.service /etc/systemd/system/multi-user.target.wants/pristine-test.service
echo "prepare: done"
