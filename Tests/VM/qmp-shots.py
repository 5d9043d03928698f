#!/usr/bin/env python3
# Host side of the VM's screen: while QEMU (PID) runs, answer each OUT/NAME.req the guest writes
# with a QMP screendump to OUT/NAME.png, then OUT/NAME.done.
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
        if entry.endswith(".req") and entry not in done:
            name = entry[:-4]
            reply = command("screendump", filename=os.path.join(out, name + ".png"), format="png")
            print("screendump %s: %s" % (name, reply), flush=True)
            open(os.path.join(out, name + ".done"), "w").close()
            done.add(entry)
    time.sleep(0.05)
