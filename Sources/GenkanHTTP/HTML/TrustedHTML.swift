/// Markup that is already HTML and goes into a page as it is: a part rendered earlier by an
/// `HTMLWriter`, or a constant written in the source.
///
/// It is the only way around the writer's escaping, so every place that trusts markup can be
/// found by searching for `TrustedHTML(`.
public struct TrustedHTML: Sendable {
    public let markup: String

    /// Markup produced by an `HTMLWriter` (everything in it was escaped when written).
    public init(_ writer: HTMLWriter) {
        markup = writer.html
    }

    /// Markup written in the source as a constant, never from a request or a catalog.
    public init(constant: StaticString) {
        markup = constant.description
    }
}
