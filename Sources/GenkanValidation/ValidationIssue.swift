/// One reason a value was refused, with the parameters its message needs.
///
/// ```swift
/// ValidationIssue(.passwordTooShort, field: .password, ["minimum": 15, "actual": 9])
/// ```
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    public let code: IssueCode
    /// The form field the issue belongs to; nil when the issue came from a single-value check.
    public var field: FormField?
    public let parameters: IssueParameters

    public init(_ code: IssueCode, field: FormField? = nil, _ parameters: IssueParameters = [:]) {
        self.code = code
        self.field = field
        self.parameters = parameters
    }

    public var description: String {
        parameters.isEmpty ? code.rawValue : "\(code.rawValue) \(parameters)"
    }

    /// The same issue attributed to `field`.
    public func on(_ field: FormField) -> ValidationIssue {
        var copy = self
        copy.field = field
        return copy
    }
}

/// A typed parameter value: a count or a piece of text.
public enum IssueParameter: Sendable, Hashable, CustomStringConvertible {
    case integer(Int)
    case text(String)

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let value): value
        }
    }
}

/// Named parameters in a stable order.
public struct IssueParameters: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral,
    CustomStringConvertible
{
    public private(set) var entries: [(name: String, value: IssueParameter)]

    public init(dictionaryLiteral elements: (String, IssueParameterConvertible)...) {
        entries = elements.map { ($0.0, $0.1.issueParameter) }
    }

    public init(_ entries: [(name: String, value: IssueParameter)]) { self.entries = entries }

    public subscript(name: String) -> IssueParameter? {
        entries.first { $0.name == name }?.value
    }

    public var isEmpty: Bool { entries.isEmpty }
    public func makeIterator() -> IndexingIterator<[(name: String, value: IssueParameter)]> {
        entries.makeIterator()
    }

    public var description: String {
        entries.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }

    public static func == (a: IssueParameters, b: IssueParameters) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.value)
        }
    }
}

/// Values that can be written directly in an `IssueParameters` literal.
public protocol IssueParameterConvertible: Sendable {
    var issueParameter: IssueParameter { get }
}

extension Int: IssueParameterConvertible {
    public var issueParameter: IssueParameter { .integer(self) }
}

extension String: IssueParameterConvertible {
    public var issueParameter: IssueParameter { .text(self) }
}
