import Foundation
import Rings
import RingsLive
import Testing

/// What an MQTT message means, and which broker addresses are taken, without a broker.
@Suite struct MQTTFeedTests {
    let names = ["Move", "Exercise", "Stand"]

    func values(_ topic: String, _ payload: String) -> [Int: Double]? {
        guard case let .success(updates) = MQTTFeed.parse(topic: topic, payload: Array(payload.utf8), names: names, goals: [nil, nil, 600]) else { return nil }
        return Dictionary(uniqueKeysWithValues: updates.map { ($0.ring, $0.value) })
    }

    @Test func aTopicNamingARingTakesTheValueAlone() {
        #expect(values("office/rings/stand", "430/600") == [2: 430.0 / 600])
        #expect(values("office/rings/Stand", "430") == [2: 430.0 / 600], "a plain number is an amount of the ring's goal")
        #expect(values("office/rings/1", "72%") == [0: 0.72])
        #expect(values("office/rings", "1=0.5 exercise=150%") == [0: 0.5, 1: 1.5], "any other topic: a feed line")
        #expect(values("office/rings", #"{"exercise": 0.25}"#) == [1: 0.25], "JSON on any other topic: a feed line")
        // A ring's own topic never sets another ring (the regression: 3=0.9 on t/2 set ring 3).
        for (topic, payload) in [("office/rings/move", #"{"exercise": 0.25}"#), ("t/2", "3=0.9"), ("t/2", "2=0.9"), ("t/stand", " {\"stand\": 1}")] {
            let refused = MQTTFeed.parse(topic: topic, payload: Array(payload.utf8), names: names)
            #expect(refused.failureReason?.contains("is ring") == true && refused.failureReason?.contains("own") == true, "\(topic) \(payload): \(refused)")
        }
        #expect(values("office/rings/move", "garbage") == nil)
        #expect(values("office/rings", "nan") == nil)
        #expect(values("office/rings/move", String(repeating: "1", count: 5000)) == nil, "too long")
    }

    /// Topic filters by MQTT's rules (3.1.1, 4.7): filters a broker would take and never match are
    /// refused before connecting (the regression: accepted, "connected", and nothing ever came).
    @Test func topicFiltersFollowMQTTsRules() {
        for good in ["a", "a/b", "a/+/b", "+", "#", "a/#", "+/+/#", "/a", "a/", "office rings/Move"] {
            #expect(MQTTFeed.Settings.filterProblem(good) == nil, "\(good)")
        }
        for bad in ["a/#/b", "a#", "#/1", "+a/b", "a/b+", "a/+b/c", "", "a\u{0}b", String(repeating: "x", count: 257)] {
            #expect(MQTTFeed.Settings.filterProblem(bad) != nil, "\(bad)")
        }
    }

    @Test func brokerAddresses() throws {
        let plain = try MQTTFeed.Settings(url: "mqtt://broker.local", topics: ["a/#"])
        #expect(plain.host == "broker.local" && plain.port == 1883 && !plain.tls && plain.qos == 1)
        let tls = try MQTTFeed.Settings(url: "mqtts://10.0.0.2:9883", topics: ["a", "b"], clientID: "lobby", keepalive: 10, qos: 0)
        #expect(tls.host == "10.0.0.2" && tls.port == 9883 && tls.tls && tls.clientID == "lobby")
        for (url, topics) in [("http://x", ["a"]), ("mqtt://", ["a"]), ("mqtt://x:0", ["a"]), ("mqtt://x:99999", ["a"]), ("mqtt://x", []), ("mqtt://x", [""])] {
            #expect(throws: MQTTFeed.Problem.self, "\(url) \(topics)") { try MQTTFeed.Settings(url: url, topics: topics) }
        }
        #expect(throws: MQTTFeed.Problem.self) { try MQTTFeed.Settings(url: "mqtt://x", topics: ["a"], qos: 2) }
    }

    @Test func tlsFilesAndPasswordFiles() throws {
        let directory = NSTemporaryDirectory() + "rings-mqtt-settings-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func file(_ name: String, _ contents: String, mode: Int = 0o600) throws -> String {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: "\(directory)/\(name)")
            return "\(directory)/\(name)"
        }
        let pem = try file("any.pem", "-----BEGIN CERTIFICATE-----\n")
        #expect(try MQTTFeed.Settings.password(fromFile: try file("a.pw", "s3cret\nignored\n")) == "s3cret")
        #expect(try MQTTFeed.Settings.password(fromFile: try file("b.pw", "with spaces \r\n")) == "with spaces ")
        for bad in [try file("empty.pw", "\nsecond"), try file("big.pw", String(repeating: "x", count: 5000)), directory, directory + "/gone.pw"] {
            #expect(throws: MQTTFeed.Problem.self, "\(bad)") { try MQTTFeed.Settings.password(fromFile: bad) }
        }
        let secure = try MQTTFeed.Settings(url: "mqtts://b", topics: ["a"], ca: pem, cert: pem, key: pem, username: "u", password: "p")
        #expect(secure.ca == pem && secure.username == "u" && secure.password == "p")
        #expect(throws: MQTTFeed.Problem.self, "TLS files need mqtts") { try MQTTFeed.Settings(url: "mqtt://b", topics: ["a"], ca: pem) }
        #expect(throws: MQTTFeed.Problem.self, "cert without key") { try MQTTFeed.Settings(url: "mqtts://b", topics: ["a"], cert: pem) }
        #expect(throws: MQTTFeed.Problem.self, "a missing CA") { try MQTTFeed.Settings(url: "mqtts://b", topics: ["a"], ca: directory + "/gone") }
        #expect(throws: MQTTFeed.Problem.self, "a password without a user") { try MQTTFeed.Settings(url: "mqtt://b", topics: ["a"], password: "p") }
        // A byte-order mark an editor wrote is not part of the password; a file every user can read is refused.
        #expect(try MQTTFeed.Settings.password(fromFile: try file("bom.pw", "\u{FEFF}s3cret\n")) == "s3cret")
        #expect(try MQTTFeed.Settings.password(fromFile: try file("group.pw", "s3cret\n", mode: 0o640)) == "s3cret")
        let open = try file("open.pw", "s3cret\n", mode: 0o644)
        #expect { try MQTTFeed.Settings.password(fromFile: open) } throws: { "\($0)".contains("every user of this machine can read it; chmod 600") }
        // A key behind a passphrase would make OpenSSL ask for it on the unit's terminal, for ever.
        for protected in ["-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIF\n", "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n"] {
            let key = try file("locked.key", protected)
            #expect(throws: MQTTFeed.Problem.self) { try MQTTFeed.Settings(url: "mqtts://b", topics: ["a"], cert: pem, key: key) }
        }
        // A password in the clear is said, unless the broker is this machine.
        #expect(try MQTTFeed.Settings(url: "mqtt://broker.example", topics: ["a"], username: "u", password: "p").warnings.count == 1)
        #expect(try MQTTFeed.Settings(url: "mqtt://127.0.0.1", topics: ["a"], username: "u", password: "p").warnings.isEmpty)
        #expect(try MQTTFeed.Settings(url: "mqtts://broker.example", topics: ["a"], username: "u", password: "p").warnings.isEmpty)
    }

