/// Bidirectional isolation of values inside sentences (UAX #9 §2.7, Unicode 6.3 and later).
///
/// A left-to-right value inside a right-to-left sentence (an e-mail address in Arabic, a Latin
/// display name in Hebrew) is reordered with its neighbours unless it is isolated: "we sent a link
/// to taro@example.com." would show its full stop and the address's parts in the wrong places.
/// In plain text the value goes between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL
/// ISOLATE (U+2069), so it takes the direction of its own first strong letter and its
/// surroundings treat it as one neutral character. HTML uses an element instead (`<bdi>`, as the
/// HTML standard recommends); Genkan's page writer turns each FSI…PDI pair into one.
public enum BidiIsolation {
    /// FIRST STRONG ISOLATE, which opens an isolate whose direction is its content's.
    public static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    /// POP DIRECTIONAL ISOLATE, which closes it.
    public static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// The conversions that format text rather than numbers (`%@`, `%s`): their arguments are
    /// isolated.
    static let textConversions: Set<Character> = ["@", "s", "S"]

    /// `value` between FSI and PDI.
    public static func isolate(_ value: String) -> String {
        "\u{2068}" + value + "\u{2069}"
    }

    /// `text` without any FSI or PDI: what a reader sees, for comparing or logging.
    public static func removingIsolates(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != firstStrongIsolate && $0 != popDirectionalIsolate })
        return result
    }
}
