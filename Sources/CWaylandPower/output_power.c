// wlr-output-power-management-unstable-v1 on a connection of its own to the compositor SDL's window
// is on (WAYLAND_DISPLAY): reading SDL's connection would take its events from under it (a window
// with nothing to animate then never showed its first picture under weston). The protocol's glue is
// wayland-scanner's, made from protocol/wlr-output-power-management-unstable-v1.xml (wlroots'):
//   wayland-scanner client-header protocol/wlr-output-power-management-unstable-v1.xml
//       wlr-output-power-management-unstable-v1-client-protocol.h
//   wayland-scanner private-code protocol/wlr-output-power-management-unstable-v1.xml
//       wlr-output-power-management-unstable-v1-protocol.c
#include "output_power.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "wlr-output-power-management-unstable-v1-client-protocol.h"

enum { MAX_OUTPUTS = 16 };

struct output {
    /// The output's name in the registry (its global_remove names it).
    uint32_t name;
    struct wl_output *output;
    struct zwlr_output_power_v1 *power;
    /// The mode the compositor last said (-1 before it said one), and whether it gave up on the output.
    int mode, failed;
};

struct rings_output_power {
    struct wl_display *display;
    struct wl_registry *registry;
    struct zwlr_output_power_manager_v1 *manager;
    struct output outputs[MAX_OUTPUTS];
    int count;
};

static void mode(void *data, struct zwlr_output_power_v1 *power, uint32_t mode) {
    (void)power;
    ((struct output *)data)->mode = (int)mode;
}

static void failed(void *data, struct zwlr_output_power_v1 *power) {
    (void)power;
    ((struct output *)data)->failed = 1;
}

static const struct zwlr_output_power_v1_listener power_listener = { mode, failed };

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct rings_output_power *self = data;
    (void)version;
    if (strcmp(interface, zwlr_output_power_manager_v1_interface.name) == 0 && !self->manager) {
        self->manager = wl_registry_bind(registry, name, &zwlr_output_power_manager_v1_interface, 1);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && self->count < MAX_OUTPUTS) {
        struct output *output = &self->outputs[self->count++];
        memset(output, 0, sizeof *output);
        output->name = name;
        output->output = wl_registry_bind(registry, name, &wl_output_interface, 1);
        output->mode = -1;
    }
}

/// An output unplugged (a TV that drops its hot-plug signal): its objects go, and its slot.
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    struct rings_output_power *self = data;
    (void)registry;
    for (int i = 0; i < self->count; i++) {
        struct output *output = &self->outputs[i];
        if (output->name != name || !output->output) continue;
        if (output->power) zwlr_output_power_v1_destroy(output->power);
        wl_output_destroy(output->output);
        // The last slot takes its place; a listener's data follows it.
        self->outputs[i] = self->outputs[--self->count];
        if (i < self->count && self->outputs[i].power) {
            wl_proxy_set_user_data((struct wl_proxy *)self->outputs[i].power, &self->outputs[i]);
        }
        return;
    }
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

/// A power control for each output that has none yet (outputs can come after the manager). wlroots
/// gives an output's control to one client at a time: it is taken only while switching, so that
/// another client (`wlopm`, Raspberry Pi OS's switch) can read and switch the output in between.
static void take_outputs(struct rings_output_power *self) {
    for (int i = 0; i < self->count; i++) {
        struct output *output = &self->outputs[i];
        if (output->power || !output->output) continue;
        output->power = zwlr_output_power_manager_v1_get_output_power(self->manager, output->output);
        zwlr_output_power_v1_add_listener(output->power, &power_listener, output);
    }
}

struct rings_output_power *rings_output_power_new(void) {
    struct rings_output_power *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->display = wl_display_connect(NULL);
    if (!self->display) { free(self); return NULL; }
    self->registry = wl_display_get_registry(self->display);
    wl_registry_add_listener(self->registry, &registry_listener, self);
    if (wl_display_roundtrip(self->display) < 0 || !self->manager) {
        rings_output_power_free(self);
        return NULL;
    }
    return self;
}

/// Whether every output asked has said its new mode or given up.
static int all_answered(struct rings_output_power *self, uint32_t wanted) {
    for (int i = 0; i < self->count; i++) {
        struct output *output = &self->outputs[i];
        if (output->power && !output->failed && output->mode != (int)wanted) return 0;
    }
    return 1;
}

/// Gives every output's control back, and forgets what it said.
static void release_outputs(struct rings_output_power *self) {
    for (int i = 0; i < self->count; i++) {
        struct output *output = &self->outputs[i];
        if (output->power) zwlr_output_power_v1_destroy(output->power);
        output->power = NULL;
        output->mode = -1;
        output->failed = 0;
    }
}

int rings_output_power_set(struct rings_output_power *self, int on) {
    // Outputs plugged in since are in the registry's news.
    if (wl_display_roundtrip(self->display) < 0) return -1;
    take_outputs(self);
    uint32_t wanted = on ? ZWLR_OUTPUT_POWER_V1_MODE_ON : ZWLR_OUTPUT_POWER_V1_MODE_OFF;
    for (int i = 0; i < self->count; i++) {
        struct output *output = &self->outputs[i];
        if (output->power && !output->failed) zwlr_output_power_v1_set_mode(output->power, wanted);
    }
    // A compositor may switch a little later (sway 1.10 does on a timer): its answer is awaited for
    // up to a second, 20 ms apart.
    for (int tries = 0; tries < 50; tries++) {
        if (wl_display_roundtrip(self->display) < 0) {
            release_outputs(self);
            return -1;
        }
        if (all_answered(self, wanted)) break;
        struct timespec wait = { 0, 20 * 1000000L };
        nanosleep(&wait, NULL);
    }
    // Outputs that did not give up took it (one that has not answered yet will: the request is the
    // compositor's already, and giving the control back does not undo it).
    int taken = 0;
    for (int i = 0; i < self->count; i++) {
        if (self->outputs[i].power && !self->outputs[i].failed) taken++;
    }
    release_outputs(self);
    return wl_display_flush(self->display) < 0 ? -1 : taken;
}

void rings_output_power_free(struct rings_output_power *self) {
    if (!self) return;
    release_outputs(self);
    for (int i = 0; i < self->count; i++) {
        if (self->outputs[i].output) wl_output_destroy(self->outputs[i].output);
    }
    if (self->manager) zwlr_output_power_manager_v1_destroy(self->manager);
    if (self->registry) wl_registry_destroy(self->registry);
    wl_display_disconnect(self->display);
    free(self);
}
