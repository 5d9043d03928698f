import RingsRaster

/// The flat colour palette of the tutorial ring (flatuicolors.com's "defo"), by name; every theme
/// file may name these colours instead of writing them out.
public enum Palette {
    public static let colors: [String: RGB8] = [
        "lightRed": RGB8(231, 76, 60), "darkRed": RGB8(192, 57, 43),
        "lightGreen": RGB8(46, 204, 113), "darkGreen": RGB8(39, 174, 96),
        "lightPurple": RGB8(155, 89, 182), "darkPurple": RGB8(142, 68, 173),
        "lightBlue": RGB8(52, 152, 219), "darkBlue": RGB8(41, 128, 185),
        "lightYellow": RGB8(241, 196, 15), "darkYellow": RGB8(243, 156, 18),
        "lightOrange": RGB8(230, 126, 34), "darkOrange": RGB8(211, 84, 0),
        "purpleBg": RGB8(69, 51, 201),
        // UIKit's system grey 6, the tutorial's track and button colour.
        "systemGray6": RGB8(242, 242, 247),
        "white": RGB8(255, 255, 255), "black": RGB8(0, 0, 0),
        // Apple's system colours, for thresholds: "orange" from 80 %, "red" from 95 %.
        "red": RGB8(255, 59, 48), "orange": RGB8(255, 149, 0), "yellow": RGB8(255, 204, 0), "green": RGB8(52, 199, 89),
    ]

    /// The names in a stable order, for messages.
    public static var names: [String] { colors.keys.sorted() }

    /// A family of ring colours (start, end) in one theme's style, from which a theme with fewer
    /// colours than rings takes more (`Theme.style(ofRing:)`).
    public enum Family: String, Sendable, CaseIterable {
        case apple, flat, tutorial, gold, soft

        /// Its colours, each a ring's gradient from start to end; every pair of ends at least ΔE 20 apart.
        public var colors: [(start: RGB8, end: RGB8)] {
            switch self {
            case .apple: [
                (RGB8(225, 0, 20), RGB8(255, 50, 135)), (RGB8(55, 220, 0), RGB8(183, 255, 0)), (RGB8(0, 186, 225), RGB8(0, 250, 208)),
                (RGB8(255, 94, 0), RGB8(255, 149, 0)), (RGB8(140, 50, 230), RGB8(191, 90, 242)), (RGB8(0, 80, 230), RGB8(10, 132, 255)),
                (RGB8(255, 170, 0), RGB8(255, 214, 10)), (RGB8(140, 110, 80), RGB8(172, 142, 104)), (RGB8(170, 170, 180), RGB8(235, 235, 245)),
                (RGB8(200, 20, 10), RGB8(255, 69, 58)),
            ]
            case .flat: [
                (RGB8(192, 57, 43), RGB8(231, 76, 60)), (RGB8(39, 174, 96), RGB8(46, 204, 113)), (RGB8(41, 128, 185), RGB8(52, 152, 219)),
                (RGB8(243, 156, 18), RGB8(241, 196, 15)), (RGB8(142, 68, 173), RGB8(155, 89, 182)), (RGB8(211, 84, 0), RGB8(230, 126, 34)),
                (RGB8(22, 160, 133), RGB8(26, 188, 156)), (RGB8(189, 195, 199), RGB8(236, 240, 241)), (RGB8(127, 140, 141), RGB8(149, 165, 166)),
            ]
            case .tutorial: [
                (RGB8(142, 68, 173), RGB8(241, 196, 15)), (RGB8(192, 57, 43), RGB8(231, 76, 60)), (RGB8(39, 174, 96), RGB8(46, 204, 113)),
                (RGB8(41, 128, 185), RGB8(52, 152, 219)), (RGB8(142, 68, 173), RGB8(155, 89, 182)), (RGB8(211, 84, 0), RGB8(230, 126, 34)),
                (RGB8(22, 160, 133), RGB8(26, 188, 156)), (RGB8(44, 62, 80), RGB8(52, 73, 94)),
            ]
            case .gold: [
                (RGB8(0xEB, 0xD6, 0xAB), RGB8(0xC6, 0xA0, 0x5D)), (RGB8(0xE8, 0xC1, 0xC5), RGB8(0xB7, 0x6E, 0x79)),
                (RGB8(0xE0, 0xE0, 0xE4), RGB8(0xA8, 0xA9, 0xAD)), (RGB8(0xD9, 0xA3, 0x80), RGB8(0xA0, 0x52, 0x2D)),
                (RGB8(0x9E, 0xE0, 0xC0), RGB8(0x00, 0xA8, 0x6B)), (RGB8(0x9D, 0xB5, 0xE8), RGB8(0x0F, 0x52, 0xBA)),
                (RGB8(0xD6, 0xC2, 0xEE), RGB8(0x99, 0x66, 0xCC)), (RGB8(0xF2, 0xA0, 0xBE), RGB8(0xE0, 0x11, 0x5F)),
            ]
            case .soft: [
                (RGB8(0x70, 0xDC, 0x98), RGB8(0x70, 0xDC, 0xBF)), (RGB8(0x70, 0xC8, 0xDC), RGB8(0x70, 0xB5, 0xDC)),
                (RGB8(0xC0, 0xA8, 0xE8), RGB8(0xA9, 0x8E, 0xE0)), (RGB8(0xF0, 0xC0, 0x90), RGB8(0xF0, 0xA8, 0x78)),
                (RGB8(0xF0, 0xA8, 0xC0), RGB8(0xE8, 0x8A, 0xA8)), (RGB8(0xE8, 0xE0, 0x80), RGB8(0xE0, 0xD0, 0x60)),
                (RGB8(0x70, 0xD0, 0x80), RGB8(0x50, 0xC0, 0x70)), (RGB8(0xC0, 0xE8, 0x90), RGB8(0xA8, 0xE0, 0x70)),
            ]
            }
        }
    }

    /// Colours closer than this (CIE76 ΔE) are not given to two rings of one screen.
    public static let distinct = 20.0
}
