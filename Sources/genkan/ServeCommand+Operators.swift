import Foundation
import GenkanHTTPClient
import GenkanServer
import GenkanWebhooks

extension ServeCommand {
    /// `--event-retention`, `--webhook`, `--webhook-secret`, `--before-create`, `--before-sign-in`
    /// and `--hooks-fail`, checked.
    static func operatorSettings(_ arguments: inout Arguments) throws -> OperatorSettings {
        var settings = OperatorSettings()
        if let text = try arguments.option("--event-retention") {
            guard let days = Int(text), (1...3650).contains(days) else {
                throw UsageError("--event-retention must be a number of days from 1 to 3650, not '\(text)'")
            }
            settings.eventRetentionDays = days
        }
        settings.webhookURLs = try arguments.options("--webhook")
        settings.beforeCreate = try arguments.option("--before-create")
        settings.beforeSignIn = try arguments.option("--before-sign-in")
        settings.hooksFail = HooksFailMode(
            rawValue: try arguments.choice("--hooks-fail", of: HooksFailMode.allCases.map(\.rawValue), default: HooksFailMode.closed.rawValue))
            ?? .closed
        var urls = settings.webhookURLs.map { (option: "--webhook", url: $0) }
        if let url = settings.beforeCreate { urls.append(("--before-create", url)) }
        if let url = settings.beforeSignIn { urls.append(("--before-sign-in", url)) }
        for (option, url) in urls {
            do throws(HTTPClientError) {
                _ = try HTTPClient.checkedURL(url)
            } catch {
                throw UsageError("\(option): \(error.detail)")
            }
        }
        let secretText = try arguments.option("--webhook-secret") ?? ProcessInfo.processInfo.environment["GENKAN_WEBHOOK_SECRET"]
        if let secretText {
            do throws(WebhookSecret.ParseError) {
                settings.webhookSecret = try WebhookSecret(parsing: secretText)
            } catch {
                throw UsageError("--webhook-secret: \(error.description)")
            }
        }
        if settings.beforeCreate != nil || settings.beforeSignIn != nil, settings.webhookSecret == nil {
            throw UsageError("--before-create and --before-sign-in sign what they send: give --webhook-secret whsec_…")
        }
        if !settings.webhookURLs.isEmpty && settings.webhookSecret == nil {
            throw UsageError("--webhook signs what it sends: give --webhook-secret whsec_…")
        }
        return settings
    }
}
