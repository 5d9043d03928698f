import ArgumentParser
import Rings
import RingsLive
import RingsPNG

/// `rings icon`: the app's icon (the one the window shows and `make install` puts in the menu) as a PNG.
struct IconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon",
        abstract: "Draw the app's icon (three rings on a black rounded square) into a PNG file.")

    @Option(help: ArgumentHelp("The icon's width and height in pixels, 16 to 1024.", valueName: "pixels"))
    var size = 256

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "path"))
    var out: String

    func run() throws {
        guard (16...1024).contains(size) else { throw UserError("--size must be from 16 to 1024, not \(size)") }
        do { try PNGFile.write(try AppIcon.pixmap(size: size), to: out) } catch { throw UserError(error) }
    }
}
