import CDRM
import FoundationEssentials
import Glibc
import RingsAnimation
import RingsRaster

/// The console's screen through KMS/DRM, without a compositor and without GL: a connected
/// connector of the first DRM device that has one, its preferred mode on a CRTC that can drive it,
/// and the picture that was there before, put back when rings ends. Frames reach it in dumb buffers
/// (`DumbBuffer`, `ConsolePresenter`), so Mesa, GBM and EGL are not needed.
final class ConsoleDisplay {
    /// The device's descriptor; the first program to open it holds DRM master, which showing a
    /// picture and switching the power need.
    let descriptor: Int32
    /// The device, for messages: /dev/dri/card0.
    let path: String
    let connector: UInt32
    let crtc: UInt32
    private(set) var mode: drmModeModeInfo
    /// The CRTC as found, shown again at the end (the console's text, or a splash); nil once shown.
    private var saved: UnsafeMutablePointer<drmModeCrtc>?
    /// Whether `switchPower` turned the screen off: page flips are refused then, and not retried.
    private(set) var isOff = false
    /// Page flips asked for, and (counted by the flip events' handler) done.
    private var flipsAsked = 0
    private let flipsDone: UnsafeMutablePointer<Int> = {
        let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        count.initialize(to: 0)
        return count
    }()

    var width: Int { Int(mode.hdisplay) }
    var height: Int { Int(mode.vdisplay) }
    /// The mode's refresh interval in seconds (1/60 where it does not say).
    var refreshInterval: Double { mode.vrefresh > 0 ? 1 / Double(mode.vrefresh) : 1.0 / 60 }

    /// Opens the connected screen `index` (0 the first) of the DRM devices in turn; throws, saying
    /// why, where there is none or it cannot be opened.
    init(index: Int, devices: [String] = ConsoleDisplay.devices()) throws(SDLError) {
        var problems: [String] = [], connected = 0
        for path in devices {
            let descriptor = open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else {
                problems.append("cannot open \(path): \(String(cString: strerror(errno)))\(errno == EACCES ? " (the user needs the video group)" : "")")
                continue
            }
            // Screens are counted across the devices: `index` 1 may be the second device's first.
            let screens = Self.connectedScreens(descriptor), local = index - connected
            connected += screens.count
            guard screens.indices.contains(local), let crtc = Self.crtc(for: screens[local], descriptor: descriptor) else {
                close(descriptor)
                continue
            }
            self.descriptor = descriptor
            self.path = path
            (connector, mode) = screens[local]
            self.crtc = crtc
            saved = drmModeGetCrtc(descriptor, crtc)
            return
        }
        if devices.isEmpty { throw SDLError("no KMS/DRM device (/dev/dri/card*): the console cannot show a picture") }
        if connected > 0 {
            throw SDLError("display \(index) does not exist (\(connected == 1 ? "1 screen is connected, display 0" : "\(connected) screens are connected, 0 to \(connected - 1)"))")
        }
        throw SDLError(problems.first ?? "no screen is connected to \(devices.joined(separator: ", "))")
    }

    deinit {
        restore()
        close(descriptor)
        flipsDone.deallocate()
    }

    /// Shows the picture found at the start again (once): before the buffers go, so that removing
    /// the one on screen does not switch the screen off first.
    func restore() {
        guard let saved else { return }
        var connector = self.connector
        if saved.pointee.mode_valid != 0 {
            drmModeSetCrtc(descriptor, crtc, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y, &connector, 1, &saved.pointee.mode)
        }
        drmModeFreeCrtc(saved)
        self.saved = nil
    }

    /// Switches the screen's power (its connectors' DPMS); false where it cannot be switched.
    func switchPower(off: Bool) -> Bool {
        guard ConsolePower.set(off: off, descriptor: descriptor) else { return false }
        isOff = off
        return true
    }

