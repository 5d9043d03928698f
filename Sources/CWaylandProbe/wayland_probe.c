// One round trip to a Wayland compositor's registry, to see whether it offers a seat; and what SDL's
// connection is (its descriptor, its error).
#include "wayland_probe.h"

#include <string.h>
#include <wayland-client.h>

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)name; (void)version;
    if (strcmp(interface, "wl_seat") == 0) *(int *)data = 1;
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener listener = { global, global_remove };

int rings_wayland_has_seat(const char *display) {
    struct wl_display *connection = wl_display_connect(display);
    if (!connection) return -1;
    int seat = 0;
    struct wl_registry *registry = wl_display_get_registry(connection);
    wl_registry_add_listener(registry, &listener, &seat);
    int reached = wl_display_roundtrip(connection) >= 0;
    wl_registry_destroy(registry);
    wl_display_disconnect(connection);
    return reached ? seat : -1;
}

int rings_wayland_fd(void *display) {
    return wl_display_get_fd((struct wl_display *)display);
}

int rings_wayland_error(void *display) {
    return wl_display_get_error((struct wl_display *)display);
}
