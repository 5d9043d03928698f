import Foundation
import RingsRaster
import Testing
import TestSupport

/// A broker that wants TLS and a login, with an access list, as a fleet's broker is set up: a good
/// login shows values, a refused one, an untrusted CA and a certificate for another host are each
/// said in one line, change nothing on screen and are tried again slowly.
@Suite(.serialized) struct MQTTLoginTests {
    static let ready = VirtualDisplay.missingTools.isEmpty && !Broker.missing && !Broker.missingTLSTools
    static let why: Comment = "needs the display tools, mosquitto and openssl (make test installs them)"

    /// A kiosk's config for the secure broker; `password` names the file, `ca` the CA it trusts.
    func config(_ broker: Broker, host: String = "localhost", ca: String = "ca.crt", password: String = "lobby.pw") throws -> String {
        try broker.screenConfig("screen-\(UInt32.random(in: 0...UInt32.max))", mqtt: """
            url = "mqtts://\(host):\(broker.tlsPort)"
            topic = ["office/rings", "secret/rings"]
            ca = "\(ca)"
            username = "lobby"
            password-file = "\(password)"
            status-topic = "screens/lobby"
            """)
    }

    func launch(_ display: VirtualDisplay, _ config: String, stderr: String) throws -> (Process, String) {
        let log = try logFile(stderr)
        return try display.launchRings(["--config", config]) { $0.standardError = log }
    }

    func capture(_ display: VirtualDisplay, _ window: String) throws -> Pixmap {
        try display.screenshot().subview(try display.clientArea(of: window))
    }

    /// When the broker took each connection on its TLS port, in seconds by its own clock, from its
    /// log's lines ("<time>: New connection from 127.0.0.1:40000 on port 30001.").
    func connectionTimes(_ log: String, port: Int) -> [Int] {
        log.split(separator: "\n").filter { $0.contains("New connection from") && $0.contains(" on port \(port)") }
            .compactMap { line in Int(line.prefix { $0 != ":" }) }
    }

