/// A hand-written argument reader in the shape of swift-argument-parser (which SwiftPM cannot
/// fetch here): each command pulls its options by name, then takes the positionals; anything left
/// over that looks like an option is a usage error.
struct Arguments {
    private var items: [String]

    init(_ items: some Sequence<String>) { self.items = Array(items) }

    /// True when `--help` or `-h` is present (before a `--`).
    var wantsHelp: Bool {
        for item in items {
            if item == "--" { return false }
            if item == "--help" || item == "-h" { return true }
        }
        return false
    }

    /// The value of `--name VALUE` or `--name=VALUE`; the last one wins when repeated.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        try options(name).last
    }

    /// Every value of a repeatable option, in order.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var index = 0
        while index < items.count {
            let item = items[index]
            if item == "--" { break }
            if item == name {
                guard index + 1 < items.count, items[index + 1] != "--" else {
                    throw UsageError("\(name) needs a value")
                }
                values.append(items[index + 1])
                items.removeSubrange(index...index + 1)
            } else if item.hasPrefix(name + "=") {
                values.append(String(item.dropFirst(name.count + 1)))
                items.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// The value of an option that must be one of `choices`, or `defaultValue` when absent.
    mutating func choice(_ name: String, of choices: [String], default defaultValue: String) throws(UsageError) -> String {
        guard let value = try option(name) else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError("\(name) must be one of \(choices.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }

    /// An option whose value may be left out: nil when absent, `""` for a bare `--name` (the
    /// next item starts with `-`, or there is none), else its value (`--name VALUE`,
    /// `--name=VALUE`); the last one wins when repeated.
    mutating func optionalValue(_ name: String) -> String? {
        var value: String?
        var index = 0
        while index < items.count {
            let item = items[index]
            if item == "--" { break }
            if item == name {
                if index + 1 < items.count, !items[index + 1].hasPrefix("-") {
                    value = items[index + 1]
                    items.removeSubrange(index...index + 1)
                } else {
                    value = ""
                    items.remove(at: index)
                }
            } else if item.hasPrefix(name + "=") {
                value = String(item.dropFirst(name.count + 1))
                items.remove(at: index)
            } else {
                index += 1
            }
        }
        return value
    }

    /// Whether `--name` is present (and removes it).
    mutating func flag(_ name: String) -> Bool {
        guard let index = items.prefix(while: { $0 != "--" }).firstIndex(of: name) else { return false }
        items.remove(at: index)
        return true
    }

    /// The positional arguments that remain; an unknown option is a usage error.
    mutating func positionals() throws(UsageError) -> [String] {
        var result: [String] = []
        var afterSeparator = false
        for item in items {
            if afterSeparator { result.append(item); continue }
            if item == "--" { afterSeparator = true; continue }
            if item.hasPrefix("-"), item != "-" {
                throw UsageError("unknown option '\(item)'")
            }
            result.append(item)
        }
        items = []
        return result
    }
}

/// Wrong use of the command line: printed with the command's usage line, exit status 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
