import GenkanHTTP
import GenkanValidation

/// One line of the password checklist.
struct ChecklistItem: Sendable {
    /// The issue raised when the requirement is unmet (its code and parameters give the text).
    let issue: ValidationIssue
    let isMet: Bool
}

extension ValidationViewModel {
    /// The requirements of a new password, met or not, in the policy's order, as the checklist
    /// lists them.
    func checklist(password: String, email: String, name: String) -> [ChecklistItem] {
        let context = PasswordContext(email: email.isEmpty ? nil : email, name: name.isEmpty ? nil : name)
        return passwordPolicy.evaluate(password, context: context).requirements.filter {
            !Self.unlistedRequirements.contains($0.code)
        }.map { requirement in
            ChecklistItem(issue: ValidationIssue(requirement.code, field: .password, requirement.parameters), isMet: requirement.isMet)
        }
    }

    /// Requirements still enforced but not worth a line in the checklist: an empty password is
    /// covered by the minimum length, and the hard cap and control characters concern almost no
    /// one.
    static let unlistedRequirements: Set<IssueCode> = ["password.empty", "password.too-long", "password.control-character"]
}

extension PageRenderer {
    /// The password requirements as a list the script ticks off while the user types.
    func checklist(_ items: [ChecklistItem], id: String, locale: String, into html: inout HTMLWriter) {
        html.start("div", [HTMLAttribute("class", "checklist"), HTMLAttribute("id", id)])
        html.newline()
        html.element(
            "p", [HTMLAttribute("class", "checklist-title"), HTMLAttribute("id", id + "-title")],
            text: texts.text(.checklistHeading, locale))
        html.newline()
        html.start("ul", [HTMLAttribute("aria-labelledby", id + "-title")])
        html.newline()
        for item in items {
            html.element(
                "li", [HTMLAttribute("data-requirement", item.issue.code.rawValue), HTMLAttribute("class", item.isMet ? "met" : "unmet")],
                text: checklistText(item, locale: locale))
            html.newline()
        }
        html.end("ul")
        html.newline()
        html.end("div")
        html.newline()
    }

    /// A checklist line: the length rule as a requirement ("Use at least 8 characters") rather
    /// than the issue's sentence about the current length; the others as their issue's message.
    func checklistText(_ item: ChecklistItem, locale: String) -> String {
        if item.issue.code == .passwordTooShort, let minimum = item.issue.parameters["minimum"] {
            return texts.text(.requirementMinimumLength, locale, IssueParameters([("minimum", minimum)]))
        }
        return texts.message(for: item.issue, locale: locale)
    }
}
