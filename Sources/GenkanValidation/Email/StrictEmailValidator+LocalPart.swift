import GenkanUnicode

extension StrictEmailValidator {
    /// The part before the `@`.
    enum LocalPart {
        struct Result {
            var issues: [ValidationIssue] = []
            /// NFC, with RFC 2142 names lower-cased; nil when invalid.
            var normalized: String?
            var requiresSMTPUTF8 = false
            /// The local part for the ASCII form of the address; nil when it is not ASCII.
            var asciiForm: String?
        }

        static func check(_ local: Substring) -> Result {
            var result = Result()
            // A character, not a byte: a quote followed by a combining mark is something else.
            if local.utf8.first == UInt8(ascii: "\""), local.first == "\"" {
                result.issues.append(ValidationIssue(.emailQuotedLocalPart))
                return result
            }
            let scan = Scan(local)
            result.issues = scan.issues(of: local)
            guard result.issues.isEmpty else { return result }

            if scan.isASCII {
                let isMailbox = UTF8Text.withBytes(of: local) { isCaseInsensitiveMailbox($0) }
                result.normalized = isMailbox ? local.lowercased() : String(local)
                result.asciiForm = result.normalized
                return result
            }
            // RFC 6532 §3.1: store NFC; the normalized form must itself be valid.
            let normalized = scan.isNFCQuickly ? String(local) : String(local).normalizedUTF8(.nfc)
            // Compared by scalars: Swift's `==` treats canonically equivalent strings as equal.
            if !scan.isNFCQuickly, !normalized.unicodeScalars.elementsEqual(local.unicodeScalars) {
                let afterNormalization = issues(of: normalized[...])
                guard afterNormalization.isEmpty else {
                    result.issues = afterNormalization
                    return result
                }
            }
            result.normalized = normalized
            // SMTPUTF8 is judged on the address as given; NFC can still make the local part
            // ASCII (U+1FEF becomes a backquote), and then it has an ASCII form.
            result.requiresSMTPUTF8 = true
            result.asciiForm = normalized.utf8.allSatisfy { $0 < 0x80 } ? normalized : nil
            return result
        }

        /// Everything wrong with a dot-atom local part (RFC 5322 §3.2.3, RFC 6531 §3.3).
        static func issues(of local: Substring) -> [ValidationIssue] {
            Scan(local).issues(of: local)
        }

        /// `atext` of RFC 5322 §3.2.3.
        static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && StrictEmailValidator.isAtext(byte: UInt8(scalar.value))
        }

        /// What one pass over the bytes of a local part finds.
        private struct Scan {
            private(set) var length = 0
            private(set) var refused = RefusedCharacters()
            private(set) var leadingMark = false
            private(set) var consecutiveDots = false
            private(set) var isASCII = true
            /// Every character is a starter with NFC_QC=Yes, so the text is already NFC (UAX #15 §9).
            private(set) var isNFCQuickly = true

            init(_ local: Substring) {
                self = UTF8Text.withBytes(of: local) { bytes in
                    var scan = Scan(nothing: ())
                    let dot = UInt8(ascii: ".")
                    var index = 0
                    while index < bytes.count {
                        scan.length += 1
                        let byte = bytes[index]
                        if byte < 0x80 {
                            if byte == dot {
                                if index > 0, bytes[index - 1] == dot { scan.consecutiveDots = true }
                            } else if !StrictEmailValidator.isAtext(byte: byte) {
                                scan.refused.refuse(Unicode.Scalar(byte))
                            }
                            index += 1
                            continue
                        }
                        scan.isASCII = false
                        let (scalar, next) = UTF8Text.scalar(at: index, in: bytes)
                        let properties = PrecisCodePoint(scalar)
                        if !properties.isNFCStarter { scan.isNFCQuickly = false }
                        let category = properties.generalCategory
                        if !EmailCharacters.isSafe(category, atStart: index == 0) {
                            if index == 0, category.isMark {
                                scan.leadingMark = true
                            } else {
                                scan.refused.refuseAsUnsafe(scalar)
                            }
                        }
                        index = next
                    }
                    return scan
                }
            }

            private init(nothing: Void) {}

            func issues(of local: Substring) -> [ValidationIssue] {
                if length == 0 { return [ValidationIssue(.emailLocalEmpty)] }
                var issues: [ValidationIssue] = []
                if length > localMaximumLength {
                    issues.append(ValidationIssue(.emailLocalTooLong, ["maximum": localMaximumLength, "actual": length]))
                }
                refused.appendIssues(to: &issues, invalidCode: .emailLocalInvalidCharacters, in: local)
                if leadingMark { issues.append(ValidationIssue(.emailLocalLeadingCombiningMark)) }
                if local.utf8.first == UInt8(ascii: ".") { issues.append(ValidationIssue(.emailLocalLeadingDot)) }
                if local.utf8.last == UInt8(ascii: ".") { issues.append(ValidationIssue(.emailLocalTrailingDot)) }
                if consecutiveDots { issues.append(ValidationIssue(.emailLocalConsecutiveDots)) }
                return issues
            }
        }
    }
}
