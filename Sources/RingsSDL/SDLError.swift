import CSDL2

/// A failure reported by SDL, Pango or our use of them; the message is captured when thrown.
public struct SDLError: Error, CustomStringConvertible, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }

    /// `context` followed by SDL's own last error text.
    public static func last(_ context: String) -> SDLError {
        let detail = String(cString: SDL_GetError())
        return SDLError(detail.isEmpty ? context : "\(context): \(detail)")
    }

    public var description: String { message }
}
