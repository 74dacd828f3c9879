/// The `state` values Xcode writes on a `stringUnit` or `stringSet`, and how the tools read them.
/// Any other value is kept as it is, in the catalog and in every format that has a place for it.
public enum TranslationState {
    public static let translated = "translated"
    public static let needsReview = "needs_review"
    public static let new = "new"
    public static let stale = "stale"
    /// Written by Xcode for a translation it made by machine translation.
    public static let machineTranslated = "machine_translated"

    /// Whether a string in `state` is a reviewed translation: `translated`, or no state at all
    /// (Xcode reads a missing state as translated). Everything else waits for someone.
    public static func isReviewed(_ state: String?) -> Bool {
        state == nil || state == translated
    }

    /// Whether `state` says that no reviewer has accepted the text yet (the `not-reviewed` lint
    /// check): `new`, `needs_review` or `machine_translated`.
    public static func awaitsReview(_ state: String?) -> Bool {
        state == new || state == needsReview || state == machineTranslated
    }
}