    /// A good login over TLS: values on its topics show (retained ones at start); a topic the access
    /// list denies shows nothing, and the refused subscription is said once.
    @Test(.needs(ready, why))
    func aGoodLoginShowsValuesAndTheAccessListIsKept() throws {
        let broker = try Broker(security: .standard)
        try broker.publish("office/rings", "1=0.3 2=0.3 3=0.3", retain: true)
        let display = try VirtualDisplay()
        let stderr = "\(broker.directory)/good.err"
        let (process, window) = try launch(display, try config(broker), stderr: stderr)
        defer { if process.isRunning { process.terminate() } }
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), try ringsRender("300x300", "0.3,0.3,0.3")) } == 0)
        // The screen says it is online after it asked for both topics, on the same connection: once
        // the broker has its status, it has dealt with both subscriptions.
        #expect(eventually(within: 60) { ((try? broker.retained("screens/lobby")) ?? nil)?.contains(#""state":"online""#) == true })
        try broker.awaitSubscription(to: "office/rings")
        // The denied topic's message goes first; the allowed topic's after it shows, and the rings
        // the denied one would have moved stay as they were.
        try broker.publish("secret/rings", "1=0.9 2=0.9 3=0.9")
        try broker.publish("office/rings", "1=0.6")
        #expect(try settled(within: 30) { differingPixels(try capture(display, window), try ringsRender("300x300", "0.6,0.3,0.3")) } == 0,
                "the access list's denied topic shows nothing")
        end(process)
        #expect(process.terminationStatus == 0)
        let said = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        #expect(said.split(separator: "\n").filter { $0.contains("secret/rings") }.count <= 1, "\(said)")
    }

    /// A wrong password, an untrusted CA and a certificate for another host: one line each with the
    /// reason and nothing from the broker on screen; no attempt again before the slow pace's 30 s (by
    /// the broker's clock), and once the broker takes the password, the screen connects by itself.
    @Test(.needs(ready, why))
    func refusalsAreSaidOnceAndTriedAgainSlowly() throws {
        let broker = try Broker(security: .standard)
        try broker.publish("office/rings", "1=0.5 2=0.5 3=0.5", retain: true)
        try Data("wrong\n".utf8).write(to: URL(fileURLWithPath: "\(broker.directory)/wrong.pw"))
        chmod("\(broker.directory)/wrong.pw", 0o600)
        let cases = [("wrong password", try config(broker, password: "wrong.pw"), "the broker refused the login: not authorised"),
                     ("untrusted CA", try config(broker, ca: "other-ca.crt"), "TLS failed: self-signed certificate in certificate chain"),
                     ("another host", try config(broker, host: "127.0.0.1"),
                      "TLS failed: the broker's certificate does not name the address 127.0.0.1 (as an IP address subjectAltName)")]
        var screens: [(Process, String, VirtualDisplay, String)] = []
        for (index, (_, config, _)) in cases.enumerated() {
            let display = try VirtualDisplay()
            let stderr = "\(broker.directory)/case\(index).err"
            let (process, window) = try launch(display, config, stderr: stderr)
            screens.append((process, window, display, stderr))
        }
        defer { for (process, _, _, _) in screens where process.isRunning { process.terminate() } }
        let initial = try ringsRender("300x300", "0.1,0.1,0.1")
        for (index, (name, _, reason)) in cases.enumerated() {
            let (process, window, display, stderr) = screens[index]
            let line = "rings: MQTT \(index == 2 ? "127.0.0.1" : "localhost"):\(broker.tlsPort): \(reason); trying again in 30 s"
            let said = { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }
            #expect(eventually(within: 60) { said().contains(line) }, "\(name): \(said())")
            #expect(said().split(separator: "\n").map(String.init) == [line], "\(name): one line: \(said())")
            #expect(process.isRunning, "\(name)")
            // The attempt has ended (it said so) with nothing of the broker's on screen; the first
            // screen shows the broker's values below, once its login is taken.
            #expect(differingPixels(try capture(display, window), initial) == 0, "\(name): nothing from that broker shows")
        }
        // The broker now takes the screen's password (it starts again to read it, with a new log:
        // the one so far is kept for the pace below). The screen tries again by itself and gets in.
        let firstLog = broker.log
        try broker.setPassword("wrong")
        try broker.publish("office/rings", "1=0.5 2=0.5 3=0.5", retain: true)  // the restarted broker kept nothing
        let (_, window, display, stderr) = screens[0]
        let retained = try ringsRender("300x300", "0.5,0.5,0.5")
        #expect(try eventually(within: 120) { differingPixels(try capture(display, window), retained) == 0 },
                "a refused screen tries again by itself and shows the broker's values; it said \((try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""), the broker \(broker.log.suffix(1500))")
        // The slow pace: within 29 s of the first connection the broker took no more than the first
        // attempts' four (the wrong password's is two: rings checks the certificate itself before
        // libmosquitto connects), and the connection that got in came after them.
        let times = connectionTimes(firstLog + "\n" + broker.log, port: broker.tlsPort)
        let first = times.min() ?? 0
        #expect(times.filter { $0 < first + 29 }.count <= 4 && times.contains { $0 >= first + 29 },
                "connections at \(times.map { $0 - first }) s after the first")
    }

    /// A broker's certificate that gives its address only as its subject's CN (CN=127.0.0.1, no
    /// subjectAltName) is not one for that address (RFC 6125; libmosquitto's own check took it):
    /// refused in one line before anything, the password least of all, is sent; the same login over
    /// the plain port, where there is no certificate to check, is in the broker's log.
    @Test(.needs(ready, why))
    func anAddressInTheCommonNameAloneIsNotTrusted() throws {
        let broker = try Broker(security: .standard)
        let at = { (name: String) in "\(broker.directory)/\(name)" }
        for arguments in [["req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("broker.key"), "-out", at("cn.csr"), "-subj", "/CN=127.0.0.1"],
                          ["x509", "-req", "-in", at("cn.csr"), "-CA", at("ca.crt"), "-CAkey", at("ca.key"), "-CAcreateserial", "-out", at("broker.crt"), "-days", "2"]] {
            let made = try runProgram(which("openssl")!, arguments, timeout: 60)
            #expect(made.status == 0, "\(made.stderr)")
        }
        for name in ["broker.crt", "broker.key"] { chmod(at(name), 0o644) }
        broker.stop()
        try broker.start()
        let display = try VirtualDisplay(), stderr = at("cn.err")
        let (process, _) = try launch(display, try config(broker, host: "127.0.0.1"), stderr: stderr)
        defer { if process.isRunning { process.terminate() } }
        let said = { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }
        #expect(eventually(within: 60) { said().contains("TLS failed: the broker's certificate does not name the address 127.0.0.1") }, "\(said())")
        // The attempt has ended (it said so), and no login of it is in the broker's log.
        #expect(!broker.log.contains("u'lobby'"), "no MQTT login reached the broker: \(broker.log.suffix(800))")
        // The control: the same login over the plain port (no certificate there) is in the log as a login.
        let plain = try broker.screenConfig("plain", mqtt: """
            url = "\(broker.url)"
            topic = "office/rings"
            username = "lobby"
            password-file = "lobby.pw"
            """)
        let elsewhere = try VirtualDisplay()
        let (control, _) = try launch(elsewhere, plain, stderr: at("plain.err"))
        defer { if control.isRunning { control.terminate() } }
        withExtendedLifetime(elsewhere) {
            #expect(eventually(within: 60) { broker.log.contains("u'lobby'") }, "the plain port's login: \(broker.log.suffix(800))")
        }
    }
}
