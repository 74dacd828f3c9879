/// Where a string sits inside a localization: empty for the plain string, `plural.one`,
/// `device.iphone`, `substitutions.count.plural.few`, `stringSet.2` (the third phrase of an App
/// Shortcuts phrase set), ...; the part after `|==|` in Xcode's XLIFF unit identifiers.
public struct UnitPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let components: [String]
    public init(_ components: [String]) { self.components = components }

    /// The variation kinds a String Catalog has, and `stringSet`: what may follow a substitution
    /// name in the dotted form.
    static let stepKinds: Set<String> = ["plural", "device", "stringSet", "substitutions"]

    /// Parses the dotted form; nil when it does not describe a path. A substitution name may
    /// itself contain dots (`substitutions.total.strings.plural.one`): it ends where the rest
    /// of the path begins, at the first `plural`, `device`, `stringSet` or `substitutions` after
    /// which the rest parses.
    public init?(dotted: String) {
        if dotted.isEmpty { self.init([]); return }
        let tokens = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let components = Self.parse(tokens[...]) else { return nil }
        self.init(components)
    }

    private static func parse(_ tokens: ArraySlice<String>) -> [String]? {
        guard let first = tokens.first else { return [] }
        guard tokens.count >= 2, !first.isEmpty else { return nil }
        let start = tokens.startIndex
        if first == "substitutions" {
            var end = start + 2
            while end <= tokens.endIndex {
                let name = tokens[(start + 1)..<end]
                let rest = tokens[end...]
                if !name.contains(where: \.isEmpty), rest.first.map(stepKinds.contains) ?? true, let parsed = parse(rest) {
                    return ["substitutions", name.joined(separator: ".")] + parsed
                }
                end += 1
            }
            return nil
        }
        let option = tokens[start + 1]
        guard !option.isEmpty else { return nil }
        if first == "stringSet" {
            guard tokens.count == 2, let index = Int(option), index >= 0, String(index) == option else { return nil }
        }
        guard let rest = parse(tokens.dropFirst(2)) else { return nil }
        return [first, option] + rest
    }

    public static let plain = UnitPath([])
    public var isPlain: Bool { components.isEmpty }
    public var description: String { components.joined(separator: ".") }

    /// The plural category when the last step is a plural variation.
    public var pluralCategory: String? {
        components.count >= 2 && components[components.count - 2] == "plural" ? components.last : nil
    }

    /// The path without its last plural step (where the plural variation hangs).
    public var pluralParent: UnitPath? {
        pluralCategory == nil ? nil : UnitPath(Array(components.dropLast(2)))
    }

    /// The same place with plural category `category`.
    public func withPluralCategory(_ category: String) -> UnitPath {
        UnitPath(Array(components.dropLast(2)) + ["plural", category])
    }

    /// This path followed by the plural category `category` (for a variation's parent path).
    public func appendingPlural(_ category: String) -> UnitPath {
        UnitPath(components + ["plural", category])
    }

    /// The position of the phrase when this path names one phrase of a `stringSet`.
    public var phraseIndex: Int? {
        components.count >= 2 && components[components.count - 2] == "stringSet" ? Int(components.last!) : nil
    }

    /// Where the phrase set hangs, when this path names one of its phrases.
    public var phraseSetParent: UnitPath? {
        phraseIndex == nil ? nil : UnitPath(Array(components.dropLast(2)))
    }

    /// This path followed by phrase `index` of a `stringSet` (for the set's parent path).
    public func appendingPhrase(_ index: Int) -> UnitPath {
        UnitPath(components + ["stringSet", String(index)])
    }

    /// The substitution name when this path lies inside one.
    public var substitution: String? {
        components.count >= 2 && components[0] == "substitutions" ? components[1] : nil
    }

    /// The member names from the localization object down to the object that holds the
    /// `stringUnit` (or the `stringSet`) of this path.
    var nodePath: [String] {
        var result: [String] = []
        var index = 0
        while index + 1 < components.count {
            switch components[index] {
            case "substitutions": result += ["substitutions", components[index + 1]]
            case "stringSet": break
            default: result += ["variations", components[index], components[index + 1]]
            }
            index += 2
        }
        return result
    }

    /// The member names from the localization object down to the `stringUnit` (or, for a
    /// phrase, the `stringSet`).
    var jsonPath: [String] {
        nodePath + [phraseIndex == nil ? "stringUnit" : "stringSet"]
    }

    /// Plural categories in CLDR order, phrases by number, anything else by code point.
    public static func < (a: UnitPath, b: UnitPath) -> Bool {
        a.components.lexicographicallyPrecedes(b.components) { x, y in
            let order = ["zero", "one", "two", "few", "many", "other"]
            if let i = order.firstIndex(of: x), let j = order.firstIndex(of: y) { return i < j }
            if let i = Int(x), let j = Int(y) { return i < j }
            return x < y
        }
    }
}
