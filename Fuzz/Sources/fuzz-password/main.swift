// PasswordPolicy.evaluate under every built-in policy and Firebase policies with any requirement
// switched on, with an e-mail address and a name as context (the input is
// `password NUL email NUL name`). Invariants: the issues are exactly the unmet requirements (but
// for the "similar" ones a "contains" one implies); a valid verdict has the prepared form, and the
// prepared form is stable under preparation and gets the same verdict; the sign-in check accepts
// every password a policy accepts, prepared the same way.
import FuzzSupport
@testable import GenkanValidation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = input.byte()
    let policy: PasswordPolicy
    switch choice & 3 {
    case 0: policy = .default
    case 1: policy = .nist
    case 2: policy = .legacy
    default:
        policy = .firebase(
            minimumLength: Int(input.byte() % 40), maximumLength: 64 + Int(input.byte()),
            requireUppercase: choice & 4 != 0, requireLowercase: choice & 8 != 0,
            requireNumeric: choice & 16 != 0, requireNonAlphanumeric: choice & 32 != 0)
    }
    let parts = input.parts(3)
    let password = parts[0]
    let context = PasswordContext(email: parts.count > 1 ? parts[1] : nil, name: parts.count > 2 ? parts[2] : nil)
    let verdict = policy.evaluate(password, context: context)

    let unmet = verdict.requirements.filter { !$0.isMet }.map(\.code)
    let issued = verdict.issues.map(\.code)
    let implied: Set<IssueCode> = [.passwordSimilarToEmail, .passwordSimilarToName]
    Fuzz.check(issued.allSatisfy(unmet.contains) && unmet.allSatisfy { issued.contains($0) || implied.contains($0) },
               "\(policy.name): issues \(issued.map(\.rawValue)) but unmet requirements \(unmet.map(\.rawValue)) for \(shown(password))")
    Fuzz.check(verdict.isValid == (verdict.normalized != nil), "\(policy.name): valid \(verdict.isValid) with \(shown(verdict.normalized))")

    let signIn = PasswordPolicy.evaluateForSignIn(password)
    if let prepared = verdict.normalized {
        Fuzz.check(sameScalars(PasswordPolicy.prepare(prepared), prepared),
                   "\(policy.name): preparing \(shown(prepared)) again gives \(shown(PasswordPolicy.prepare(prepared)))")
        if policy.lengthUnit == .codePoints {
            let again = policy.evaluate(prepared, context: context)
            Fuzz.check(again.isValid && sameScalars(again.normalized, prepared),
                       "\(policy.name): \(shown(password)) is valid as \(shown(prepared)), which gets \(again.issues.map(\.code.rawValue))")
        }
        Fuzz.check(signIn.isValid && sameScalars(signIn.normalized, prepared),
                   "\(policy.name): \(shown(password)) is valid as \(shown(prepared)) but sign-in gives \(shown(signIn.normalized)) \(signIn.issues.map(\.code.rawValue))")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
