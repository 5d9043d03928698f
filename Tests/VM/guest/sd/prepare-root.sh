#!/bin/bash
# Runs chrooted in the assembled guest root before systemd starts: rings installed as the package
# installs it (the binary in /usr/bin, the unit in /usr/lib/systemd/system), then the steps of
# docs/service.md (the config, the user, the unit enabled).
install -m 755 /kms/bin/rings /usr/bin/rings
install -m 644 /kms/sd/rings-kiosk.service /usr/lib/systemd/system/rings-kiosk.service
install -d /etc/rings && install -m 644 /kms/sd/kiosk.toml /etc/rings/kiosk.toml
# The host's /etc is this root's: a mask or a user it holds from a package removed there is not this test's.
rm -f /etc/systemd/system/rings-kiosk.service
getent passwd rings > /dev/null || useradd --system --groups video,input --home-dir /var/lib/rings rings
usermod -a -G video,input rings
systemctl enable rings-kiosk.service
# The kiosk's feed: a FIFO the test writes to.
mkfifo -m 644 /var/lib/rings-feed
install -m 644 /kms/sd/rings-test.target /kms/sd/kms-test.service /kms/sd/test-broker.service /etc/systemd/system/
# The host image's own services are not part of the test.
for u in postgresql mosquitto e2scrub_reap systemd-timesyncd cron apt-daily apt-daily-upgrade; do ln -sf /dev/null /etc/systemd/system/$u.service; done
echo "prepare-root: done"
