extension StringProtocol {
    /// The text without the white space (and line ends) at either end: `"  7 \n".trimmed` is "7".
    public var trimmed: String { trimmed { $0.isWhitespace } }

    /// The text without the characters `drop` says at either end.
    public func trimmed(_ drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }
}
