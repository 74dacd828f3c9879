import Foundation
import Testing

@Suite struct OperatorCommandTests {
    @Test func theAdminAndEventsCommandsExplainThemselves() throws {
        let admin = try GenkanProcess.run(["admin", "--help"])
        #expect(admin.status == 0)
        for word in ["admin grant", "admin revoke", "admin list"] { #expect(admin.stdout.contains(word)) }
        let export = try GenkanProcess.run(["events", "export", "--help"])
        #expect(export.status == 0)
        for word in ["--since", "--type", "--db", "sign_in.failed", "account.deleted"] { #expect(export.stdout.contains(word)) }
        let serve = try GenkanProcess.run(["serve", "--help"])
        for flag in ["--event-retention", "--webhook", "--webhook-secret", "--before-create", "--before-sign-in", "--hooks-fail open|closed"] {
            #expect(serve.stdout.contains(flag))
        }
    }

    @Test(arguments: [
        (["events", "export", "--since", "yesterday"], "--since"), (["events", "export", "--type", "sign-in.failed"], "--type"),
        (["admin", "grant"], "EMAIL"), (["admin", "grant", "a@example.com", "b@example.com"], "EMAIL"), (["admin", "revoke", "taro"], "e-mail"),
        (["admin", "list", "extra"], "unexpected"),
        (["serve", "--webhook", "http://127.0.0.1:9/hook"], "--webhook-secret"),
        (["serve", "--webhook", "https://hooks.example/create", "--webhook-secret", "whsec_short"], "--webhook-secret"),
        (["serve", "--before-create", "https://hooks.example/create"], "--webhook-secret"),
        (["serve", "--before-sign-in", "http://hooks.example/plain", "--webhook-secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "--before-sign-in"),
        (["serve", "--hooks-fail", "sometimes"], "--hooks-fail"),
        (["serve", "--webhook", "http://hooks.example/plain", "--webhook-secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "--webhook"),
        (["serve", "--event-retention", "0"], "--event-retention"),
    ])
    func wrongUseExitsTwoAndSaysWhatToType(arguments: [String], mentions: String) throws {
        let run = try GenkanProcess.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.output)")
        #expect(run.stderr.contains(mentions), "\(arguments): \(run.stderr)")
        #expect(!run.stderr.contains("MfKQ9r8GKYqr"))
    }
}
