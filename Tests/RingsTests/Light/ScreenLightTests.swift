import Foundation
import Rings
import Testing

/// The broker's commands as JSON, and the screen's light as the schedule, commands, input and an
/// identify move it.
@Suite struct ScreenLightTests {
    func parse(_ text: String) -> Result<ScreenCommand, ScreenCommand.Refusal> { ScreenCommand.parse(Array(text.utf8)) }

    @Test func commandsAreTakenWhole() throws {
        #expect(try parse(#"{"brightness": 0.5}"#).get() == ScreenCommand(brightness: 0.5))
        #expect(try parse(#"{"brightness": 1}"#).get() == ScreenCommand(brightness: 1))
        #expect(try parse(#"{"screen": "off"}"#).get() == ScreenCommand(screenOn: false))
        #expect(try parse(#"{"reload": true}"#).get() == ScreenCommand(reload: true))
        #expect(try parse(#"{"identify": 5}"#).get() == ScreenCommand(identify: 5))
        // What Home Assistant's light sends: on with a brightness, in one message.
        #expect(try parse(#"{"screen": "on", "brightness": 0.502}"#).get() == ScreenCommand(brightness: 0.502, screenOn: true))
        // And with a transition and a flash, which it offers: the change takes that long; a flash identifies.
        #expect(try parse(#"{"screen": "on", "brightness": 0.5, "transition": 4}"#).get() == ScreenCommand(brightness: 0.5, screenOn: true, transition: 4))
        #expect(try parse(#"{"screen": "on", "flash": "short"}"#).get() == ScreenCommand(screenOn: true, identify: 2))
        #expect(try parse(#"{"flash": "long"}"#).get() == ScreenCommand(identify: 10))
    }

    @Test func badCommandsAreRefusedInOneLine() {
        let bad: [(String, String)] = [
            ("garbage", "a command is a JSON object"), ("[1, 2]", "a command is a JSON object"), ("{}", "names no command"),
            (#"{"brightness": 1.5}"#, "brightness must be a number from 0 to 1"), (#"{"brightness": "0.5"}"#, "brightness must be"),
            (#"{"brightness": true}"#, "brightness must be"), (#"{"screen": "dim"}"#, #"screen must be "on" or "off""#),
            (#"{"reload": 1}"#, "reload must be true"), (#"{"reload": false}"#, "reload must be true"),
            (#"{"identify": -1}"#, "identify must be"), (#"{"identify": 601}"#, "identify must be"),
            (#"{"brightness": 0.5, "volume": 3}"#, "'volume' is not a command"),
            (#"{"transition": -1}"#, "transition must be"), (#"{"flash": "blink"}"#, #"flash must be "short" or "long""#),
            (String(repeating: " ", count: 2000) + "{}", "over 1024 bytes"),
            // A key's own line breaks are written as escapes (found by FuzzScreenCommand).
            (#"{"{}s": 0.001, "ess\necs": 0.001}"#, #"'ess\necs' is not a command"#),
        ]
        for (text, reason) in bad {
            guard case let .failure(refusal) = parse(text) else { Issue.record("taken: \(text.prefix(40))"); continue }
            #expect(refusal.reason.contains(reason) && !refusal.reason.contains("\n"), "\(text.prefix(40)): \(refusal.reason)")
        }
        // Said once a minute by kind: commands that differ only in the unknown key they name are of one
        // kind (2,395 lines in 2 s came of a burst of distinct keys).
        let kinds = Set((0..<50).compactMap { n -> String? in
            guard case let .failure(refusal) = parse(#"{"key\#(n)": 1}"#) else { return nil }
            return refusal.kind
        })
        #expect(kinds.count == 1, "\(kinds.sorted().prefix(3))")
        // Another refusal is of another kind: said beside them, not held back by them.
        if case let .failure(other) = parse(#"{"brightness": 1.5}"#) { #expect(!kinds.contains(other.kind), "\(other.kind)") }
        else { Issue.record("brightness 1.5 was taken") }
    }

    @Test func aStepOverridesCommandsAndKeepsTheBrightnessWhileOff() {
        var light = ScreenLight()
        light.follow(Schedule.State(brightness: 0.2, step: 0))
        #expect(light.level == 0.2 && light.step == 0)
        light.obey(ScreenCommand(brightness: 0.6), at: 0)
        #expect(light.level == 0.6, "a command holds until the next step")
        light.follow(Schedule.State(brightness: 0, screenOff: true, step: 1))
        #expect(light.dark && light.level == 0 && light.brightness == 0.6, "off keeps the brightness it comes back at")
        light.obey(ScreenCommand(screenOn: true), at: 0)
        #expect(!light.dark && light.level == 0.6, "on again at it")
        light.follow(Schedule.State(step: 2))
        #expect(light.level == 1 && light.step == 2)
    }

    @Test func inputWakesAScreenThatIsOffForAWhile() {
        var light = ScreenLight()
        var woke = light.wake(at: 0, for: 60)
        #expect(!woke, "a screen that is on is not woken")
        light.obey(ScreenCommand(screenOn: false), at: 0)
        #expect(light.dark)
        woke = light.wake(at: 10, for: 60)
        #expect(woke && !light.dark && light.nextEnd == 70)
        woke = light.wake(at: 50, for: 60)
        #expect(woke && light.nextEnd == 110, "each touch keeps it awake again")
        var ended = light.expire(at: 100)
        #expect(!ended && !light.dark)
        ended = light.expire(at: 110)
        #expect(ended && light.dark, "dark again a minute after the last touch")
    }

    @Test func identifyLightsTheScreenForItsSeconds() {
        var light = ScreenLight()
        light.obey(ScreenCommand(screenOn: false), at: 0)
        light.obey(ScreenCommand(identify: 5), at: 1)
        #expect(light.identifying && !light.dark && light.nextEnd == 6)
        let ended = light.expire(at: 6)
        #expect(ended && !light.identifying && light.dark)
        light.obey(ScreenCommand(screenOn: true, identify: 5), at: 10)
        light.obey(ScreenCommand(identify: 0), at: 11)
        #expect(!light.identifying, "0 ends it")
        light.obey(ScreenCommand(identify: 5), at: 12)
        light.obey(ScreenCommand(screenOn: false), at: 13)
        #expect(light.dark && !light.identifying, "off ends it")
    }
}
