import Glibc
import RingsRaster

extension Pixmap {
    /// Whether row `y` holds the same pixels as row `y` of `other`, as wide: one memcmp. Tests that
    /// compare thousands of frames look pixel by pixel only where a row differs (the pixel loop
    /// would be most of their time, minutes under qemu-user).
    public func sameRow(_ y: Int, as other: Pixmap) -> Bool {
        precondition(other.width == width && (0..<min(height, other.height)).contains(y), "rows of different pixmaps")
        return memcmp(row(y), other.row(y), width * MemoryLayout<UInt32>.size) == 0
    }
}
