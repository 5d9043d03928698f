#!/usr/bin/env python3
"""What rings costs a machine: the binary's and the package's size, and a 1920x1080 kiosk's start and
memory. Run by hand (`make footprint`), not by the tests: the figures go to docs/performance.md.

    Tests/Bench/footprint.py [--binary .build/release/rings] [--runs 5] [--present surface]

Start: from just before exec to READY=1 on a notify socket of its own (sent after the first frame
is on screen), median of the runs. Memory: VmRSS (and its parts) of /proc/PID/status 10 s after
READY. GL: whether any OpenGL, EGL or LLVM library is mapped into the process. Needs Xvfb and
openbox; starts its own on a free display number, with openbox as the window manager (without one,
SDL 2.26 waits 100 ms for a fullscreen window to change, which it never does: `--no-wm` shows it).
"""
import argparse, glob, os, socket, statistics, subprocess, sys, tempfile, time

def free_display():
    for n in range(140, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            return n
    sys.exit("footprint: no free X display number")

def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                fields[key] = int(value.split()[0])
    return fields

def gl_libraries(pid):
    with open(f"/proc/{pid}/maps") as f:
        names = {line.split()[-1] for line in f if "/" in line}
    return sorted(os.path.basename(n) for n in names
                  if any(k in os.path.basename(n) for k in ("libGL", "libEGL", "libLLVM", "_dri", "libglapi")))

def one_run(binary, display, present, hold):
    folder = tempfile.mkdtemp(prefix="footprint-")
    path = os.path.join(folder, "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(path)
    env = dict(os.environ, DISPLAY=f":{display}", NOTIFY_SOCKET=path)
    env.pop("WAYLAND_DISPLAY", None)
    start = time.monotonic()
    proc = subprocess.Popen([binary, "--kiosk", "--size", "1920x1080", "--present", present, "--theme", "activity"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    listener.settimeout(30)
    ready = None
    try:
        while ready is None:
            message = listener.recv(4096).decode()
            if "READY=1" in message.split("\n"):
                ready = time.monotonic() - start
    except socket.timeout:
        proc.kill()
        sys.exit(f"footprint: no READY=1 within 30 s: {proc.stderr.read().decode()}")
    time.sleep(hold)  # the figure is memory after `hold` seconds of running, not a wait for a condition
    memory, gl = status(proc.pid), gl_libraries(proc.pid)
    proc.terminate()
    proc.wait(timeout=10)
    listener.close()
    return ready, memory, gl

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/rings")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--present", default="surface")
    parser.add_argument("--hold", type=float, default=10)
    parser.add_argument("--no-wm", action="store_true")
    args = parser.parse_args()
    stripped = tempfile.mktemp(prefix="rings-stripped-")
    subprocess.run(["strip", "-o", stripped, args.binary], check=True)
    print(f"binary: {os.path.getsize(args.binary) / 1e6:.1f} MB, stripped {os.path.getsize(stripped) / 1e6:.1f} MB")
    os.unlink(stripped)
    for deb in sorted(glob.glob("rings_*.deb")):
        size = subprocess.run(["dpkg-deb", "-f", deb, "Installed-Size"], capture_output=True, text=True).stdout.strip()
        print(f"package {deb}: {os.path.getsize(deb) / 1e6:.1f} MB, installed {int(size) / 1000:.1f} MB")
    display = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(f"/tmp/.X11-unix/X{display}"):
            if time.monotonic() > deadline or xvfb.poll() is not None:
                sys.exit("footprint: Xvfb did not start")
            time.sleep(0.05)
        wm = None if args.no_wm else subprocess.Popen(["openbox"], env=dict(os.environ, DISPLAY=f":{display}"),
                                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)  # openbox takes the screen before the first run; not a wait for a condition the figures depend on
        readies, rss = [], []
        for _ in range(args.runs):
            ready, memory, gl = one_run(args.binary, display, args.present, args.hold)
            readies.append(ready)
            rss.append(memory["VmRSS"])
            print(f"run: ready {ready * 1000:.0f} ms; after {args.hold:g} s resident {memory['VmRSS'] / 1024:.1f} MB "
                  f"(anonymous {memory['RssAnon'] / 1024:.1f}, file {memory['RssFile'] / 1024:.1f}, "
                  f"shared {memory['RssShmem'] / 1024:.1f}); GL libraries: {', '.join(gl) or 'none'}")
        print(f"median: ready {statistics.median(readies) * 1000:.0f} ms, resident {statistics.median(rss) / 1024:.1f} MB "
              f"(--present {args.present}, 1920x1080, {args.runs} runs, {'no window manager' if args.no_wm else 'openbox'})")
        if wm:
            wm.terminate()
    finally:
        xvfb.terminate()

main()
