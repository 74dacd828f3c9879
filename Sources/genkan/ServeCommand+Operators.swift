import Foundation
import GenkanHTTPClient
import GenkanServer
import GenkanWebhooks

extension ServeCommand {
    /// `--event-retention`, `--webhook` and `--webhook-secret`, checked.
    static func operatorSettings(_ arguments: inout Arguments) throws -> OperatorSettings {
        var settings = OperatorSettings()
        if let text = try arguments.option("--event-retention") {
            guard let days = Int(text), (1...3650).contains(days) else {
                throw UsageError("--event-retention must be a number of days from 1 to 3650, not '\(text)'")
            }
            settings.eventRetentionDays = days
        }
        settings.webhookURLs = try arguments.options("--webhook")
        for url in settings.webhookURLs {
            do throws(HTTPClientError) {
                _ = try HTTPClient.checkedURL(url)
            } catch {
                throw UsageError("--webhook: \(error.detail)")
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
        if !settings.webhookURLs.isEmpty && settings.webhookSecret == nil {
            throw UsageError("--webhook signs what it sends: give --webhook-secret whsec_…")
        }
        return settings
    }
}
