import FoundationEssentials
import FuzzSupport
import RingsBase

/// JSON as the themes, presets, feed lines, commands and the state file read it: plain values, or
/// why not in one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    do {
        let value = try JSON.parse(Data(bytes(data, size)))
        require(plain(value), "a value that is not plain JSON: \(type(of: value))")
    } catch {
        require(isOneLine(error.description), "the reason: \(error.description)")
    }
    return 0
}

/// Every part of the value is one of JSON's: an object, an array, a number, a string, a Bool, null.
func plain(_ value: Any) -> Bool {
    switch value {
    case let object as [String: Any]: object.values.allSatisfy(plain)
    case let array as [Any]: array.allSatisfy(plain)
    case let number as Double: number.isFinite
    case is String, is Bool, is JSON.Null: true
    default: false
    }
}
