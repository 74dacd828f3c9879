import Synchronization

/// A catalog's languages, each compiled the first time one of its messages is asked for and kept
/// from then on, so that a server holds the languages its visitors read rather than all of them.
/// Shared by the copies of a catalog.
///
/// A compiled language is found without a lock (an atomic load); compiling takes one, so that two
/// visitors asking for a new language at once wait for one compile rather than each doing it, and
/// two languages are not compiled at once (each compile's work is short-lived heap).
final class CatalogLanguages: Sendable {
    /// One language's messages, by key.
    final class Messages: Sendable {
        let byKey: [String: CatalogMessage]

        init(_ byKey: [String: CatalogMessage]) {
            self.byKey = byKey
        }
    }

    private final class Slot: Sendable {
        let messages = AtomicLazyReference<Messages>()
    }

    private let slots: [String: Slot]
    private let compiling = Mutex(())

    /// Slots for `languages`, none compiled yet.
    init(_ languages: some Sequence<String>) {
        slots = Dictionary(languages.map { ($0, Slot()) }, uniquingKeysWith: { first, _ in first })
    }

    /// The messages of `language`, compiled by `compile` if this is the first time they are asked
    /// for; nil for a language the catalog does not have.
    func messages(_ language: String, compile: (String) -> [String: CatalogMessage]) -> Messages? {
        guard let slot = slots[language] else { return nil }
        if let messages = slot.messages.load() { return messages }
        return compiling.withLock { _ in
            slot.messages.load() ?? slot.messages.storeIfNil(Messages(compile(language)))
        }
    }

    /// Whether `language` has been compiled.
    func isCompiled(_ language: String) -> Bool {
        slots[language]?.messages.load() != nil
    }
}
