import GenkanHTTP
import GenkanStore

/// How an event reads on the activity page and in the console: what happened, from which browser
/// and system, from roughly where (the network, never a place on a map), by whom.
extension PageRenderer {
    /// What happened, in the reader's language: "Signed in", "Password changed", "Google linked".
    func eventText(_ event: AccountEvent, locale: String) -> String {
        switch event.type {
        case .providerLinked, .providerUnlinked:
            let name = event.details.provider.map { signInMethodName($0, locale: locale) } ?? "?"
            return texts.text(event.type == .providerLinked ? .eventProviderLinked : .eventProviderUnlinked, locale, ["provider": name])
        case .signInFailed where event.details.method == SecondFactorMethod.step:
            // Someone had the password: the owner should read that, not a plain failed sign-in.
            return texts.text(.eventSecondStepFailed, locale)
        default:
            return texts.text(Self.eventKey(event.type), locale)
        }
    }

    static func eventKey(_ type: AccountEventType) -> PageKey {
        switch type {
        case .accountCreated: .eventAccountCreated
        case .signInSucceeded: .eventSignInSucceeded
        case .signInFailed: .eventSignInFailed
        case .signInRefused: .eventSignInRefused
        case .secondStepPassed: .eventSecondStep
        case .signedOut: .eventSignedOut
        case .sessionsEnded: .eventSessionsEnded
        case .passwordChanged: .eventPasswordChanged
        case .passwordReset: .eventPasswordReset
        case .passwordResetSent: .eventPasswordResetSent
        case .passwordRemoved: .eventPasswordRemoved
        case .emailChangeRequested: .eventEmailChangeRequested
        case .emailChangeConfirmed: .eventEmailChangeConfirmed
        case .emailChangeUndone: .eventEmailChangeUndone
        case .emailVerified: .eventEmailVerified
        case .passkeyAdded: .eventPasskeyAdded
        case .passkeyRemoved: .eventPasskeyRemoved
        case .providerLinked: .eventProviderLinked
        case .providerUnlinked: .eventProviderUnlinked
        case .secondFactorAdded: .eventSecondFactorAdded
        case .secondFactorRemoved: .eventSecondFactorRemoved
        case .recoveryCodesReplaced: .eventRecoveryCodesReplaced
        case .profileChanged: .eventProfileChanged
        case .claimsChanged: .eventClaimsChanged
        case .accountDisabled: .eventAccountDisabled
        case .accountEnabled: .eventAccountEnabled
        case .accountDeleted: .eventAccountDeleted
        case .adminGranted: .eventAdminGranted
        case .adminRevoked: .eventAdminRevoked
        }
    }

    /// The browser and system of the request ("Firefox on Linux"), or for the app API "App,
    /// signed in with Google"; nil when the event came from no request (the command line).
    func eventDevice(_ event: AccountEvent, locale: String) -> String? {
        switch event.details.door {
        case .api?:
            if let agent = event.userAgent, BrowserName(userAgent: agent).browser != nil {
                return BrowserName(userAgent: agent).text(texts, locale: locale)
            }
            return texts.text(.sessionsApp, locale, ["method": signInMethodName(event.details.method ?? "password", locale: locale)])
        case .page?: return BrowserName(userAgent: event.userAgent).text(texts, locale: locale)
        default: return nil
        }
    }

    /// Roughly where the request came from, without a location database: this computer, a local
    /// network, or the Internet network it belongs to (its /24 or /48: a provider, a building).
    func eventPlace(_ event: AccountEvent, locale: String) -> String? {
        guard let client = event.client else { return nil }
        guard let address = IPAddress(clientKey: client) else { return texts.text(.activityPlaceUnknown, locale) }
        switch address.scope {
        case .loopback: return texts.text(.activityPlaceThisComputer, locale)
        case .local: return texts.text(.activityPlaceLocal, locale)
        case .global: return texts.text(.activityPlaceNetwork, locale, ["network": address.approximateNetwork.description])
        }
    }

    /// Who did it when it was not the account's owner: an administrator, or the service itself.
    func eventActor(_ event: AccountEvent, locale: String) -> String? {
        switch event.actor {
        case .user: nil
        case .administrator: texts.text(.activityByAdministrator, locale)
        case .system: texts.text(.activityByService, locale)
        }
    }
}
