/// Where the request behind an event came from, as its door knows it: the client's address (as
/// the limits key it), its `User-Agent` and the door. Set on the store for one job at a time
/// (`Authenticator.origin`), so that the operations record events without every signature
/// carrying it.
public struct EventOrigin: Sendable, Hashable {
    public var client: String?
    public var userAgent: String?
    public var door: EventDoor?
    /// The language the request was answered in (a blocking hook's `locale`); never recorded.
    public var locale: String?

    public init(client: String?, userAgent: String?, door: EventDoor?, locale: String? = nil) {
        self.client = client
        self.userAgent = userAgent
        self.door = door
        self.locale = locale
    }

    /// Nothing known: a job that did not say (its events have no client).
    public static let unknown = EventOrigin(client: nil, userAgent: nil, door: nil)

    /// The command line (`genkan admin grant`…).
    public static let commandLine = EventOrigin(client: nil, userAgent: nil, door: .cli)
}
