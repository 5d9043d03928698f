import RingsConfig
import ArgumentParser
import Rings

/// One option of `rings window`, said once: its name (the long option and the key in a config
/// file), its help (`--help`, the man pages), how a config file's value of it is read and checked
/// into `ConfigFile`, and its default. The command line's value wins over the file's
/// (`value(_:in:)`). `Settings` holds them all.
struct Setting<Value>: @unchecked Sendable {
    let name: String
    let help: ArgumentHelp
    let field: WritableKeyPath<ConfigFile, Value?>
    let read: (inout ConfigReader, ConfigValue, String) -> Value?
    let fallback: Value?

    init(_ name: String, _ help: String, value valueName: String? = nil, field: WritableKeyPath<ConfigFile, Value?>, default fallback: Value? = nil,
         read: @escaping (inout ConfigReader, ConfigValue, String) -> Value?) {
        self.name = name; self.field = field; self.read = read; self.fallback = fallback
        self.help = ArgumentHelp(help, valueName: valueName)
    }

    /// The long option, `--NAME`.
    var long: NameSpecification { .customLong(name) }

    /// The command line's value, else the config file's, else the default (nil for a setting with none).
    func value(_ given: Value?, in file: ConfigFile) -> Value? { given ?? file[keyPath: field] ?? fallback }

    /// The command line's value, else the config file's, else the default, for a setting that has one.
    func resolved(_ given: Value?, in file: ConfigFile) -> Value {
        guard let value = value(given, in: file) else { preconditionFailure("the setting \(name) has no default") }
        return value
    }
}

/// A config key of any kind: a setting's, or a table's (`[[ring]]`, `[mqtt]`, `[[schedule]]`).
struct ConfigKey: @unchecked Sendable {
    let name: String
    let read: (inout ConfigReader, ConfigValue, inout ConfigFile) -> Void

    init<Value>(_ setting: Setting<Value>) {
        name = setting.name
        read = { reader, value, file in file[keyPath: setting.field] = setting.read(&reader, value, setting.name) }
    }

    init(table name: String, read: @escaping (inout ConfigReader, ConfigValue, inout ConfigFile) -> Void) {
        self.name = name; self.read = read
    }

    /// The key named `name`, or nil for one that is not a config key.
    static func named(_ name: String) -> ConfigKey? { Settings.keys.first { $0.name == name } }
}
