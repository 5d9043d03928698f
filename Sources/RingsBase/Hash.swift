/// FNV-1a, 64 bits, over a text's UTF-8: a short name that stays the same from run to run and
/// machine to machine (Swift's own `Hasher` is seeded anew each run), for file names and ids.
public func fnv1a64(_ text: String) -> UInt64 {
    text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}
