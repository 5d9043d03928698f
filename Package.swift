// swift-tools-version:6.0
import PackageDescription

/// The product's own heart is compiled with optimisation in debug builds too: the end-to-end tests
/// and the soak run the rasteriser at the speed people get (unoptimised, a frame costs 50 times more).
let optimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// RINGS_TESTS=headless leaves out the suites that start programs, windows and brokers (RingsLiveTests,
/// EndToEndTests), and the program with what it alone uses: what `make test` builds for arm64 and runs
/// under qemu-user (arm64-suites).
let headless = Context.environment["RINGS_TESTS"] == "headless"

/// RINGS_TESTS=fuzz builds the fuzz targets instead of the tests and the program: one per parser of
/// outside bytes (Tests/Fuzz), each a libFuzzer entry over the real parsing code, which `make fuzz`
/// builds with the address sanitizer and runs.
let fuzzing = Context.environment["RINGS_TESTS"] == "fuzz"

/// The config file's TOML: toml++ (Debian's libtomlplusplus-dev) copied into a C tree that is freed
/// whole, and read out of it as Swift values.
let config: [Target] = [
    .target(name: "CTOMLTree"),
    .target(name: "RingsConfig", dependencies: ["CTOMLTree", "RingsBase"]),
]

/// The fuzz targets, each with the modules whose parser it reads.
let fuzzers: [Target] = [.target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport")] + [
    ("FuzzFeedLine", ["Rings", "RingsLive"]),
    ("FuzzScreenCommand", ["Rings"]),
    ("FuzzJSON", ["RingsBase"]),
    ("FuzzThemeFile", ["Rings"]),
    ("FuzzStateFile", ["Rings"]),
    ("FuzzSystemFiles", ["RingsLive"]),
    ("FuzzConfigFile", ["RingsConfig", "RingsBase"]),
    ("FuzzCatalogue", ["Rings"]),
    ("FuzzShaping", ["Rings", "RingsSDL"]),
    ("FuzzTouch", ["Rings", "RingsRaster", "RingsSDL", "CSDL2"]),
].map { name, modules in
    .executableTarget(name: name, dependencies: [.target(name: "FuzzSupport")] + modules.map { .target(name: $0) },
                      path: "Tests/Fuzz/\(name)")
}

/// The command-line program, and the C parts only it uses.
let program: [Target] = [
    // What runs in a crash's signal handler, in C: nothing of the Swift runtime may run there.
    .target(name: "CCrash"),
    .executableTarget(name: "rings", dependencies: [
        "CCrash", "RingsConfig", "RingsBase", "Rings", "RingsLive", "RingsSDL", "RingsPNG", "RingsRaster",
        "RingsAnimation", "Shaders", .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]),
]

/// The tests that need no program, window or broker: all the arm64 build runs.
let unitTests: [Target] = [
    .target(name: "TestSupport", dependencies: ["RingsBase", "Rings", "RingsRaster", "RingsPNG"],
            path: "Tests/TestSupport"),
    .testTarget(name: "RingsRasterTests", dependencies: ["RingsBase", "RingsRaster", "Shaders", "TestSupport"]),
    .testTarget(name: "ShadersTests", dependencies: ["Shaders", "RingsRaster"]),
    .testTarget(name: "RingsTests",
                dependencies: ["RingsBase", "Rings", "RingsAssets", "RingsAnimation", "RingsRaster", "TestSupport"],
                exclude: ["Goldens"]),
    .testTarget(name: "RingsPNGTests", dependencies: ["RingsBase", "RingsPNG", "RingsRaster", "TestSupport"]),
    .testTarget(name: "RingsAnimationTests", dependencies: ["RingsAnimation", "TestSupport"]),
    // In-process tests of the SDL module's pure parts (the presenter's choice, the chrome's layout,
    // text shaping): no window.
    // SDL's event types come through CSDL2SysWM too (Swift 6.0 finds them only there).
    .testTarget(name: "RingsSDLTests",
                dependencies: ["CSDL2", "CSDL2SysWM", "RingsBase", "TestSupport", "Rings", "RingsLive",
                               "RingsAnimation", "RingsRaster", "RingsPNG", "RingsSDL", "Shaders"],
                exclude: ["Goldens"]),
]

