import Foundation
import Rings
import Testing

/// The night schedule on wall-clock time: dim at 22:00, off at 23:00, on at 07:00, across
/// midnight, the week and both DST changes of Europe/Berlin in 2026.
@Suite struct ScheduleTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let lobby = Schedule(steps: [
        .init(minute: 22 * 60, brightness: 0.2), .init(minute: 23 * 60, screenOff: true), .init(minute: 7 * 60),
    ])

    /// A moment given in UTC.
    func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "Z")! }

    @Test func dimAtTenOffAtElevenOnAtSevenAcrossMidnight() {
        let cases: [(String, Double, Bool)] = [
            ("2026-06-10T19:59:59", 1, false),   // 21:59:59 CEST
            ("2026-06-10T20:00:00", 0.2, false), // 22:00
            ("2026-06-10T21:00:00", 0, true),    // 23:00
            ("2026-06-10T22:30:00", 0, true),    // 00:30, past midnight
            ("2026-06-11T04:59:00", 0, true),    // 06:59
            ("2026-06-11T05:00:00", 1, false),   // 07:00
        ]
        for (moment, brightness, off) in cases {
            let state = lobby.state(at: utc(moment), in: berlin)
            #expect(state.brightness == brightness && state.screenOff == off, "\(moment): \(state)")
        }
    }

    /// The clocks go forward (02:00 CET is 03:00 CEST) and back (03:00 CEST is 02:00 CET): steps
    /// keep their wall-clock times, and one in the gap (02:30) holds from 03:00 CEST.
    @Test func daylightSavingChanges() {
        #expect(lobby.state(at: utc("2026-03-28T20:59:00"), in: berlin).brightness == 1, "21:59 CET")
        #expect(lobby.state(at: utc("2026-03-28T21:00:00"), in: berlin).brightness == 0.2, "22:00 CET")
        #expect(lobby.state(at: utc("2026-03-29T04:59:00"), in: berlin).screenOff, "06:59 CEST, the first summer morning: still off")
        #expect(lobby.state(at: utc("2026-03-29T05:00:00"), in: berlin).screenOff == false, "07:00 CEST: on")
        #expect(lobby.state(at: utc("2026-10-25T05:59:00"), in: berlin).screenOff, "06:59 CET: still off")
        #expect(lobby.state(at: utc("2026-10-25T06:00:00"), in: berlin).screenOff == false, "07:00 CET, the first winter morning: on")
        let gap = Schedule(steps: [.init(minute: 2 * 60 + 30, brightness: 0.5), .init(minute: 12 * 60)])
        #expect(gap.state(at: utc("2026-03-29T00:59:00"), in: berlin).brightness == 1, "01:59 CET")
        #expect(gap.state(at: utc("2026-03-29T01:00:00"), in: berlin).brightness == 0.5, "03:00 CEST")
    }

    /// Days: a step on named days only; the latest step of the days before holds until then.
    @Test func stepsOnTheirDays() {
        let weekend = Schedule(steps: [.init(minute: 8 * 60), .init(minute: 9 * 60, days: [.sat, .sun], screenOff: true)])
        #expect(weekend.state(at: utc("2026-06-13T08:00:00"), in: berlin).screenOff, "Saturday 10:00: off")
        #expect(weekend.state(at: utc("2026-06-15T08:00:00"), in: berlin).screenOff == false, "Monday 10:00: on")
        #expect(weekend.state(at: utc("2026-06-15T05:00:00"), in: berlin).screenOff, "Monday 07:00: Sunday's step still holds")
        #expect(Schedule(steps: []).state(at: utc("2026-06-15T08:00:00"), in: berlin) == Schedule.State(), "no steps: full brightness")
    }

    @Test func timesAreHoursAndMinutes() {
        #expect(Schedule.minute(of: "22:00") == 1320 && Schedule.minute(of: "7:05") == 425 && Schedule.minute(of: "00:00") == 0)
        for bad in ["24:00", "22:60", "22", "22:0", "-1:00", "2200", "22:00:00", "", "٢٢:٠٠", " 22:00"] {
            #expect(Schedule.minute(of: bad) == nil, "\(bad)")
        }
    }
}
