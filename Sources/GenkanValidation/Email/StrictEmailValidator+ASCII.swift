extension StrictEmailValidator {
    /// The verdict on a plain ASCII address that is valid, decided in one pass over its bytes
    /// with no Unicode processing; nil when the address is not ASCII, has any problem, or needs
    /// IDNA (an `xn--` label), so that the full path decides and explains.
    ///
    /// It accepts exactly what the full path accepts for such addresses (the corpus tests run
    /// both): a dot-atom local part of 1 to 64 bytes, an LDH domain of 2 to 127 labels of 1 to
    /// 63 bytes ending in a letter and not special-use, and at most 254 bytes in all.
    static func validatePlainASCII(_ input: String) -> EmailValidation? {
        let count = input.utf8.count
        guard count <= EmailRule.maximumLength else { return nil }
        // Native Swift strings are contiguous UTF-8; a bridged one goes to the full path.
        guard let scanned = input.utf8.withContiguousStorageIfAvailable(scan), let found = scanned else { return nil }
        let at = found.at
        let domainIsLowercase = found.lowerDomain

        let lowercasedLocal = UTF8Text.withBytes(of: input[...]) { isCaseInsensitiveMailbox(UnsafeBufferPointer(rebasing: $0[..<at])) }
        let normalized: String
        if domainIsLowercase && !lowercasedLocal {
            normalized = input
        } else {
            normalized = String(unsafeUninitializedCapacity: count) { buffer in
                var index = 0
                for byte in input.utf8 {
                    let lower = index > at || lowercasedLocal ? UTF8Text.lowercaseASCII(byte) : byte
                    buffer[index] = lower
                    index += 1
                }
                return count
            }
        }
        return EmailValidation(input: input, issues: [], normalized: normalized, ascii: normalized, requiresSMTPUTF8: false)
    }

    /// `atext` of RFC 5322 §3.2.3, for one ASCII byte.
    static func isAtext(byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "?"),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// The index of the `@` and whether the domain is already lower-case, when the bytes form a
    /// valid plain address; nil otherwise.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (at: Int, lowerDomain: Bool)? {
        let dot = UInt8(ascii: "."), at = UInt8(ascii: "@")

        // Local part: dot-atom, 1...64 bytes.
        var index = 0
        var previous = dot   // a dot first is refused like two dots in a row
        while index < bytes.count {
            let byte = bytes[index]
            if byte == at { break }
            guard byte == dot ? previous != dot : isAtext(byte: byte) else { return nil }   // non-ASCII is not atext
            previous = byte
            index += 1
        }
        let atIndex = index
        guard atIndex < bytes.count, atIndex >= 1, atIndex <= localMaximumLength, previous != dot else { return nil }
        guard let lowercase = scanPlainDomain(UnsafeBufferPointer(rebasing: bytes[(atIndex + 1)...])) else { return nil }
        return (atIndex, lowercase)
    }

    /// Whether the bytes form a valid plain domain (then whether it is already lower-case); nil
    /// when they do not, or need IDNA (an `xn--` label).
    ///
    /// LDH labels of 1 to 63 bytes, with no hyphen at either end and no `--` in places 3 and 4;
    /// 2 to 127 labels and at most 253 bytes; the last label ends in a letter and is not a
    /// special-use name.
    static func scanPlainDomain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-")
        guard bytes.count >= 3, bytes.count <= domainMaximumLength else { return nil }
        var labelStart = 0
        var lastLabelStart = 0
        var labels = 0
        var lowercase = true
        for index in 0...bytes.count {
            if index < bytes.count, bytes[index] != dot {
                switch bytes[index] {   // RFC 1123 §2.1 LDH
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), hyphen: break
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): lowercase = false
                default: return nil
                }
                continue
            }
            let length = index - labelStart
            guard length >= 1, length <= labelMaximumLength, bytes[labelStart] != hyphen, bytes[index - 1] != hyphen else { return nil }
            // "ab--" is reserved and "xn--" needs IDNA: both go to the full path.
            if length >= 4, bytes[labelStart + 2] == hyphen, bytes[labelStart + 3] == hyphen { return nil }
            labels += 1
            lastLabelStart = labelStart
            labelStart = index + 1
        }
        let last = bytes[bytes.count - 1] | 0x20   // lower-cased, if a letter
        guard labels >= 2, last >= UInt8(ascii: "a"), last <= UInt8(ascii: "z") else { return nil }

        // Special-use names (RFC 6761 and others) are top-level: compare the last label.
        if isSpecialUse(UnsafeBufferPointer(rebasing: bytes[lastLabelStart...])) { return nil }
        return lowercase
    }

    private static func isSpecialUse(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        equalsIgnoringASCIICase(label, anyOf: specialUseNameBytes)
    }

    /// The special-use name whose bytes `label` are, exactly.
    static func specialUseName(exactly label: UnsafeBufferPointer<UInt8>) -> String? {
        for (index, name) in specialUseNameBytes.enumerated() where name.count == label.count && name.elementsEqual(label) {
            return specialUseDomains[index]
        }
        return nil
    }

    /// Whether ASCII `local` is an RFC 2142 mailbox name in any case.
    static func isCaseInsensitiveMailbox(_ local: UnsafeBufferPointer<UInt8>) -> Bool {
        equalsIgnoringASCIICase(local, anyOf: caseInsensitiveMailboxBytes)
    }

    /// The names as byte arrays, which compare with a buffer without going through String.
    private static let specialUseNameBytes = specialUseDomains.map { Array($0.utf8) }
    private static let caseInsensitiveMailboxBytes = caseInsensitiveMailboxes.map { Array($0.utf8) }

    /// Whether `bytes`, with ASCII letters lower-cased, equal one of the lower-case `names`.
    private static func equalsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, anyOf names: [[UInt8]]) -> Bool {
        names.contains { name in
            guard name.count == bytes.count else { return false }
            for index in name.indices where name[index] != UTF8Text.lowercaseASCII(bytes[index]) { return false }
            return true
        }
    }

}
