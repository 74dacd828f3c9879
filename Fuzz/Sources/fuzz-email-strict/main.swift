// EmailRule.strict on any text. Invariants: each shortcut (the plain-ASCII scan, the plain-Unicode
// scan, the domain shortcuts) gives exactly what the full path gives wherever it answers; a valid
// verdict has a normalized form, and that form and the ASCII form validate again to the same
// forms (normalization is idempotent).
import FuzzSupport
@testable import GenkanValidation

func same(_ a: EmailValidation, _ b: EmailValidation) -> Bool {
    a.issues == b.issues && a.requiresSMTPUTF8 == b.requiresSMTPUTF8 && sameScalars(a.normalized, b.normalized)
        && sameScalars(a.ascii, b.ascii)
}

func describe(_ v: EmailValidation) -> String {
    "issues \(v.issues.map(\.code.rawValue)) normalized \(shown(v.normalized)) ascii \(shown(v.ascii)) smtputf8 \(v.requiresSMTPUTF8)"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size).text
    let verdict = EmailRule.strict.validate(input)
    Fuzz.check(verdict.isValid == (verdict.normalized != nil), "validity and normalized form disagree: \(describe(verdict))")
    Fuzz.check(verdict.normalized == nil || verdict.issues.isEmpty, "a normalized form with issues: \(describe(verdict))")

    if input.utf8.count <= EmailRule.maximumInputLength {
        let full = StrictEmailValidator.validateFully(input)
        Fuzz.check(same(verdict, full), "validate \(describe(verdict)) but the full path \(describe(full)) for \(shown(input))")
        if let fast = StrictEmailValidator.validatePlainASCII(input) {
            Fuzz.check(same(fast, full), "the ASCII scan \(describe(fast)) but the full path \(describe(full)) for \(shown(input))")
        }
        if let fast = StrictEmailValidator.validatePlainUnicode(input) {
            Fuzz.check(same(fast, full), "the Unicode scan \(describe(fast)) but the full path \(describe(full)) for \(shown(input))")
        }
        if let at = input.firstIndex(of: "@") {
            let domain = input[input.index(after: at)...]
            let fast = EmailDomain.check(domain)
            let slow = EmailDomain.check(domain, shortcuts: false)
            Fuzz.check(
                fast.issues == slow.issues && sameScalars(fast.unicode, slow.unicode) && sameScalars(fast.ascii, slow.ascii),
                "domain shortcuts \(fast.issues.map(\.code.rawValue)) \(shown(fast.unicode)) \(shown(fast.ascii)) but label by label \(slow.issues.map(\.code.rawValue)) \(shown(slow.unicode)) \(shown(slow.ascii)) for \(shown(String(domain)))")
        }
    }

    if let normalized = verdict.normalized {
        let again = EmailRule.strict.validate(normalized)
        Fuzz.check(again.isValid && sameScalars(again.normalized, normalized) && sameScalars(again.ascii, verdict.ascii),
                   "\(shown(input)) normalizes to \(shown(normalized)), which validates to \(describe(again))")
        if let ascii = verdict.ascii {
            let fromASCII = EmailRule.strict.validate(ascii)
            Fuzz.check(fromASCII.isValid && sameScalars(fromASCII.ascii, ascii) && sameScalars(fromASCII.normalized, normalized),
                       "\(shown(input)) has the ASCII form \(shown(ascii)), which validates to \(describe(fromASCII))")
        }
    }
    return 0
}

Fuzz.run(fuzzOneInput)
