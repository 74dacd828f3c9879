import GenkanUnicode

/// The most common passwords (Resources/password-blocklist.txt, derived from the zxcvbn frequency
/// list by scripts/blocklist/make_password_blocklist.py), as a set of NFC, case-folded entries.
enum PasswordBlocklist {
    /// Built on first use from the embedded file; Swift initializes a static constant exactly once,
    /// even when several threads ask for it at the same time.
    static let entries: Set<String> = {
        var set = Set<String>()
        set.reserveCapacity(32_768)
        for line in EmbeddedResources.passwordBlocklist.split(whereSeparator: \.isNewline) {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            set.insert(key(String(line)))
        }
        return set
    }()

    /// Whether `password` (already prepared: spaces mapped, NFC) is on the list, ignoring case.
    static func contains(_ password: String) -> Bool {
        entries.contains(key(password))
    }

    /// The comparison form: case folding (Unicode §3.13 default caseless matching), then NFC again
    /// because folding can leave a string unnormalized.
    static func key(_ text: String) -> String {
        if isASCIIFast(text) { return text.lowercased() }
        return text.caseFolded.normalized(.nfc)
    }
}
