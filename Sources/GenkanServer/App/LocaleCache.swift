import Synchronization

/// Remembers the locale negotiated for each `Accept-Language` value, per loop (so loops never
/// wait on each other): browsers send a handful of distinct headers, and negotiating one means
/// parsing every language range in it.
final class LocaleCache: Sendable {
    private let texts: PageTexts
    private let caches: [Shelf]
    static let capacity = 512

    private final class Shelf: Sendable {
        let entries = Mutex<[String: String]>([:])
    }

    init(texts: PageTexts, loops: Int) {
        self.texts = texts
        caches = (0..<max(1, loops)).map { _ in Shelf() }
    }

    func locale(acceptLanguage header: String, loop: Int) -> String {
        guard header.utf8.count <= 256 else { return texts.locale(acceptLanguage: header) }
        let shelf = caches[min(max(0, loop), caches.count - 1)]
        if let known = shelf.entries.withLock({ $0[header] }) { return known }
        let locale = texts.locale(acceptLanguage: header)
        shelf.entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[header] = locale
        }
        return locale
    }
}
