import Foundation

/// A compositor that dies at a bad moment of a window's start: a relay on its own Wayland socket
/// that passes its clients' messages (and the descriptors they carry) to and from a real compositor,
/// and hangs up on them all at the `Moment` one of them reaches, before passing on its request. Run
/// by Debian's Python, whose socket module passes descriptors.
public final class WaylandCut {
    /// When the relay hangs up.
    public enum Moment: String, Sendable, CaseIterable {
        /// As Mesa's EGL starts on a connection: a registry asked for once xdg_wm_base is bound.
        case egl
        /// As a window asks for its xdg_toplevel: the configure a new window waits for never comes.
        case toplevel
    }

    /// The relay's socket, in the compositor's runtime directory: the client's WAYLAND_DISPLAY.
    public let socketName = "wayland-cut"
    /// Debian's Python (another on the PATH may not be the compositor's user's to run).
    public static let python = "/usr/bin/python3"
    public static var ready: Bool { FileManager.default.isExecutableFile(atPath: python) }
    private let relay: Process
    private let said: OutputWatch

    static let script = """
        import os, select, socket, struct, sys
        runtime, moment = os.environ["XDG_RUNTIME_DIR"], sys.argv[2]
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(os.path.join(runtime, sys.argv[1]))
        listener.listen(8)
        print("ready", flush=True)

        class Link:
            # A client's connection and its own to the compositor, with what the client has asked.
            def __init__(self, client):
                self.client, self.server = client, socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.server.connect(os.path.join(runtime, os.environ["WAYLAND_DISPLAY"]))
                self.registries, self.bases, self.surfaces, self.pending, self.fds = set(), set(), set(), b"", []

            def cuts(self, message):
                # A request's header: its object, then its size (16 bits) over its opcode (16 bits).
                target, word = struct.unpack_from("=II", message)
                opcode, words = word & 0xFFFF, struct.unpack_from("=%dI" % (len(message) // 4 - 2), message, 8)
                if target == 1 and opcode == 1:
                    self.registries.add(words[0])
                    return moment == "egl" and len(self.bases) > 0 and len(self.registries) >= 2
                elif target in self.registries and opcode == 0:
                    if message[16:16 + words[1] - 1] == b"xdg_wm_base":
                        self.bases.add(words[-1])
                elif target in self.bases and opcode == 2:
                    self.surfaces.add(words[0])
                return moment == "toplevel" and target in self.surfaces and opcode == 1

        def forward(to, data, given):
            sent = socket.send_fds(to, [data], given)
            to.sendall(data[sent:])
            for fd in given:
                os.close(fd)

        def relay(link, sock):
            # Passes on what came on one end of a link; False once either end is gone.
            try:
                data, given, _, _ = socket.recv_fds(sock, 1 << 16, 64)
                if not data:
                    return False
                if sock is link.server:
                    forward(link.client, data, given)
                    return True
                link.pending, link.fds = link.pending + data, link.fds + given
                while len(link.pending) >= 8:
                    size = struct.unpack_from("=I", link.pending, 4)[0] >> 16
                    if len(link.pending) < size:
                        break
                    message, link.pending = link.pending[:size], link.pending[size:]
                    if link.cuts(message):
                        print("cut", flush=True)
                        sys.exit(0)
                    forward(link.server, message, link.fds)
                    link.fds = []
                return True
            except OSError:
                return False

        links = {}
        while True:
            ready, _, _ = select.select([listener] + list(links), [], [])
            for sock in ready:
                if sock is listener:
                    link = Link(listener.accept()[0])
                    links[link.client] = links[link.server] = link
                    continue
                link = links.get(sock)
                if link is not None and not relay(link, sock):
                    for end in (link.client, link.server):
                        links.pop(end)
                        end.close()
        """

    /// Starts the relay in front of `compositor`, to hang up at `moment`, and waits until it listens.
    public init(_ compositor: Compositor, at moment: Moment) throws {
        let out = Pipe()
        relay = try compositor.launch(Self.python, ["-c", Self.script, socketName, moment.rawValue], native: true) {
            $0.standardOutput = out
        }
        said = OutputWatch(out)
        guard said.waitFor("ready") else {
            kill(relay.processIdentifier, SIGKILL)
            throw TestFailure("the Wayland relay did not start")
        }
    }

    deinit {
        if relay.isRunning { kill(relay.processIdentifier, SIGKILL) }
    }

    /// Whether the relay hung up, a client having reached the moment (waiting up to `seconds`).
    public func cut(within seconds: Double = 60) -> Bool {
        said.waitFor("cut", within: seconds)
    }
}
