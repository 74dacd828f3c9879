import Foundation
import GenkanTestSupport
import Testing
@testable import GenkanLocalization

@Test func theTableHasOneCodePerReferenceRow() {
    #expect(ReferenceRow.all.count == 127)
    #expect(AuthErrorCode.allCases.count == ReferenceRow.all.count)
    #expect(Set(AuthErrorCode.allCases.map(\.rawValue)).count == 127)
}

/// Finds the row's code by its own columns, not by position.
private func code(for row: ReferenceRow) -> AuthErrorCode? {
    AuthErrorCode.allCases.first { code in
        let spelling = code.spellings
        return (spelling.webCode ?? "") == row.webCode && (spelling.iosCaseName ?? "") == row.iosCase
            && spelling.iosCode == row.iosCode && (spelling.errorName ?? "") == row.iosNameKey
            && (spelling.androidCode ?? "") == row.androidCode
    }
}

@Test(arguments: ReferenceRow.all)
func everySpellingOfARowParsesToIt(_ row: ReferenceRow) throws {
    let expected = try #require(code(for: row), "no AuthErrorCode has the columns of \(row)")
    #expect(expected.spellings.isRemovedFromIOS == (row.status != "current"))
    var spellings = [row.iosCase, row.iosNameKey, row.androidCode, row.webCode].filter { !$0.isEmpty }
    if let number = row.iosCode { spellings.append(String(number)) }
    if !row.iosCase.isEmpty { spellings += ["AuthErrorCode.\(row.iosCase)", ".\(row.iosCase)"] }
    spellings.append(expected.rawValue)
    for spelling in spellings {
        for platform in AuthErrorPlatform.allCases {
            let parsed = AuthError(parsing: spelling, platform: platform)
            #expect(parsed.code == expected && parsed.isRecognized, "\(spelling) (\(platform)) → \(parsed)")
        }
    }
    for server in row.serverStrings {
        let platforms = server.platform.map { [AuthErrorPlatform(rawValue: $0)!] } ?? AuthErrorPlatform.allCases
        for platform in platforms {
            if server.value.hasPrefix("reason:") {
                // iOS reads error.errors[].reason of the REST body.
                let reason = server.value.dropFirst("reason:".count).replacingOccurrences(of: "*", with: "")
                let body = #"{"error":{"code":400,"message":"Bad Request","errors":[{"message":"Bad Request","domain":"usageLimits","reason":"\#(reason)"}],"status":"INVALID_ARGUMENT"}}"#
                #expect(AuthError(parsing: body, platform: platform).code == expected, "\(body)")
                continue
            }
            let forms = [
                server.value,
                "\(server.value) : Some detail from the server",
                "\(server.value):detail",
                #"{"error":{"code":400,"message":"\#(server.value)","errors":[{"message":"\#(server.value)","domain":"global","reason":"invalid"}]}}"#,
            ]
            for form in forms {
                let parsed = AuthError(parsing: form, platform: platform)
                #expect(parsed.code == expected && parsed.isRecognized, "\(form) (\(platform)) → \(parsed)")
            }
            if let alias = server.webAlias {
                #expect(AuthError(parsing: alias, platform: platform).code == expected, "\(alias)")
            }
        }
    }
}

@Test func iosNumbersThatChangedBetweenVersions() {
    // "Raw value was 17993 before iOS SDK 10.14.0; 17093 since."
    #expect(AuthErrorCode(iosCode: 17993) == .missingClientIdentifier)
    #expect(AuthErrorCode(iosCode: 17093) == .missingClientIdentifier)
    #expect(AuthError(parsing: "17993").code == .missingClientIdentifier)
    #expect(AuthErrorCode.missingClientIdentifier.iosCode == 17093)
    // Removed from iOS 12.0.0, still understood.
    #expect(AuthError(parsing: "17068").code == .dynamicLinkNotActivated)
    #expect(AuthErrorCode(iosCode: 17001) == nil)
}

