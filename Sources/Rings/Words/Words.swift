/// Every word `rings` draws on screen, by its English text: the message ids of the catalogues in
/// Assets/po (gettext's .po files), where `%s` stands for what is filled in (`%1$s` for the first).
/// Key names that read the same in every language (Tab, Esc, F3, ?) are not here.
public enum Words: String, CaseIterable, Sendable {
    // The live window's help.
    case helpTitle = "rings: keys and mouse"
    case selectNextRing = "select the next / previous ring"
    case setEveryRing = "set it (or every ring) to 0 - 90 %, 100 %"
    case leftRight = "Left / Right"
    case nudge = "nudge by 1 % (Shift: 10 %)"
    case space = "Space"
    case replay = "replay every ring from 0"
    case randomValues = "random values"
    case clickRing = "Click a ring"
    case clickSelects = "select it (a click never changes a value)"
    case dragRing = "Drag a ring"
    case dragSets = "set it by angle"
    case wheel = "Wheel"
    case wheelNudges = "nudge the ring under the pointer"
    case buttons = "Buttons"
    case buttonsSet = "set the selection, or every ring"
    case fullscreen = "fullscreen on and off"
    case frameTimes = "frame times"
    case thisHelp = "this help"
    case escape = "close this help, leave fullscreen, quit"
    case quit = "quit"
    case helpCoversRings = "This help covers the rings: ? or Esc shows them again."
    // The download demo's help.
    case downloadHelpTitle = "rings demo download"
    case spaceOrClick = "Space / Click"
    case playAgain = "play the download again"
    case setIt = "set it to 0 - 90 %, 100 %"
    // The tasks demo.
    case tasksTitle = "rings: daily tasks"
    case tasksHint = "Drag a slider, or Tab and the arrow keys.   ? for help"
    case tasksHelpTitle = "rings demo tasks"
    case dragSlider = "Drag a slider"
    case dragSliderSets = "set its task; the big ring is their average"
    case chooseSlider = "choose a slider"
    case moveIt = "move it by 1 %"
    case homeEnd = "Home / End"
    case dailyTasks = "Daily Tasks"
    case task = "Task %s"
    // The arc demo.
    case arcTitle = "rings: arc"
    case arcHint = "Click the arc or press Space.   ? for help"
    case arcHelpTitle = "rings demo arc"
    case clickArc = "Click the arc, Space, Enter"
    case arcToggles = "0 % <-> 100 % in a linear second"
    case dragTheSlider = "Drag the slider"
    case setArc = "set the arc"
    case tabThenLeftRight = "Tab, then Left / Right"
    case moveSlider = "move the slider by 1 %"
    // The chrome.
    case random = "Random"
    case waitingForData = "waiting for data"
    case stale = "stale %s"
    case seconds = "%s s"
    case minutes = "%s m"
    case hours = "%s h"
    case days = "%s d"
    case idle = "idle: no frame drawn since F3"
    case refresh = "%s, refresh %s ms"
    // The soft control's download label.
    case waiting = "Waiting..."
    case done = "Done"
    // The sources' lines in the legend.
    case noSuchFile = "no such file"
    case notAllowed = "not allowed"
    case cannotRead = "cannot read"
    case connecting = "connecting"
    case connected = "connected"
    case reconnecting = "reconnecting"
    case loginRefused = "login refused"
    case tlsFailed = "TLS failed"
    case cannotRun = "cannot run: %s"
    case ranPast = "ran past %s s"
    case notFound = "not found: %s"
    case failedWithStatus = "failed with status %s"
    // What a system gauge says beside its ring.
    case noSensor = "no sensor"
    case noBattery = "no battery"
    case charging = "charging"
    case noSuchInterface = "no such interface"
    case noSuchDisk = "no such disk"
    case noSuchCore = "no such core"
    case noGPUFigure = "no GPU figure"
    case noSwap = "no swap"
    case noLinkSpeed = "no link speed"

    /// The words in the language of `Catalogue.current`.
    public var text: String { Catalogue.current[self] }

    /// The words in the language of `Catalogue.current`, each `%s` replaced by the next of
    /// `arguments` and each `%N$s` by the Nth (a translation may put them in another order).
    public func with(_ arguments: String...) -> String { Catalogue.current.say(self, arguments) }
}
