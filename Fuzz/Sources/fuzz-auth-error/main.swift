// AuthError(parsing:) on any text (an SDK's message, a REST body, a server string), for iOS and
// web. Invariants: an error read from text without brackets or braces is read the same (same code)
// when the text arrives wrapped as the SDKs wrap it: in a REST error body, in the Android SDK's
// `[ … ]`, and as the server response an iOS internal error carries; every error has a message in
// every shipped locale.
import Foundation
import FuzzSupport
@testable import GenkanLocalization

let model = AuthErrorModel()
let locales = model.locales

func jsonString(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
        .dropFirst().dropLast().description
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let platform: AuthErrorPlatform = input.flag() ? .web : .ios
    let locale = locales[input.choice(locales.count)]
    let text = input.text
    let error = AuthError(parsing: text, platform: platform)
    Fuzz.check(error.isRecognized || error.code == .internalError, "unrecognized \(shown(text)) read as \(error.code)")
    _ = error.minimumPasswordLength
    _ = error.description
    let message = model.message(for: error, locale: locale)
    Fuzz.check(!message.isEmpty, "no \(locale) message for \(error.code) read from \(shown(text))")
    let localized = model.localize(error, locale: locale)
    Fuzz.check(!localized.text.isEmpty, "no \(locale) text for \(error.code)")

    guard error.isRecognized, !text.contains("["), !text.contains("]"), !text.contains("{"),
          text.utf8.count < AuthError.maximumInputLength / 2 else { return 0 }
    let wrapped = [
        #"{"error":{"code":400,"message":\#(jsonString(text)),"errors":[]}}"#,
        "An internal error has occurred. [ \(text) ]",
    ]
    for form in wrapped {
        let again = AuthError(parsing: form, platform: platform)
        Fuzz.check(again.code == error.code, "\(shown(text)) reads as \(error.code) but \(shown(form)) as \(again.code)")
    }
    if error.code != .internalError {
        let response: [String: Any] = ["error": ["code": 400, "message": text]]
        let inner = NSError(domain: "FIRAuthInternalErrorDomain", code: 3, userInfo: ["FIRAuthErrorUserInfoDeserializedResponseKey": response])
        let sdk = NSError(domain: "FIRAuthErrorDomain", code: 17999, userInfo: [NSUnderlyingErrorKey: inner])
        let again = AuthError(sdk, platform: platform)
        Fuzz.check(again.code == error.code, "\(shown(text)) reads as \(error.code) but inside an internal error as \(again.code)")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