@Test func serverStringsTheSDKsReadDifferently() {
    #expect(AuthError(parsing: "USER_NOT_FOUND", platform: .ios).code == .userNotFound)
    #expect(AuthError(parsing: "USER_NOT_FOUND", platform: .web).code == .userTokenExpired)
    #expect(AuthError(parsing: "MISSING_CONTINUE_URI", platform: .ios).code == .missingContinueURI)
    #expect(AuthError(parsing: "MISSING_CONTINUE_URI", platform: .web).code == .internalError)
    #expect(AuthError(parsing: "MISSING_CONTINUE_URI", platform: .web).isRecognized)
    #expect(AuthError(parsing: "BLOCKING_FUNCTION_ERROR_RESPONSE : Blocked by the function", platform: .ios).code == .blockingCloudFunctionError)
    // The continue-URL domain error and the OAuth origin error are different errors.
    #expect(AuthError(parsing: "unauthorizedDomain").code == .unauthorizedDomain)
    #expect(AuthError(parsing: "auth/unauthorized-continue-uri").code == .unauthorizedDomain)
    #expect(AuthError(parsing: "auth/unauthorized-domain").code == .unauthorizedOAuthDomain)
}

@Test func emailEnumerationProtection() {
    #expect(AuthError(parsing: "INVALID_LOGIN_CREDENTIALS").code == .invalidCredential)
    #expect(AuthError(parsing: #"{"error":{"code":400,"message":"INVALID_LOGIN_CREDENTIALS","errors":[{"message":"INVALID_LOGIN_CREDENTIALS","domain":"global","reason":"invalid"}]}}"#).code == .invalidCredential)
    // The web SDK before 10.7.0 produced this code.
    #expect(AuthError(parsing: "auth/invalid-login-credentials").code == .invalidCredential)
}

