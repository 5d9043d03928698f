// HDMI-CEC through the kernel's CEC API (linux/cec.h): the adapter's file is opened blocking, so a
// claim and a transmit return once the bus has answered (the kernel bounds each).
#include "cec_power.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/cec.h>
#include <linux/cec-funcs.h>

int rings_cec_describe(int fd, char *name, size_t size) {
    struct cec_caps caps;
    memset(&caps, 0, sizeof caps);
    if (ioctl(fd, CEC_ADAP_G_CAPS, &caps) != 0) return -errno;
    if (size > 0) {
        strncpy(name, caps.name, size - 1);
        name[size - 1] = 0;
    }
    struct cec_log_addrs addrs;
    memset(&addrs, 0, sizeof addrs);
    if (ioctl(fd, CEC_ADAP_G_LOG_ADDRS, &addrs) != 0) return -errno;
    for (int i = 0; i < addrs.num_log_addrs && i < CEC_MAX_LOG_ADDRS; i++) {
        if (addrs.log_addr_type[i] == CEC_LOG_ADDR_TYPE_TV) return 1;
    }
    return 0;
}

/// Our logical address: the adapter's first, claimed as a playback device named "rings" when it has none.
static int logical_address(int fd) {
    struct cec_log_addrs addrs;
    memset(&addrs, 0, sizeof addrs);
    if (ioctl(fd, CEC_ADAP_G_LOG_ADDRS, &addrs) != 0) return -errno;
    if (addrs.num_log_addrs == 0) {
        memset(&addrs, 0, sizeof addrs);
        addrs.cec_version = CEC_OP_CEC_VERSION_1_4;
        addrs.vendor_id = CEC_VENDOR_ID_NONE;
        addrs.num_log_addrs = 1;
        strncpy(addrs.osd_name, "rings", sizeof addrs.osd_name - 1);
        addrs.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
        addrs.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
        addrs.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
        if (ioctl(fd, CEC_ADAP_S_LOG_ADDRS, &addrs) != 0) return -errno;
        if (ioctl(fd, CEC_ADAP_G_LOG_ADDRS, &addrs) != 0) return -errno;
    }
    if (addrs.num_log_addrs == 0 || addrs.log_addr[0] == CEC_LOG_ADDR_INVALID) return -ENONET;
    return addrs.log_addr[0];
}

static int transmit(int fd, struct cec_msg *msg) {
    if (ioctl(fd, CEC_TRANSMIT, msg) != 0) return -errno;
    if (!(msg->tx_status & CEC_TX_STATUS_OK)) return (msg->tx_status & CEC_TX_STATUS_NACK) ? -EHOSTUNREACH : -EIO;
    return 0;
}

int rings_cec_power(int fd, int on) {
    int address = logical_address(fd);
    struct cec_msg msg;
    if (address == -ENONET && on) {
        // A TV in standby may drop the hot-plug signal, and the adapter its logical address with it:
        // Image View On may still go from the unregistered address, and wakes it (the address comes
        // back with the signal; Active Source waits for the next switch).
        cec_msg_init(&msg, CEC_LOG_ADDR_UNREGISTERED, CEC_LOG_ADDR_TV);
        cec_msg_image_view_on(&msg);
        return transmit(fd, &msg);
    }
    if (address < 0) return address;
    cec_msg_init(&msg, (__u8)address, CEC_LOG_ADDR_TV);
    if (!on) {
        cec_msg_standby(&msg);
        return transmit(fd, &msg);
    }
    cec_msg_image_view_on(&msg);
    int done = transmit(fd, &msg);
    if (done != 0) return done;
    __u16 physical = CEC_PHYS_ADDR_INVALID;
    if (ioctl(fd, CEC_ADAP_G_PHYS_ADDR, &physical) != 0) return -errno;
    if (physical == CEC_PHYS_ADDR_INVALID) return 0;
    cec_msg_init(&msg, (__u8)address, CEC_LOG_ADDR_BROADCAST);
    cec_msg_active_source(&msg, physical);
    return transmit(fd, &msg);
}