/// The tests that start programs, windows and brokers.
let liveTests: [Target] = [
    .testTarget(name: "RingsLiveTests",
                dependencies: ["RingsBase", "RingsLive", "Rings", "RingsAnimation", "RingsRaster", "TestSupport"]),
    .testTarget(name: "EndToEndTests",
                dependencies: ["RingsBase", "TestSupport", "Rings", "RingsLive", "RingsAnimation", "RingsRaster",
                               "RingsPNG", "RingsSDL", "Shaders"]),
]

/// The targets beside the product's modules: the fuzz targets, or the tests (and the program). Said
/// apart, with its type: within the package's one expression, Swift 6.0's type checker gave up.
let chosen: [Target] = {
    if fuzzing { return config + fuzzers }
    if headless { return unitTests }
    return unitTests + config + program + liveTests
}()

let package = Package(
    name: "rings",
    platforms: [.macOS(.v13)],
    products: headless || fuzzing ? [] : [
        .executable(name: "rings", targets: ["rings"]),
    ],
    dependencies: headless || fuzzing ? [] : [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: System libraries
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        .systemLibrary(name: "CSDL2SysWM"),
        .systemLibrary(name: "CFontconfig"),
        .systemLibrary(name: "CPango", pkgConfig: "pangoft2"),
        .systemLibrary(name: "CPNG"),
        .systemLibrary(name: "CSystemd"),
        .systemLibrary(name: "CGettext"),
        .systemLibrary(name: "CWideFill"),
        .systemLibrary(name: "CXDPMS"),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm"),
        // Process calls Swift cannot make: glibc's closefrom for a spawn, prctl (variadic), signals' names.
        .target(name: "CProcess"),
        // libmosquitto and OpenSSL, loaded when a broker is first used (the binary does not link them).
        .target(name: "CMosquitto", cSettings: [.unsafeFlags(["-fvisibility=hidden"])]),
        // HDMI-CEC through the kernel's CEC API (linux/cec.h's ioctls are macros Swift cannot call).
        .target(name: "CCEC"),
        .target(name: "CX11Widget", linkerSettings: [.linkedLibrary("Xext"), .linkedLibrary("X11")]),
        // The outputs' power on wlroots compositors (wlr-output-power-management, glue made by wayland-scanner).
        .target(name: "CWaylandPower", exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-client")]),
        // Whether a Wayland compositor has a seat, asked before SDL's driver (which crashes without one).
        .target(name: "CWaylandProbe", linkerSettings: [.linkedLibrary("wayland-client")]),

        // MARK: Pixels: rasteriser and paint sources
        .target(name: "RingsRaster", dependencies: ["CWideFill", "RingsBase"], swiftSettings: optimized),
        .target(name: "Shaders", dependencies: ["RingsBase", "RingsRaster"], path: "Shaders", swiftSettings: optimized),

        .target(name: "RingsPNG", dependencies: ["CPNG", "RingsBase", "RingsRaster"]),

        // MARK: The ground floor: what every module needs that Foundation Essentials lacks (formatting, JSON, a lock, a file written whole)
        .target(name: "RingsBase"),

        // MARK: Time
        .target(name: "RingsAnimation", dependencies: ["RingsBase"], swiftSettings: optimized),

        // MARK: The product's model and scene
        // Themes and presets compiled into the executable, so that it stands alone once installed.
        .target(name: "RingsAssets", path: "Assets", exclude: ["Pictures", "systemd", "desktop", "debian", "po"], resources: [.embedInCode("Themes"), .embedInCode("Presets")]),
        .target(name: "Rings", dependencies: ["RingsBase", "RingsRaster", "Shaders", "RingsAnimation", "RingsAssets"], swiftSettings: optimized),
        // What touches the world: feeds, commands, the broker, /proc, the config watcher, signals and
        // limits, systemd; and the live screen that wires them to the model.
        .target(name: "RingsLive", dependencies: ["CMosquitto", "CProcess", "CSystemd", "CGettext", "RingsBase", "Rings", "RingsAnimation", "RingsRaster"], swiftSettings: optimized),

        // MARK: SDL
        .target(name: "RingsSDL", dependencies: ["CSDL2", "CCEC", "CX11Widget", "CWaylandProbe", "CWaylandPower", "CSDL2SysWM", "CXDPMS", "CDRM", "CFontconfig", "CPango", "RingsBase", "Rings", "RingsLive", "RingsAnimation", "RingsRaster"], swiftSettings: optimized),
    ] + chosen,
    cxxLanguageStandard: .cxx17
)
