/// One header field written in tokens and folded (RFC 5322 §2.2.3) so that lines stay within
/// 78 characters where the tokens allow it.
///
/// Folding puts a CRLF before the single space that separates two tokens, so unfolding (removing
/// the CRLF) gives back exactly the text before folding. A token longer than a line (an address
/// of 70 characters) is kept whole: lines may reach 998 characters, and breaking it would change it.
struct HeaderField {
    static let lineLimit = 78

    private(set) var bytes: [UInt8]
    private var lineLength: Int
    private var tokensOnLine = 0

    init(_ name: String) {
        bytes = Array(name.utf8) + [UInt8(ascii: ":")]
        lineLength = bytes.count
    }

    /// Characters left on the current line after a separating space.
    var room: Int { Self.lineLimit - lineLength - 1 }

    /// Appends `token` after a space, on a new line when it does not fit on this one.
    mutating func append(_ token: some Collection<UInt8>) {
        if tokensOnLine > 0 && token.count > room {
            bytes += [0x0D, 0x0A]
            lineLength = 0
            tokensOnLine = 0
        }
        bytes.append(UInt8(ascii: " "))
        bytes += token
        lineLength += 1 + token.count
        tokensOnLine += 1
    }

    mutating func append(_ token: String) { append(Array(token.utf8)) }

    /// Appends `text` as RFC 2047 encoded-words, the first sized to what is left of this line.
    mutating func appendEncodedWords(_ text: String) {
        var scalars = Substring(text).unicodeScalars[...]
        while !scalars.isEmpty {
            // A word must hold at least one character (4 UTF-8 octets, 8 base64 characters).
            let minimum = EncodedWord.overhead + 8
            let fits = room >= minimum ? min(room, EncodedWord.maximumLength) : EncodedWord.maximumLength
            let word = EncodedWord.next(from: &scalars, maximumLength: fits)
            append(word)
        }
    }

    /// The field with its closing CRLF.
    var line: [UInt8] { bytes + [0x0D, 0x0A] }
}

/// RFC 2047 "B" encoded-words in UTF-8: `=?UTF-8?B?…?=`.
enum EncodedWord {
    static let prefix = Array("=?UTF-8?B?".utf8)
    static let suffix = Array("?=".utf8)
    static let overhead = prefix.count + suffix.count
    /// RFC 2047 §2: "An 'encoded-word' may not be more than 75 characters long".
    static let maximumLength = 75

    /// The next encoded-word of at most `maximumLength` characters from the front of `scalars`,
    /// holding whole characters only (RFC 2047 §5: each encoded-word holds an integral number of
    /// characters), so no UTF-8 sequence is split between two words. Always takes at least one.
    static func next(from scalars: inout Substring.UnicodeScalarView.SubSequence, maximumLength: Int) -> [UInt8] {
        let capacity = max(1, (maximumLength - overhead) / 4) * 3
        var octets: [UInt8] = []
        while let scalar = scalars.first {
            let encoded = Array(String(scalar).utf8)
            if !octets.isEmpty && octets.count + encoded.count > capacity { break }
            octets += encoded
            scalars.removeFirst()
        }
        return prefix + Base64.encode(octets) + suffix
    }

    /// `text` as encoded-words for a display name (an RFC 5322 phrase), as few as possible, each
    /// as long as RFC 2047 allows; a word that must end early ends after a space when the text
    /// has one within the word.
    ///
    /// Display names use whole words rather than words sized to the rest of the line because a
    /// name that fits one encoded-word then never has two adjacent ones: RFC 2047 §6.2 says the
    /// space between them is ignored, but Python's address parser before gh-128110 (3.11
    /// included) keeps it and shows "利用者  2". A name over 45 octets still needs two; its
    /// spaces stay inside the words, as the RFC requires.
    static func phraseWords(_ text: String) -> [[UInt8]] {
        let capacity = (maximumLength - overhead) / 4 * 3
        var scalars = Array(text.unicodeScalars)[...]
        var words: [[UInt8]] = []
        while !scalars.isEmpty {
            var octets = 0, end = scalars.startIndex, afterSpace: Int?
            while end < scalars.endIndex {
                let length = UTF8.width(scalars[end])
                if octets > 0 && octets + length > capacity { break }
                octets += length
                end += 1
                if scalars[end - 1] == " " && end < scalars.endIndex { afterSpace = end }
            }
            if end < scalars.endIndex, let afterSpace { end = afterSpace }
            var bytes: [UInt8] = []
            for scalar in scalars[..<end] { bytes += Array(String(scalar).utf8) }
            words.append(prefix + Base64.encode(bytes) + suffix)
            scalars = scalars[end...]
        }
        return words
    }
}
