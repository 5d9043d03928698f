import Testing

/// The error of type `E` that `body` throws, recorded as an issue (`comment`, where it was expected)
/// when it throws none or another: `#expect(throws:)`'s answer, which Swift Testing 6.0 does not give.
public func caught<E: Error>(_ type: E.Type, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation,
                             _ body: () throws -> Void) -> E? {
    do {
        try body()
    } catch let error as E {
        return error
    } catch {
        Issue.record("\(comment.rawValue): threw \(error), not \(E.self)", sourceLocation: sourceLocation)
        return nil
    }
    Issue.record(comment, sourceLocation: sourceLocation)
    return nil
}