@Test func serverDetailsAndWrappedMessages() {
    let weak = AuthError(parsing: "WEAK_PASSWORD : Password should be at least 6 characters")
    #expect(weak.code == .weakPassword)
    #expect(weak.detail == "Password should be at least 6 characters")
    let web = AuthError(parsing: "Firebase: Error (auth/email-already-in-use).")
    #expect(web.code == .emailAlreadyInUse && web.detail == nil)
    let android = AuthError(parsing: "An internal error has occurred. [ PASSWORD_DOES_NOT_MEET_REQUIREMENTS:Missing password requirements: [Password may contain at most 50 characters] ]")
    #expect(android.code == .passwordDoesNotMeetRequirements)
    #expect(android.unmetRequirements == [.maximumLength(50)])
    let firebaseJS = AuthError(parsing: #"{"code":"auth/too-many-requests","customData":{},"name":"FirebaseError"}"#)
    #expect(firebaseJS.code == .tooManyRequests)
}

/// Found by fuzz-auth-error: a server text whose detail quotes a web SDK message read as its own
/// code, but inside Android's internal-error brackets as the quoted one.
@Test func aBracketedServerTextIsReadByItsOwnCodeNotByAMessageItQuotes() {
    let text = "WEAK_PASSWORD : Password should be at least 6 characters; was Firebase: Error (auth/invalid-email)."
    #expect(AuthError(parsing: text).code == .weakPassword)
    #expect(AuthError(parsing: "An internal error has occurred. [ \(text) ]").code == .weakPassword)
    // A web message that quotes brackets is still a web message.
    let web = AuthError(parsing: "Firebase: Missing password requirements: [Password must contain a numeric character] (auth/password-does-not-meet-requirements).")
    #expect(web.code == .passwordDoesNotMeetRequirements && web.unmetRequirements == [.digit])
}

@Test func unmetPasswordRequirementsAreReadOneByOne() {
    let error = AuthError(parsing: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain at least 8 characters, Password must contain a lower case character, Password must contain an upper case character, Password must contain a numeric character, Password must contain a non-alphanumeric character, Password may contain at most 4096 characters]")
    #expect(error.code == .passwordDoesNotMeetRequirements)
    #expect(error.unmetRequirements == [.minimumLength(8), .lowercase, .uppercase, .digit, .nonAlphanumeric, .maximumLength(4096)])
    let web = AuthError(parsing: "Firebase: Missing password requirements: [Password must contain a non-alphanumeric character] (auth/password-does-not-meet-requirements).")
    #expect(web.code == .passwordDoesNotMeetRequirements)
    #expect(web.unmetRequirements == [.nonAlphanumeric])
    let policyNames = AuthError(parsing: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [containsUppercaseCharacter, something new]")
    #expect(policyNames.unmetRequirements == [.uppercase, .unrecognized("something new")])
}

@Test func unknownInputKeepsItsText() {
    for text in ["certainly-not-a-code", "", "   ", "{", #"{"error":{"message":"SOMETHING_NEW"}}"#, "[[[[]]]]", "auth/", "99999"] {
        let error = AuthError(parsing: text)
        #expect(error.code == .internalError && !error.isRecognized && error.input == text, "\(text)")
    }
    // Overlong input is not parsed, and does not take long.
    let long = String(repeating: "INVALID_EMAIL : ", count: 10_000)
    #expect(!AuthError(parsing: long).isRecognized)
    let deep = String(repeating: "[", count: 5000) + "INVALID_EMAIL" + String(repeating: "]", count: 5000)
    #expect(AuthError(parsing: deep).code == .internalError)
}

@Test func errorsFromTheIOSSDK() {
    let invalidEmail = NSError(domain: "FIRAuthErrorDomain", code: 17008, userInfo: ["FIRAuthErrorUserInfoNameKey": "ERROR_INVALID_EMAIL"])
    #expect(AuthError(invalidEmail).code == .invalidEmail)
    let weak = NSError(domain: "FIRAuthErrorDomain", code: 17026, userInfo: [NSLocalizedFailureReasonErrorKey: "Password should be at least 6 characters"])
    #expect(AuthError(weak).detail == "Password should be at least 6 characters")
    // iOS SDKs before 10.19.0 reported INVALID_LOGIN_CREDENTIALS as an internal error with the response.
    let response: [String: Any] = ["error": ["code": 400, "message": "INVALID_LOGIN_CREDENTIALS"] as [String: Any]]
    let underlying = NSError(domain: "FIRAuthInternalErrorDomain", code: 3, userInfo: ["FIRAuthErrorUserInfoDeserializedResponseKey": response])
    let old = NSError(domain: "FIRAuthErrorDomain", code: 17999, userInfo: [NSUnderlyingErrorKey: underlying])
    #expect(AuthError(old).code == .invalidCredential)
    let requirements = NSError(domain: "FIRAuthErrorDomain", code: 17211, userInfo: [NSLocalizedDescriptionKey: "Missing password requirements: [Password must contain a numeric character]"])
    #expect(AuthError(requirements).unmetRequirements == [.digit])
    let unknown = NSError(domain: "FIRAuthErrorDomain", code: 12345)
    #expect(!AuthError(unknown).isRecognized)
    #expect(AuthError(URLError(.notConnectedToInternet)).code == .networkError)
    #expect(AuthError(AuthErrorCode.userDisabled).code == .userDisabled)
}

@Test func spellingsListEveryColumn() {
    #expect(AuthErrorCode.invalidEmail.allSpellings == ["auth/invalid-email", "invalidEmail", "17008", "ERROR_INVALID_EMAIL", "INVALID_EMAIL", "INVALID_IDENTIFIER"])
    #expect(AuthErrorCode.keychainError.rawValue == "auth/keychain-error")
    #expect(AuthErrorCode.keychainError.webCode == nil)
    #expect(AuthErrorCode(spelling: "FIRAuthErrorCodeInvalidEmail") == .invalidEmail)
}

@Test func theFixtureIsTheProjectsReferenceTable() throws {
    // Tests/GenkanLocalizationTests/Fixtures holds a copy so a clean clone builds and tests alone;
    // where the project's shared reference sits beside the clone (as in CI), the copy must match it.
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/reference/firebase-auth-errors.tsv")
    let fixture = repository.appendingPathComponent("Tests/GenkanLocalizationTests/Fixtures/firebase-auth-errors.tsv")
    guard let reference = FileManager.default.contents(atPath: shared.path) else { return }
    #expect(FileManager.default.contents(atPath: fixture.path) == reference, "refresh the fixture and run scripts/generate-auth-error-codes.py")
}

@Test func theGeneratedTableIsUpToDate() throws {
    // AuthErrorCode.swift is written by the generator from the fixture; a hand edit of either is
    // caught here.
    let check = try ToolRun.run(tool: "python3", [RepositoryPaths.root.appending(path: "scripts/generate-auth-error-codes.py").path, "--check"])
    #expect(check.status == 0, "\(check.stderr)")
}
