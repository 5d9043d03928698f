import Foundation
import Rings
import RingsLive
import RingsAnimation
import RingsRaster
import Testing
import TestSupport

/// The live screen on a real broker, without a window: what the legend says of the connection.
@Suite(.serialized) struct MQTTScreenTests {
    @Test(.enabled(if: !Broker.missing, "needs mosquitto (make test installs it)"))
    func theLegendSaysHowTheConnectionStands() throws {
        let broker = try Broker()
        let settings = try MQTTFeed.Settings(url: broker.url, topics: ["fleet/rings"])
        let screen = LiveScreen(options: .init(theme: .standard, values: [0.1, 0.1, 0.1], spec: .tween(duration: 0.1, curve: .linear), mqtt: settings),
                                glyphs: BoxGlyphs(), problems: ProblemLog(now: { 0 }, write: { _ in }))
        let clock = ManualClock()
        screen.start(on: FrameLoop(clock: clock), stats: FrameStats(), wake: {})
        defer { screen.stop() }
        func said() -> String? {
            screen.wake(at: clock.now())
            guard case let .rings(scene, _) = screen.frame(width: 600, height: 400, at: clock.now()) else { return nil }
            return scene.chrome?.legend.last.map { "\($0.name) \($0.value)" }
        }
        #expect(eventually(within: 10) { said() == "MQTT connected" })
        broker.stop()
        #expect(eventually(within: 10) { said() == "MQTT reconnecting" }, "\(said() ?? "")")
        try broker.start()
        #expect(eventually(within: 10) { said() == "MQTT connected" }, "back within 10 s")
    }
}
