import Foundation
import Testing
import TestSupport

/// libmosquitto and OpenSSL are loaded when a screen first uses a broker, not before: a screen
/// without one keeps neither in memory (about 1.8 MB).
@Suite(.serialized) struct MQTTLibraryTests {
    static let brokerLibraries = ["libmosquitto", "libssl", "libcrypto"]

    /// The same window without and with `--mqtt`: the libraries are mapped only in the second, once
    /// the retained value from the broker shows.
    @Test(.needs(MQTTTests.ready, MQTTTests.why))
    func theBrokersLibrariesAreLoadedOnlyWithABroker() throws {
        let broker = try Broker()
        try broker.publish("lobby/rings", "1=0.3 2=0.3 3=0.3", retain: true)
        let arguments = ["--theme", "flat", "--size", "300x300", "--chrome", "none", "--no-intro", "--duration", "0.1"]
        func loaded(_ window: RunningWindow) throws -> [String] {
            try mappedLibraries(window.process).filter { name in Self.brokerLibraries.contains { name.hasPrefix($0) } }.sorted()
        }

        let alone = try RunningWindow(arguments + ["--progress", "0.6,0.6,0.6"])
        #expect(try alone.settles(to: try ringsRender("300x300", "0.6,0.6,0.6")) == 0)
        let without = try loaded(alone)
        // The window with a broker below is this look's control: there it finds them.
        #expect(without.isEmpty, "no broker, none of its libraries: \(without)")
        _ = try alone.quit()

        let fed = try RunningWindow(arguments + ["--progress", "0.1,0.1,0.1", "--mqtt", broker.url, "--topic", "lobby/rings"])
        #expect(try fed.settles(to: try ringsRender("300x300", "0.3,0.3,0.3")) == 0, "the broker's retained value shows")
        let names = try loaded(fed)
        #expect(Self.brokerLibraries.allSatisfy { library in names.contains { $0.hasPrefix(library) } }, "with a broker: \(names)")
        _ = try fed.quit()
    }
}
