/// The HTTP error statuses that have a page (and a JSON message) of their own.
enum ErrorStatus: Int, CaseIterable, Sendable {
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case contentTooLarge = 413
    case tooManyRequests = 429
    case headersTooLarge = 431
    case internalError = 500
    case unavailable = 503

    /// The status for any code the engine or a handler may produce; unknown ones read as 500.
    init(code: Int) {
        self = ErrorStatus(rawValue: code) ?? .internalError
    }

    var title: PageKey {
        switch self {
        case .badRequest: .error400Title
        case .forbidden: .error403Title
        case .notFound: .error404Title
        case .methodNotAllowed: .error405Title
        case .requestTimeout: .error408Title
        case .contentTooLarge: .error413Title
        case .tooManyRequests: .error429Title
        case .headersTooLarge: .error431Title
        case .internalError: .error500Title
        case .unavailable: .error503Title
        }
    }

    var message: PageKey {
        switch self {
        case .badRequest: .error400Message
        case .forbidden: .error403Message
        case .notFound: .error404Message
        case .methodNotAllowed: .error405Message
        case .requestTimeout: .error408Message
        case .contentTooLarge: .error413Message
        case .tooManyRequests: .error429Message
        case .headersTooLarge: .error431Message
        case .internalError: .error500Message
        case .unavailable: .error503Message
        }
    }
}
