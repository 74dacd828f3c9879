import Foundation
import Synchronization
import Testing
@testable import GenkanMail

@Suite struct DirectoryTransportTests {
    static func message(_ subject: String = "テスト") throws -> MailMessage {
        try MailMessage(
            from: MailAddress("noreply@genkan.example"), to: [MailAddress("taro@example.com", displayName: "山田 太郎")],
            subject: subject, text: "本文", html: "<p>本文</p>")
    }

    @Test func writesEachMessageIntoADirectoryItCreates() throws {
        let root = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appending(path: "nested/outbox").path
        let transport = DirectoryTransport(directory: directory)
        let message = try Self.message()
        let delivery = try transport.send(message)

        #expect(delivery.location.hasPrefix(directory + "/"))
        let name = String(delivery.location.dropFirst(directory.count + 1))
        #expect(name.wholeMatch(of: /\d{8}T\d{6}\.\d{6}Z-\d{6}-[a-z2-7]{8}\.eml/) != nil, "\(name)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: delivery.location))) == message.bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])  // no temporary file left
        let attributes = try FileManager.default.attributesOfItem(atPath: delivery.location)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let parsed = try #require(try ParsedMail.parse(paths: [delivery.location]).first)
        #expect(parsed.subject == "テスト" && parsed.text == "本文")
    }

    @Test func namesSortInDeliveryOrderAndNeverCollide() throws {
        let directory = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = DirectoryTransport(directory: directory.path)
        let message = try Self.message()

        var inOrder: [String] = []
        for _ in 0..<20 { inOrder.append(try transport.send(message).location) }
        #expect(inOrder.sorted() == inOrder)

        // From several threads at once: every message gets its own file.
        let concurrent = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            if let location = try? transport.send(message).location { concurrent.withLock { $0.append(location) } }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(concurrent.withLock { $0.count } == 32)
        #expect(names.count == 20 + 32 && Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasSuffix(".eml") })
    }

    @Test func anUnwritableDirectoryIsARetryableError() throws {
        let directory = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appending(path: "file").path
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let error = expectMailError(.directoryWrite) { _ = try DirectoryTransport(directory: blocker + "/outbox").send(Self.message()) }
        #expect(error?.isRetryable == true)
    }

    @Test func anInvalidEnvelopeIsRefusedBeforeWriting() throws {
        let directory = try TestPaths.temporaryDirectory("outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = DirectoryTransport(directory: directory.path)
        expectMailError(.invalidAddress) { _ = try transport.send([], envelope: MailEnvelope(sender: "a@example.com", recipients: ["not an address"])) }
        expectMailError(.noRecipients) { _ = try transport.send([], envelope: MailEnvelope(sender: "a@example.com", recipients: [])) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
