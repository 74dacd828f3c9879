import Foundation

/// One address of `Fixtures/email-corpus.json`, with the verdicts the references gave
/// (written by `scripts/corpus/email_corpus.py`, never by Genkan).
struct EmailCorpusEntry: Decodable, Sendable, CustomStringConvertible {
    let input: String
    /// Chromium's `<input type=email>` verdict.
    let html: Bool
    /// The value Chromium kept (domain converted to Punycode when it could be).
    let htmlValue: String
    /// The WHATWG pattern in Python after sanitization and the idna package's UTS #46.
    let htmlPython: Bool
    /// email-validator's verdict with strict=True, check_deliverability=False.
    let strict: Bool
    let normalized: String?
    let ascii: String?
    let smtputf8: Bool
    /// email-validator's message, for reference.
    let error: String?

    /// The input with invisible characters escaped, so a failing case can be read.
    var description: String {
        input.unicodeScalars.map { scalar in
            scalar.value >= 0x21 && scalar.value < 0x7F ? String(scalar) : scalar.escaped(asASCII: true)
        }.joined()
    }
}

enum EmailCorpus {
    struct Document: Decodable {
        let references: [String: String]
        let entries: [EmailCorpusEntry]
    }

    static let document: Document = {
        guard let url = Bundle.module.url(forResource: "email-corpus", withExtension: "json", subdirectory: "Fixtures") else {
            fatalError("Fixtures/email-corpus.json is missing; run scripts/corpus/email_corpus.py")
        }
        do {
            return try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
        } catch {
            fatalError("Fixtures/email-corpus.json does not decode: \(error)")
        }
    }()

    static var entries: [EmailCorpusEntry] { document.entries }
}