    /// The DRM devices that can show a picture, in order: /dev/dri/card0, card1, ...
    static func devices() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri") else { return [] }
        return names.filter { $0.hasPrefix("card") }
            .sorted { (Int($0.dropFirst(4)) ?? 0) < (Int($1.dropFirst(4)) ?? 0) }
            .map { "/dev/dri/" + $0 }
    }

    /// Shows `buffer` at once (a mode set): the first picture, or where a page flip cannot be made.
    func show(_ buffer: DumbBuffer) throws(SDLError) {
        var connector = self.connector
        guard drmModeSetCrtc(descriptor, crtc, buffer.framebuffer, 0, 0, &connector, 1, &mode) == 0 else {
            let reason = String(cString: strerror(errno))
            throw SDLError(errno == EACCES || errno == EPERM
                ? "cannot show a picture on \(path): another program (an X server or a compositor) holds the display"
                : "cannot show a picture on \(path): \(reason)")
        }
    }

    /// Shows `buffer` at the next vblank and waits for it (at most `timeout` seconds: the flip may
    /// still end later); false where it is not shown: a flip still under way, or the screen off.
    /// Throws where the display is lost (another program took it).
    func flip(to buffer: DumbBuffer, timeout: Double = 0.1) throws(SDLError) -> Bool {
        guard drmModePageFlip(descriptor, crtc, buffer.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), flipsDone) == 0 else {
            switch errno {
            case EBUSY: return false
            // Refused on a screen switched off; elsewhere (a driver without page flips) it is set at once.
            case EINVAL where isOff: return false
            case EINVAL, ENOSYS, EOPNOTSUPP: try show(buffer); return true
            case EACCES, EPERM: throw SDLError("cannot show the frame on \(path): another program (an X server or a compositor) holds the display")
            default: throw SDLError("cannot show the frame on \(path): \(String(cString: strerror(errno)))")
            }
        }
        flipsAsked += 1
        _ = awaitFlip(timeout: timeout)
        return true
    }

    /// Waits for the page flips asked for to end, at most `timeout` seconds; whether none is left.
    func awaitFlip(timeout: Double = 0.1) -> Bool {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, count in count?.assumingMemoryBound(to: Int.self).pointee += 1 }
        let clock = MonotonicClock(), end = clock.now() + timeout
        while flipsDone.pointee < flipsAsked {
            let left = end - clock.now()
            guard left > 0 else { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, drmHandleEvent(descriptor, &context) == 0 else { return false }
        }
        return true
    }

    /// Tells drivers that show a buffer only when told (virtio-gpu, USB displays) that its pixels changed.
    func markChanged(_ buffer: DumbBuffer, rects: [IntRect]) {
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        var clips = rects.map { $0.intersection(screen) }.filter { !$0.isEmpty }.map {
            drmModeClip(x1: UInt16(clamping: $0.minX), y1: UInt16(clamping: $0.minY), x2: UInt16(clamping: $0.maxX), y2: UInt16(clamping: $0.maxY))
        }
        _ = drmModeDirtyFB(descriptor, buffer.framebuffer, &clips, UInt32(clips.count))
    }

    /// The connected connectors and their preferred modes (the first mode where none is preferred).
    private static func connectedScreens(_ descriptor: Int32) -> [(UInt32, drmModeModeInfo)] {
        guard let resources = drmModeGetResources(descriptor) else { return [] }
        defer { drmModeFreeResources(resources) }
        var screens: [(UInt32, drmModeModeInfo)] = []
        for index in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(descriptor, resources.pointee.connectors[index]) else { continue }
            defer { drmModeFreeConnector(connector) }
            let modes = UnsafeBufferPointer(start: connector.pointee.modes, count: Int(connector.pointee.count_modes))
            guard connector.pointee.connection == DRM_MODE_CONNECTED,
                  let mode = modes.first(where: { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }) ?? modes.first else { continue }
            screens.append((connector.pointee.connector_id, mode))
        }
        return screens
    }

    /// A CRTC for the connector: the one its encoder drives now, else the first any of its encoders can.
    private static func crtc(for screen: (UInt32, drmModeModeInfo), descriptor: Int32) -> UInt32? {
        guard let resources = drmModeGetResources(descriptor), let connector = drmModeGetConnector(descriptor, screen.0) else { return nil }
        defer { drmModeFreeResources(resources); drmModeFreeConnector(connector) }
        if let encoder = drmModeGetEncoder(descriptor, connector.pointee.encoder_id) {
            defer { drmModeFreeEncoder(encoder) }
            if encoder.pointee.crtc_id != 0 { return encoder.pointee.crtc_id }
        }
        for index in 0..<Int(connector.pointee.count_encoders) {
            guard let encoder = drmModeGetEncoder(descriptor, connector.pointee.encoders[index]) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for crtc in 0..<Int(resources.pointee.count_crtcs) where encoder.pointee.possible_crtcs & (1 << crtc) != 0 {
                return resources.pointee.crtcs[crtc]
            }
        }
        return nil
    }
}
