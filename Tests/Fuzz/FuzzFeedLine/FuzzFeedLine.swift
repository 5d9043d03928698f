import FuzzSupport
import Rings
import RingsLive

/// A feed's line (stdin, a file, a command's output) and a broker message's payload, as the live
/// screen parses them: either ring updates with indexes and values a ring takes, or one refusal in
/// one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let names = ["move", "Übung", "stand", "步数"], goals: [Double?] = [nil, 600, nil, 10_000]
    check(FeedLine.parse(input, names: names, goals: goals), rings: names.count)
    // A topic of its own per ring: the message is that ring's value alone.
    for topic in ["home/rings", "home/rings/2", "home/rings/步数"] {
        check(MQTTFeed.parse(topic: topic, payload: input, names: names, goals: goals), rings: names.count)
    }
    return 0
}

func check(_ parsed: Result<[(ring: Int, value: Double)], FeedLine.Rejection>, rings: Int) {
    switch parsed {
    case let .success(updates):
        require(!updates.isEmpty, "a line taken sets no ring")
        for (ring, value) in updates {
            require((0..<rings).contains(ring), "ring \(ring) of \(rings)")
            require(value.isFinite && (0...RingValues.maximumProgress).contains(value), "value \(value)")
        }
    case let .failure(rejection):
        require(isOneLine(rejection.reason), "the refusal is not one line: \(rejection.reason)")
    }
}
