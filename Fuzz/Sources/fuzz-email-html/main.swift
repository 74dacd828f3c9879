// EmailRule.html on any text. Invariants: a valid verdict's normalized form is ASCII, matches the
// WHATWG pattern and validates again to itself; PCRE2 (JIT) and ICU's regular expressions
// (NSRegularExpression) agree on the pattern for every sanitized ASCII value.
import Foundation
import FuzzSupport
@testable import GenkanValidation

let icuPattern = try! NSRegularExpression(pattern: #"\A(?:"# + EmailPatterns.whatwgSource + #")\z"#)

func icuMatches(_ value: String) -> Bool {
    icuPattern.firstMatch(in: value, range: NSRange(location: 0, length: value.utf16.count)) != nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size).text
    let verdict = EmailRule.html.validate(input)
    Fuzz.check(verdict.isValid == (verdict.normalized != nil), "validity and normalized form disagree for \(shown(input))")

    let sanitized = HTMLEmailValidator.sanitize(input)
    if sanitized.utf8.count <= 1024, sanitized.utf8.allSatisfy({ $0 < 0x80 }) {
        let pcre2 = EmailPatterns.whatwg.matches(sanitized)
        Fuzz.check(pcre2 == icuMatches(sanitized), "PCRE2 says \(pcre2), ICU says \(!pcre2) for \(shown(sanitized))")
        if input.utf8.count <= EmailRule.maximumInputLength {
            Fuzz.check(verdict.isValid == pcre2, "valid \(verdict.isValid) but the pattern says \(pcre2) for \(shown(sanitized))")
        }
    }

    if let normalized = verdict.normalized {
        Fuzz.check(normalized.utf8.allSatisfy({ $0 < 0x80 }) && EmailPatterns.whatwg.matches(normalized),
                   "\(shown(input)) normalizes to \(shown(normalized)), which the pattern refuses")
        let again = EmailRule.html.validate(normalized)
        Fuzz.check(again.isValid && sameScalars(again.normalized, normalized),
                   "\(shown(input)) normalizes to \(shown(normalized)), which validates to \(shown(again.normalized)) \(again.issues.map(\.code.rawValue))")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
