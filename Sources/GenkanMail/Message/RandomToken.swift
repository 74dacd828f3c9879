/// Random lower-case base32 text (RFC 4648 §6 alphabet) for Message-IDs, boundaries and file names.
enum RandomToken {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// `count` characters, 5 random bits each, from the system's generator (getrandom(2) on Linux).
    static func make(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<count).map { _ in alphabet[Int(generator.next() & 31)] }, as: UTF8.self)
    }
}
