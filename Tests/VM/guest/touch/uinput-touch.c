// A touch screen of WIDTH x HEIGHT pixels made with the kernel's uinput, driven by lines on stdin
// (one finger, multitouch protocol B, as a real panel reports it); each done line is acknowledged
// on stdout ("done N"):
//   tap X Y                 a finger down and up at (X, Y)
//   arc CX CY R FROM TO N   a finger down at angle FROM (degrees clockwise from 12 o'clock) on the
//                           circle of radius R round (CX, CY), N moves along it to TO, and up
// Usage: uinput-touch WIDTH HEIGHT
#include <fcntl.h>
#include <linux/uinput.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int fd;

static void emit(int type, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = type; event.code = code; event.value = value;
    if (write(fd, &event, sizeof event) != sizeof event) { perror("uinput-touch: write"); exit(1); }
}

static void pause_ms(int ms) {
    struct timespec wait = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&wait, NULL);
}

static void at(int x, int y) {
    emit(EV_ABS, ABS_MT_POSITION_X, x); emit(EV_ABS, ABS_MT_POSITION_Y, y);
    emit(EV_ABS, ABS_X, x); emit(EV_ABS, ABS_Y, y);
}

static int tracking = 1;

static void down(int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, 0); emit(EV_ABS, ABS_MT_TRACKING_ID, tracking++);
    at(x, y); emit(EV_KEY, BTN_TOUCH, 1); emit(EV_SYN, SYN_REPORT, 0);
    pause_ms(60);
}

static void move(int x, int y) {
    at(x, y); emit(EV_SYN, SYN_REPORT, 0);
    pause_ms(40);
}

static void up(void) {
    emit(EV_ABS, ABS_MT_TRACKING_ID, -1); emit(EV_KEY, BTN_TOUCH, 0); emit(EV_SYN, SYN_REPORT, 0);
    pause_ms(60);
}

static void axis(int code, int max) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = code; setup.absinfo.minimum = 0; setup.absinfo.maximum = max;
    if (ioctl(fd, UI_ABS_SETUP, &setup) != 0) { perror("uinput-touch: UI_ABS_SETUP"); exit(1); }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: uinput-touch WIDTH HEIGHT\n"); return 2; }
    int width = atoi(argv[1]), height = atoi(argv[2]);
    fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (fd < 0) { perror("uinput-touch: /dev/uinput"); return 1; }
    ioctl(fd, UI_SET_EVBIT, EV_KEY); ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    int codes[] = { ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y };
    for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) ioctl(fd, UI_SET_ABSBIT, codes[i]);
    ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    axis(ABS_X, width - 1); axis(ABS_Y, height - 1); axis(ABS_MT_POSITION_X, width - 1); axis(ABS_MT_POSITION_Y, height - 1);
    axis(ABS_MT_SLOT, 9); axis(ABS_MT_TRACKING_ID, 65535);
    struct uinput_setup device;
    memset(&device, 0, sizeof device);
    device.id.bustype = BUS_USB; device.id.vendor = 0x1234; device.id.product = 0x5678;
    strcpy(device.name, "rings test touch screen");
    if (ioctl(fd, UI_DEV_SETUP, &device) != 0 || ioctl(fd, UI_DEV_CREATE) != 0) { perror("uinput-touch: create"); return 1; }
    printf("ready\n"); fflush(stdout);
    char line[256];
    for (int done = 1; fgets(line, sizeof line, stdin); done++) {
        double cx, cy, r, from, to; int x, y, n;
        if (sscanf(line, "tap %d %d", &x, &y) == 2) {
            down(x, y); up();
        } else if (sscanf(line, "arc %lf %lf %lf %lf %lf %d", &cx, &cy, &r, &from, &to, &n) == 6 && n > 0) {
            for (int i = 0; i <= n; i++) {
                double a = (from + (to - from) * i / n) * M_PI / 180;
                int px = (int)lround(cx + r * sin(a)), py = (int)lround(cy - r * cos(a));
                if (i == 0) down(px, py); else move(px, py);
            }
            up();
        } else {
            fprintf(stderr, "uinput-touch: not a command: %s", line);
            continue;
        }
        printf("done %d\n", done); fflush(stdout);
    }
    ioctl(fd, UI_DEV_DESTROY);
    return 0;
}