    /// Distinct client ids are distinct Home Assistant nodes: an id made of the letters node ids allow
    /// is its own node id; any other gets a hash of itself (`lobby.1` and `lobby_1` shared a node,
    /// and so did 大堂 and 餐厅, each screen taking the other's entities).
    @Test func distinctClientIDsAreDistinctNodes() throws {
        func node(_ id: String) throws -> String { try MQTTFeed.Settings(url: "mqtt://b", topics: ["a"], clientID: id).nodeID }
        #expect(try node("lobby_1") == "lobby_1" && node("Lobby-2") == "Lobby-2")
        let ids = ["lobby.1", "lobby_1", "lobby 1", "大堂", "餐厅", "大堂 ", "lobby/1"]
        let nodes = try ids.map(node)
        #expect(Set(nodes).count == ids.count, "\(nodes)")
        #expect(nodes.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } }, "\(nodes)")
        // The same node, run after run: FNV-1a of the id's UTF-8, worked out here once.
        #expect(try node("大堂") == "___6894991c41bd" && node("lobby.1") == "lobby_1_f8d84a8532fc", "\(nodes)")
        // An id that is another's made node id, or ends as one does, is made one of its own.
        let made = ["___6894991c41bd", "lobby_1_f8d84a8532fc", "x_0123456789ab"]
        let madeNodes = try made.map(node)
        #expect(Set(madeNodes + nodes).count == made.count + ids.count, "\(madeNodes) beside \(nodes)")
        #expect(try node("x_0123456789AB") == "x_0123456789AB" && node("x0123456789abc") == "x0123456789abc",
                "uppercase or no `_`: not as a made one ends")
    }
}

extension Result where Failure == FeedLine.Rejection {
    /// Why it was refused, or nil when it was taken.
    var failureReason: String? { if case let .failure(rejection) = self { rejection.reason } else { nil } }
}
