/// The similarity measures of the context checks, over Unicode scalars: Levenshtein distance and
/// the length of the longest common substring.
enum PasswordSimilarity {
    /// The Levenshtein edit distance of `a` and `b`, or `limit` when it is at least `limit`
    /// (the answer is then known without filling the whole table).
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) >= limit { return limit }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum >= limit { return limit }
            swap(&previous, &current)
        }
        return min(previous[b.count], limit)
    }

    /// The length of the longest run of scalars that `a` and `b` both contain.
    static func longestCommonSubstring(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var current = previous
        var longest = 0
        for i in 1...a.count {
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : 0
                longest = max(longest, current[j])
            }
            swap(&previous, &current)
        }
        return longest
    }

    /// Whether `needle` occurs in `haystack` as a contiguous run of scalars.
    static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
