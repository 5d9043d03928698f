import CDRM
import Glibc
import RingsRaster

/// A picture the console's display can show, in memory any CPU can draw into: a KMS/DRM dumb buffer
/// of the screen's size, XRGB8888 (bytes B, G, R, X: drawn with red and blue exchanged), mapped
/// into the process and made a framebuffer. The kernel hands it out black.
final class DumbBuffer {
    /// The screen's device, kept open while the buffer lives.
    private let display: ConsoleDisplay
    private let handle: UInt32
    private let size: Int
    private let mapped: UnsafeMutableRawPointer
    /// The framebuffer's id, which a mode set or a page flip shows.
    let framebuffer: UInt32
    /// Its pixels, as the window surface's are: red and blue exchanged.
    let surface: WindowSurface

    /// A buffer of the screen's size on `display`'s device; throws where the driver has no dumb
    /// buffers or no memory for one.
    init(display: ConsoleDisplay) throws(SDLError) {
        self.display = display
        let (descriptor, width, height) = (display.descriptor, display.width, display.height)
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0, offset: UInt64 = 0
        guard drmModeCreateDumbBuffer(descriptor, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) == 0 else {
            throw SDLError("cannot make a \(width)x\(height) picture for the console (dumb buffer): \(String(cString: strerror(errno)))")
        }
        var framebuffer: UInt32 = 0
        guard drmModeAddFB(descriptor, UInt32(width), UInt32(height), 24, 32, pitch, handle, &framebuffer) == 0 else {
            let reason = String(cString: strerror(errno))
            drmModeDestroyDumbBuffer(descriptor, handle)
            throw SDLError("cannot make the console's framebuffer: \(reason)")
        }
        guard drmModeMapDumbBuffer(descriptor, handle, &offset) == 0,
              let mapped = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset)),
              mapped != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            drmModeRmFB(descriptor, framebuffer)
            drmModeDestroyDumbBuffer(descriptor, handle)
            throw SDLError("cannot map the console's framebuffer: \(reason)")
        }
        (self.handle, self.size, self.mapped, self.framebuffer) = (handle, Int(size), mapped, framebuffer)
        let pixels = Pixmap(borrowing: mapped.assumingMemoryBound(to: UInt32.self), width: width, height: height, stride: Int(pitch) / 4)
        surface = WindowSurface(pixels: pixels, redAndBlueSwapped: true)
    }

    deinit {
        munmap(mapped, size)
        drmModeRmFB(display.descriptor, framebuffer)
        drmModeDestroyDumbBuffer(display.descriptor, handle)
    }
}
