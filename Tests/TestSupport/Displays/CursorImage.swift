import Foundation

extension VirtualDisplay {
    /// Whether the pointer shows nothing where it is now: every pixel of the X server's current
    /// cursor image (XFixes, which is what is drawn on screen) is fully transparent. Nil when Xlib or
    /// XFixes cannot be loaded.
    public func cursorIsBlank() -> Bool? {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xfixes = dlopen("libXfixes.so.3", RTLD_NOW) else { return nil }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Close = @convention(c) (OpaquePointer?) -> Int32
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Int32
        typealias CursorImage = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
        guard let open = dlsym(x11, "XOpenDisplay"), let close = dlsym(x11, "XCloseDisplay"), let free = dlsym(x11, "XFree"),
              let image = dlsym(xfixes, "XFixesGetCursorImage") else { return nil }
        guard let display = unsafeBitCast(open, to: Open.self)(name) else { return nil }
        defer { _ = unsafeBitCast(close, to: Close.self)(display) }
        guard let cursor = unsafeBitCast(image, to: CursorImage.self)(display) else { return nil }
        defer { _ = unsafeBitCast(free, to: Free.self)(cursor) }
        // XFixesCursorImage: short x, y; unsigned short width, height, xhot, yhot; unsigned long
        // cursor_serial; unsigned long *pixels (ARGB in the low 32 bits); ...
        let width = Int(cursor.load(fromByteOffset: 4, as: UInt16.self)), height = Int(cursor.load(fromByteOffset: 6, as: UInt16.self))
        let pixels = cursor.load(fromByteOffset: 24, as: UnsafePointer<UInt>.self)
        return (0..<width * height).allSatisfy { pixels[$0] & 0xFF00_0000 == 0 }
    }
}
