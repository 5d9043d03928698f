import CSDL2
import Rings
import RingsRaster

extension RingsWindow {
    /// Gives the window the app's icon (what a task bar or a window switcher shows), drawn at 64 px.
    static func setIcon(of window: OpaquePointer) {
        guard let icon = try? AppIcon.pixmap(size: 64),
              let surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<64 {
            let row = icon.row(y)
            for x in 0..<64 { pixels[y * pitch + x] = PackedPixel(bits: row[x]).straight.bits.littleEndian }
        }
        SDL_SetWindowIcon(window, surface)
    }
}
