import GenkanUnicode

/// The contextual rules for CONTEXTJ and CONTEXTO code points (RFC 5892 Appendix A, which
/// RFC 8264 §9.6 and §9.8 refer to).
enum PrecisContextRules {
    /// Whether the code point at `index` of `scalars` is allowed where it stands.
    static func allows(_ scalars: [Unicode.Scalar], _ properties: [CodePointProperties], at index: Int) -> Bool {
        let before: Int? = index > 0 ? index - 1 : nil
        let after: Int? = index + 1 < scalars.count ? index + 1 : nil
        switch scalars[index].value {
        case 0x200C:   // ZERO WIDTH NON-JOINER, Appendix A.1
            if let before, properties[before].canonicalCombiningClass == viramaClass { return true }
            return joiningContext(properties, around: index)
        case 0x200D:   // ZERO WIDTH JOINER, Appendix A.2
            guard let before else { return false }
            return properties[before].canonicalCombiningClass == viramaClass
        case 0x00B7:   // MIDDLE DOT between two l, Appendix A.3
            guard let before, let after else { return false }
            return scalars[before] == "l" && scalars[after] == "l"
        case 0x0375:   // GREEK LOWER NUMERAL SIGN before Greek, Appendix A.4
            guard let after else { return false }
            return properties[after].script == Scripts.greek
        case 0x05F3, 0x05F4:   // HEBREW GERESH and GERSHAYIM after Hebrew, Appendix A.5–A.6
            guard let before else { return false }
            return properties[before].script == Scripts.hebrew
        case 0x30FB:   // KATAKANA MIDDLE DOT with some Hiragana, Katakana or Han, Appendix A.7
            return properties.contains { Scripts.japanese.contains($0.script) }
        case 0x0660...0x0669:   // Arabic-Indic digits not mixed with extended ones, Appendix A.8
            return !scalars.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9:   // Extended Arabic-Indic digits not mixed with the others, Appendix A.9
            return !scalars.contains { (0x0660...0x0669).contains($0.value) }
        default:
            return false
        }
    }

    /// Canonical_Combining_Class Virama.
    private static let viramaClass: UInt8 = 9

    /// Appendix A.1's regular expression
    /// `(Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})`.
    private static func joiningContext(_ properties: [CodePointProperties], around index: Int) -> Bool {
        func scan(_ indices: some Sequence<Int>, accepting side: Character) -> Bool {
            for i in indices {
                let type = properties[i].joiningType
                if type == side || type == "D" { return true }
                if type != "T" { return false }
            }
            return false
        }
        return scan((0..<index).reversed(), accepting: "L") && scan((index + 1)..<properties.count, accepting: "R")
    }

    private enum Scripts {
        static let greek = CodePointProperties.scriptCode("Grek")
        static let hebrew = CodePointProperties.scriptCode("Hebr")
        static let japanese: Set<Int32> = Set(["Hira", "Kana", "Hani"].compactMap(CodePointProperties.scriptCode))
    }
}
