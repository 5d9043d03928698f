#!/usr/bin/env python3
# Host side of the VM's screen and keyboard: while QEMU (PID) runs, answer each OUT/NAME.req the guest
# writes with a QMP screendump to OUT/NAME.png, and each OUT/NAME.key with a press of the shift key on
# the VM's keyboard (virtio), then OUT/NAME.done.
import json, os, socket, sys, time
sock, out, qemu = sys.argv[1], sys.argv[2], int(sys.argv[3])

def alive():
    try:
        os.kill(qemu, 0)
        return True
    except ProcessLookupError:
        return False

for _ in range(300):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(sock)
        break
    except OSError:
        time.sleep(0.1)
f = s.makefile("rw")

def command(name, **arguments):
    f.write(json.dumps({"execute": name, "arguments": arguments} if arguments else {"execute": name}) + "\n")
    f.flush()
    while True:
        reply = json.loads(f.readline())
        if "return" in reply or "error" in reply:
            return reply

json.loads(f.readline())
command("qmp_capabilities")
done = set()
while alive():
    for entry in os.listdir(out):
        name, kind = os.path.splitext(entry)
        if kind not in (".req", ".key") or entry in done:
            continue
        if kind == ".req":
            reply = command("screendump", filename=os.path.join(out, name + ".png"), format="png")
            print("screendump %s: %s" % (name, reply), flush=True)
        else:
            for down in (True, False):
                key = {"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": "shift"}}}
                reply = command("input-send-event", events=[key])
                print("key %s (down %s): %s" % (name, down, reply), flush=True)
        open(os.path.join(out, name + ".done"), "w").close()
        done.add(entry)
    time.sleep(0.05)
