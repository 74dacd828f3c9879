import GenkanUnicode

/// How many terminal-style columns a string takes: East Asian Wide and Fullwidth characters count
/// two (UAX #11), combining marks and default-ignorable characters none, everything else one.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        var width = 0
        for character in text {
            guard let first = character.unicodeScalars.first else { continue }
            let properties = CodePointProperties(first)
            if properties.isDefaultIgnorable { continue }
            switch properties.eastAsianWidth {
            case .wide, .fullwidth: width += 2
            default: width += 1
            }
        }
        return width
    }
}
