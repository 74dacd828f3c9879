// NameProfile (nickname, username, opaque string) on any text. Invariants: a valid name has both
// forms; enforcement is idempotent (RFC 8264 §7): the enforced form enforces to itself, and the
// comparison key is its own comparison key; the nickname comparison-key shortcut gives what
// NicknameCaseMapped enforcement gives. (The key of the enforced form may differ from the key of
// the input: RFC 8266 §2.4 maps case before NFKC, so "Ϲ" keys as "ς" while its NFKC form "Σ" keys
// as "σ".)
import FuzzSupport
@testable import GenkanValidation

let profiles: [(NameProfile, String)] = [(.nickname, "nickname"), (.username, "username"), (.opaqueString, "opaqueString")]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let (profile, name) = profiles[input.choice(profiles.count)]
    let text = input.text
    let result = profile.enforce(text)
    Fuzz.check(result.isValid == (result.normalized != nil) && result.isValid == (result.comparisonKey != nil),
               "\(name): valid \(result.isValid) with \(shown(result.normalized)) and key \(shown(result.comparisonKey))")
    guard let normalized = result.normalized, let key = result.comparisonKey else { return 0 }

    let again = profile.enforce(normalized)
    Fuzz.check(again.isValid && sameScalars(again.normalized, normalized),
               "\(name): \(shown(text)) enforces to \(shown(normalized)) (key \(shown(key))), which enforces to \(shown(again.normalized)) (key \(shown(again.comparisonKey))) \(again.issues.map(\.code.rawValue))")
    let fromKey = profile.enforce(key)
    Fuzz.check(fromKey.isValid && sameScalars(fromKey.comparisonKey, key),
               "\(name): the key \(shown(key)) of \(shown(text)) enforces to the key \(shown(fromKey.comparisonKey)) \(fromKey.issues.map(\.code.rawValue))")

    if profile == .nickname {
        let caseMapped = PrecisProfile.nicknameCaseMapped.enforce(text)
        Fuzz.check(caseMapped.isValid && sameScalars(caseMapped.output, key),
                   "nickname: the key of \(shown(text)) is \(shown(key)), NicknameCaseMapped gives \(shown(caseMapped.output)) \(caseMapped.failures)")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
