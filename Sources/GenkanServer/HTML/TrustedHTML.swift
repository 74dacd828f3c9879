/// Markup that is already HTML and goes into a page as it is: a part rendered earlier by an
/// `HTMLWriter`, or a constant written in this module.
///
/// It is the only way around the writer's escaping, so every place that trusts markup can be
/// found by searching for `TrustedHTML(`.
struct TrustedHTML: Sendable {
    let markup: String

    /// Markup produced by an `HTMLWriter` (everything in it was escaped when written).
    init(_ writer: HTMLWriter) {
        markup = writer.html
    }

    /// Markup written in this module's source, never from a request or the catalog.
    init(constant: StaticString) {
        markup = constant.description
    }
}
