import GenkanUnicode

/// The longest runs, sequences and keyboard walks in a password: what NIST SP 800-63B-4 §3.1.1.2
/// calls "repetitive or sequential characters".
struct PasswordPatterns {
    /// The longest run of one repeated character (`aaaa` is 4).
    let repeated: Int
    /// The longest run of consecutive letters or digits going up or down by one (`1234`, `dcba`).
    let sequential: Int
    /// The longest run of neighbouring keys on one keyboard row, either direction (`qwer`, `lkjh`).
    let keyboard: Int

    /// Measures `scalars`, which should be case-folded so that `AaAa` is a run.
    init(_ scalars: [Unicode.Scalar]) {
        repeated = Self.longest(scalars) { $0 == $1 }
        sequential = max(
            Self.longest(scalars) { Self.isSequenceStep($0, $1, step: 1) },
            Self.longest(scalars) { Self.isSequenceStep($0, $1, step: -1) })
        keyboard = max(
            Self.longest(scalars) { Self.rightNeighbours[$0]?.contains($1) ?? false },
            Self.longest(scalars) { Self.rightNeighbours[$1]?.contains($0) ?? false })
    }

    /// The longest stretch in which every neighbouring pair satisfies `linked`; 1 for any non-empty
    /// input.
    private static func longest(_ scalars: [Unicode.Scalar], _ linked: (Unicode.Scalar, Unicode.Scalar) -> Bool) -> Int {
        guard !scalars.isEmpty else { return 0 }
        var best = 1, current = 1
        for i in 1..<scalars.count {
            current = linked(scalars[i - 1], scalars[i]) ? current + 1 : 1
            best = max(best, current)
        }
        return best
    }

    private static func isSequenceStep(_ a: Unicode.Scalar, _ b: Unicode.Scalar, step: Int64) -> Bool {
        guard Int64(b.value) - Int64(a.value) == step else { return false }
        let first = CodePointProperties(a), second = CodePointProperties(b)
        let digits = first.generalCategory == .Nd && second.generalCategory == .Nd
        return digits || (first.isAlphabetic && second.isAlphabetic)
    }

    /// The letter rows of the QWERTY, QWERTZ and AZERTY layouts, unshifted. The digit row is left
    /// to the sequence check, which already finds `1234`.
    private static let rows = [
        "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./",   // QWERTY
        "qwertzuiopü", "asdfghjklöä", "yxcvbnm",         // QWERTZ
        "azertyuiop", "qsdfghjklm", "wxcvbn",            // AZERTY
    ]

    /// For each key, the keys to its right on the rows above.
    private static let rightNeighbours: [Unicode.Scalar: Set<Unicode.Scalar>] = {
        var map: [Unicode.Scalar: Set<Unicode.Scalar>] = [:]
        for row in rows {
            let keys = Array(row.unicodeScalars)
            for (left, right) in zip(keys, keys.dropFirst()) { map[left, default: []].insert(right) }
        }
        return map
    }()
}
