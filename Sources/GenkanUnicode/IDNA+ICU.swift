private import CICU

/// UTS #46 processing of domain names through ICU.
package enum IDNA {
    package struct Options: OptionSet, Sendable, Hashable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        package static let std3Rules = Options(rawValue: UInt32(GenkanIDNAOptionSTD3Rules))
        package static let checkBidi = Options(rawValue: UInt32(GenkanIDNAOptionCheckBidi))
        package static let checkContextJ = Options(rawValue: UInt32(GenkanIDNAOptionCheckContextJ))
        package static let checkContextO = Options(rawValue: UInt32(GenkanIDNAOptionCheckContextO))
        package static let nontransitional = Options(rawValue: UInt32(GenkanIDNAOptionNontransitional))
    }

    /// The processing errors UTS #46 defines, one flag each.
    package struct Errors: OptionSet, Sendable, Hashable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        package static let emptyLabel = Errors(rawValue: UInt32(GenkanIDNAErrorEmptyLabel))
        package static let labelTooLong = Errors(rawValue: UInt32(GenkanIDNAErrorLabelTooLong))
        package static let domainTooLong = Errors(rawValue: UInt32(GenkanIDNAErrorDomainTooLong))
        package static let leadingHyphen = Errors(rawValue: UInt32(GenkanIDNAErrorLeadingHyphen))
        package static let trailingHyphen = Errors(rawValue: UInt32(GenkanIDNAErrorTrailingHyphen))
        package static let hyphen34 = Errors(rawValue: UInt32(GenkanIDNAErrorHyphen34))
        package static let leadingCombiningMark = Errors(rawValue: UInt32(GenkanIDNAErrorLeadingCombiningMark))
        package static let disallowed = Errors(rawValue: UInt32(GenkanIDNAErrorDisallowed))
        package static let punycode = Errors(rawValue: UInt32(GenkanIDNAErrorPunycode))
        package static let labelHasDot = Errors(rawValue: UInt32(GenkanIDNAErrorLabelHasDot))
        package static let invalidACELabel = Errors(rawValue: UInt32(GenkanIDNAErrorInvalidACELabel))
        package static let bidi = Errors(rawValue: UInt32(GenkanIDNAErrorBidi))
        package static let contextJ = Errors(rawValue: UInt32(GenkanIDNAErrorContextJ))
        package static let contextOPunctuation = Errors(rawValue: UInt32(GenkanIDNAErrorContextOPunctuation))
        package static let contextODigits = Errors(rawValue: UInt32(GenkanIDNAErrorContextODigits))
    }

    /// UTS #46 ToASCII (`uidna_nameToASCII`) of a domain given as UTF-8 (valid, as a Swift
    /// string's bytes are), written as UTF-8. `value` is nil only when ICU itself failed.
    package static func toASCII(utf8 domain: UnsafeBufferPointer<UInt8>, options: Options) -> (value: String?, errors: Errors) {
        var bits: UInt32 = 0
        let value = icuUTF8String(bytes: domain) { GenkanICU_idnaToASCIIUTF8(options.rawValue, $0, $1, $2, $3, &bits) }
        return (value, Errors(rawValue: bits))
    }

    /// UTS #46 ToUnicode (`uidna_nameToUnicode`) of a domain given as UTF-8, written as UTF-8.
    package static func toUnicode(utf8 domain: UnsafeBufferPointer<UInt8>, options: Options) -> (value: String?, errors: Errors) {
        var bits: UInt32 = 0
        let value = icuUTF8String(bytes: domain) { GenkanICU_idnaToUnicodeUTF8(options.rawValue, $0, $1, $2, $3, &bits) }
        return (value, Errors(rawValue: bits))
    }

    /// `toUnicode` and `toASCII` of one domain given as UTF-8, in one call to CICU, which
    /// converts the input to UTF-16 once. A value is nil only when ICU itself failed.
    package static func toUnicodeAndASCII(utf8 domain: UnsafeBufferPointer<UInt8>, options: Options)
        -> (unicode: (value: String?, errors: Errors), ascii: (value: String?, errors: Errors))
    {
        let nul: UInt8 = 0   // a valid pointer for an empty input
        return withUnsafePointer(to: nul) { empty in
            (domain.baseAddress ?? empty).withMemoryRebound(to: CChar.self, capacity: max(domain.count, 1)) { source in
                var capacity = max(domain.count * 2 + 16, 64)
                var unicodeLength: Int32 = 0, asciiLength: Int32 = 0
                var unicodeErrors: UInt32 = 0, asciiErrors: UInt32 = 0
                for _ in 0..<2 {
                    // The two outputs side by side in one temporary buffer, on the stack when small.
                    let forms = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 2 * capacity) { buffer -> (String, String)? in
                        let unicode = buffer.baseAddress!, ascii = buffer.baseAddress! + capacity
                        let status = GenkanICU_idnaToUnicodeAndASCIIUTF8(
                            options.rawValue, source, Int32(domain.count), unicode, ascii, Int32(capacity),
                            &unicodeLength, &asciiLength, &unicodeErrors, &asciiErrors)
                        guard status == 0 else {
                            capacity = status > 0 ? Int(status) : 0
                            return nil
                        }
                        return (string(unicode, unicodeLength), string(ascii, asciiLength))
                    }
                    if let forms {
                        return ((forms.0, Errors(rawValue: unicodeErrors)), (forms.1, Errors(rawValue: asciiErrors)))
                    }
                    if capacity == 0 { break }   // ICU failed
                }
                return ((nil, Errors(rawValue: unicodeErrors)), (nil, Errors(rawValue: asciiErrors)))
            }
        }
    }

    private static func string(_ bytes: UnsafeMutablePointer<CChar>, _ length: Int32) -> String {
        bytes.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
        }
    }

    /// UTS #46 ToASCII (`uidna_nameToASCII`).
    package static func toASCII(_ domain: String, options: Options) -> (value: String?, errors: Errors) {
        var domain = domain
        return domain.withUTF8 { toASCII(utf8: $0, options: options) }
    }

    /// UTS #46 ToUnicode (`uidna_nameToUnicode`).
    package static func toUnicode(_ domain: String, options: Options) -> (value: String?, errors: Errors) {
        var domain = domain
        return domain.withUTF8 { toUnicode(utf8: $0, options: options) }
    }

    /// `toASCII` with the conversion to UTF-16 done in Swift, which the tests hold the UTF-8 entry
    /// point against.
    package static func toASCIIThroughUTF16(_ domain: String, options: Options) -> (value: String?, errors: Errors) {
        var bits: UInt32 = 0
        let value = icuString(domain) { GenkanICU_idnaToASCII(options.rawValue, $0, $1, $2, $3, &bits) }
        return (value, Errors(rawValue: bits))
    }

    /// `toUnicode` with the conversion to UTF-16 done in Swift.
    package static func toUnicodeThroughUTF16(_ domain: String, options: Options) -> (value: String?, errors: Errors) {
        var bits: UInt32 = 0
        let value = icuString(domain) { GenkanICU_idnaToUnicode(options.rawValue, $0, $1, $2, $3, &bits) }
        return (value, Errors(rawValue: bits))
    }
}
