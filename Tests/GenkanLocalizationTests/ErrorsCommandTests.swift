import Foundation
import GenkanTestSupport
import Testing
import GenkanLocalization

/// Runs the built `genkan` next to the test bundle (`swift build --build-tests` builds it).
private func genkan(_ arguments: [String]) throws -> ToolRun {
    try #require(FileManager.default.isExecutableFile(atPath: RepositoryPaths.genkan.path), "build genkan first: swift build --build-tests")
    return try ToolRun.genkan(arguments)
}

private func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
}

@Test func showGivesOneJapaneseMessageForThreeCredentialErrors() throws {
    let run = try genkan(["errors", "show", "--locale", "ja", "17009", "auth/user-not-found", "INVALID_LOGIN_CREDENTIALS"])
    #expect(run.status == 0)
    let lines = try jsonLines(run.stdout)
    #expect(lines.count == 3)
    #expect(lines.map { $0["code"] as? String } == ["auth/wrong-password", "auth/user-not-found", "auth/invalid-credential"])
    #expect(lines.map { $0["iosCode"] as? Int } == [17009, 17011, 17004])
    #expect(Set(lines.compactMap { $0["message"] as? String }) == ["メールアドレスまたはパスワードが正しくありません。"])
    #expect(lines.allSatisfy { $0["locale"] as? String == "ja" && $0["input"] is String })
}

@Test func showAcceptsRESTBodiesAndReportsUnknownInput() throws {
    let body = #"{"error":{"code":400,"message":"WEAK_PASSWORD : Password should be at least 6 characters"}}"#
    let run = try genkan(["errors", "show", "--locale", "de-AT", body, "certainly-not-a-code"])
    #expect(run.status == 1)
    let lines = try jsonLines(run.stdout)
    #expect(lines.count == 1)
    #expect(lines.first?["code"] as? String == "auth/weak-password")
    #expect(lines.first?["detail"] as? String == "Password should be at least 6 characters")
    #expect(lines.first?["locale"] as? String == "de")
    // The message states the minimum the server gave.
    #expect(lines.first?["message"] as? String == "Dieses Passwort ist zu schwach. Verwenden Sie mindestens 6 Zeichen.")
    #expect(run.stderr.contains("certainly-not-a-code"))
}

@Test func showUsageErrorsExitTwo() throws {
    #expect(try genkan(["errors", "show"]).status == 2)
    #expect(try genkan(["errors", "show", "--locale", "!!", "17008"]).status == 2)
    #expect(try genkan(["errors", "show", "--platform", "android", "17008"]).status == 2)
    #expect(try genkan(["errors", "show", "--bogus", "17008"]).status == 2)
    #expect(try genkan(["errors", "list", "--format", "xml"]).status == 2)
}

@Test func listPrintsEveryCodeWithAllSpellings() throws {
    let tsv = try genkan(["errors", "list"])
    #expect(tsv.status == 0)
    let rows = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    #expect(rows.first?.first == "code")
    #expect(rows.count == AuthErrorCode.allCases.count + 1)
    for (code, row) in zip(AuthErrorCode.allCases, rows.dropFirst()) {
        #expect(row.first == code.rawValue)
        let cells = Set(row.flatMap { $0.components(separatedBy: ", ") })
        for spelling in code.allSpellings { #expect(cells.contains(spelling), "\(code): \(spelling)") }
    }
    let json = try genkan(["errors", "list", "--format", "json", "--locale", "ko"])
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == AuthErrorCode.allCases.count)
    #expect(array.allSatisfy { ($0["spellings"] as? [String])?.isEmpty == false && $0["message"] is String })
}
