import Foundation
import GenkanJSON
import Testing

@testable import GenkanServer

/// The readers of `firebase auth:export` files: JSON read one user at a time, CSV rows into the
/// same members, and what each refuses, with the line.
@Suite struct ExportFileReaderTests {
    /// A file in a fresh temporary folder, removed when the test's value goes.
    final class TemporaryFile {
        let path: String
        init(_ contents: [UInt8], name: String) {
            let folder = FileManager.default.temporaryDirectory.appending(path: "genkan-export-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            path = folder.appending(path: name).path
            _ = FileManager.default.createFile(atPath: path, contents: Data(contents))
        }
        convenience init(_ text: String, name: String = "users.json") { self.init(Array(text.utf8), name: name) }
        deinit { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
    }

    /// What firebase-tools' `auth:export` writes: `{"users": [` and a line break, each user as
    /// `JSON.stringify(user, null, 2)` joined by `,` and a line break, then `]}`.
    static func firebaseToolsJSON(_ users: [String]) -> String {
        "{\"users\": [\n" + users.joined(separator: ",\n") + "]}"
    }

    static func user(_ uid: String, extra: String = "") -> String {
        """
        {
          "localId": "\(uid)",
          "email": "\(uid)@example.com",
          "emailVerified": true,
          "passwordHash": "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
          "salt": "42xEC+ixf3L2lw==",
          "displayName": "User \(uid)",
          "lastSignedInAt": "1700000000000",
          "createdAt": "1600000000123",
          "providerUserInfo": []\(extra)
        }
        """
    }

    func records(_ text: String) throws -> [ExportFileReader.Record] {
        let file = TemporaryFile(text)
        var reader = try ExportFileReader(path: file.path)
        var records: [ExportFileReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    func failure(_ text: String) -> ExportFileReader.Failure? {
        do {
            _ = try records(text)
            return nil
        } catch let failure as ExportFileReader.Failure {
            return failure
        } catch {
            return nil
        }
    }

    @Test func readsWhatFirebaseToolsWrites() throws {
        let read = try records(Self.firebaseToolsJSON([Self.user("a"), Self.user("b"), Self.user("c")]))
        #expect(read.map(\.index) == [0, 1, 2])
        #expect(read.map { $0.value["localId"]?.stringValue } == ["a", "b", "c"])
        #expect(read.map(\.line) == [2, 13, 24])
        #expect(read[1].value["createdAt"] == .string("1600000000123"))
    }

    @Test func readsEmptyAndCompactFiles() throws {
        #expect(try records("{\"users\":[]}").isEmpty)
        #expect(try records(" \n{ \"users\" : [ ] } \n").isEmpty)
        #expect(try records("{\"users\":[{\"localId\":\"x\"},{\"localId\":\"y\"}]}").count == 2)
    }

    @Test func keepsTheMembersBeforeTheUsers() throws {
        let file = TemporaryFile("{\"genkan\": {\"version\": 1}, \"users\": [{\"localId\": \"x\"}], \"after\": [1, 2]}")
        var reader = try ExportFileReader(path: file.path)
        _ = try reader.next()
        #expect(reader.header.map(\.name) == ["genkan"])
        #expect(try reader.next() == nil)
    }

    @Test func readsAcrossChunksOfTheFile() throws {
        // Well over the reader's 1 MiB chunks, with users straddling their edges.
        let users = (0..<6000).map { Self.user(String(format: "user%05d", $0), extra: ",\n  \"phoneNumber\": \"+15555550100\"") }
        let read = try records(Self.firebaseToolsJSON(users))
        #expect(read.count == 6000)
        #expect(read.last?.value["localId"] == .string("user05999"))
        #expect(read.allSatisfy { $0.value["phoneNumber"] == .string("+15555550100") })
    }

    @Test(arguments: [
        ("", 1, "does not start with {"),
        ("[]", 1, "does not start with {"),
        ("{}", 1, "no \"users\""),
        ("{\"user\": []}", 1, "no \"users\""),
        ("{\"users\": {}}", 1, "is not a list"),
        ("{\"users\": [], \"users\": []}", 1, "given twice"),
        ("{\"users\": [1]}", 1, "user 1 is not an object"),
        ("{\"users\": [\n{\"localId\": \"a\"},\n\"b\"]}", 3, "user 2 is not an object"),
        ("{\"users\": [{\"localId\": \"a\"}", 1, "ends inside \"users\""),
        ("{\"users\": [{\"localId\": \"a\"", 1, "not JSON"),
        ("{\"users\": [{\"localId\": \"a\",}]}", 1, "not JSON"),
        ("{\"users\": [\n\n{\"localId\": \"a\", \"localId\": \"b\"}]}", 3, "not JSON"),
        ("{\"users\": [{\"localId\": \"a\"} {\"localId\": \"b\"}]}", 1, "expected , or ]"),
        ("{\"users\": []} x", 1, "text after"),
        ("{\"users\": []", 1, "ends inside its outer object"),
        ("{users: []}", 1, "expected a member name"),
        ("{\"users\" []}", 1, "expected :"),
    ])
    func refusesFilesThatAreNotExports(_ text: String, _ line: Int, _ message: String) {
        let found = failure(text)
        #expect(found?.line == line, "\(String(describing: found))")
        #expect(found?.message.contains(message) == true, "\(String(describing: found))")
    }

    @Test func refusesAUserLongerThanTheLimit() {
        let big = String(repeating: "x", count: ExportFileReader.maximumUserBytes)
        let found = failure("{\"users\": [{\"localId\": \"a\"},\n{\"localId\": \"\(big)\"}]}")
        #expect(found?.line == 2)
        #expect(found?.message.contains("user 2 is longer than") == true)
    }

    @Test func refusesAMissingFile() {
        #expect(throws: ExportFileReader.Failure.self) { try ExportFileReader(path: "/nonexistent/genkan-users.json") }
    }

    // MARK: CSV

    func csvRecords(_ text: String) throws -> [ExportFileReader.Record] {
        let file = TemporaryFile(text, name: "users.csv")
        var reader = try ExportCSVReader(path: file.path)
        var records: [ExportFileReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    /// A row as firebase-tools' `transUserToArray` writes it: 52 columns, then a comma.
    static func csvRow(_ columns: [Int: String]) -> String {
        (0..<52).map { columns[$0] ?? "" }.joined(separator: ",") + ","
    }

    @Test func readsRowsAsFirebaseToolsWritesThem() throws {
        let row = Self.csvRow([
            0: "uid1", 1: "taro@example.com", 2: "true", 3: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
            4: "42xEC+ixf3L2lw==", 5: "\"Yamada, \"\"Taro\"\"\"", 6: "https://example.com/p.png", 7: "g-123", 8: "taro@gmail.com",
            23: "1600000000123", 24: "1700000000000", 26: "false", 27: "\"{\"\"admin\"\":true}\"", 28: "a-456",
        ])
        let read = try csvRecords(row + "\n" + Self.csvRow([0: "uid2", 2: "false"]) + "\r\n\n")
        #expect(read.count == 2)
        let first = read[0].value
        #expect(first["localId"] == .string("uid1"))
        #expect(first["emailVerified"] == .bool(true))
        #expect(first["displayName"] == .string("Yamada, \"Taro\""))
        #expect(first["customAttributes"] == .string("{\"admin\":true}"))
        #expect(first["lastSignedInAt"] == .string("1700000000000"))
        #expect(first["disabled"] == .bool(false))
        let providers = first["providerUserInfo"]?.arrayValue ?? []
        #expect(providers.map { $0["providerId"]?.stringValue } == ["google.com", "apple.com"])
        #expect(providers.first?["email"] == .string("taro@gmail.com"))
        #expect(read[1].value["email"] == nil)
        #expect(read[1].line == 2)
    }

    @Test func readsOlderRowsWithFewerColumns() throws {
        let row = (0..<28).map { $0 == 0 ? "old" : "" }.joined(separator: ",") + ","
        #expect(try csvRecords(row + "\n").first?.value["localId"] == .string("old"))
    }

    @Test(arguments: [
        ("uid,\"unterminated", "ends inside a quoted field"),
        ("uid,\"quoted\"x" + String(repeating: ",", count: 30), "text after the closing quote"),
        ("uid,a\"b" + String(repeating: ",", count: 30), "a quote inside"),
        ("uid" + String(repeating: ",", count: 10), "columns"),
        ("uid" + String(repeating: ",", count: 60) + "x", "columns"),
        ("uid,,maybe" + String(repeating: ",", count: 30), "neither true nor false"),
    ])
    func refusesRowsThatAreNotFirebases(_ text: String, _ message: String) {
        do {
            _ = try csvRecords(text + "\n")
            Issue.record("accepted \(text)")
        } catch let failure as ExportFileReader.Failure {
            #expect(failure.message.contains(message), "\(failure)")
            #expect(failure.line == 1)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func refusesBytesThatAreNotUTF8() {
        let bytes = Array("uid,".utf8) + [0xFF, 0xFE] + Array(String(repeating: ",", count: 30).utf8) + [0x0A]
        let file = TemporaryFile(bytes, name: "users.csv")
        #expect(throws: ExportFileReader.Failure.self) {
            var reader = try ExportCSVReader(path: file.path)
            while try reader.next() != nil {}
        }
    }
}
