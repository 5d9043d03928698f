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
}
