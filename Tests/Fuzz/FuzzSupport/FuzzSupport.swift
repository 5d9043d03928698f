import Glibc

/// What a fuzz target asserts of a parse: a condition that must hold for every input, else the
/// process stops (libFuzzer keeps the input that did it, as for a crash).
public func require(_ condition: Bool, _ what: @autoclosure () -> String) {
    guard !condition else { return }
    let line = Array("fuzz: \(what())\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// A refusal's reason is one line a person can read: not empty, no line break, not a page long.
public func isOneLine(_ reason: String) -> Bool {
    !reason.isEmpty && !reason.contains("\n") && !reason.contains("\r") && reason.utf8.count <= 1024
}

/// libFuzzer's input as bytes (it passes no pointer for an empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
