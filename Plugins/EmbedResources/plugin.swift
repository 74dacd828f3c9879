import Foundation
import PackagePlugin

/// Compiles files from the repository's top-level `Resources/` into the target as string
/// constants, so that a library finds its catalog and word lists with nothing to configure: no
/// `Bundle.module`, no path that breaks when a binary is installed elsewhere or when the package is
/// a dependency of another one. `Resources/` stays the single place those files live.
@main
struct EmbedResources: BuildToolPlugin {
    /// Which files each target embeds, and the Swift name each becomes.
    static let manifest: [String: [(file: String, name: String)]] = [
        "GenkanValidation": [("password-blocklist.txt", "passwordBlocklist")],
        "GenkanLocalization": [("Localizable.xcstrings", "localizableCatalog")],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let entries = Self.manifest[target.name] else { return [] }
        let resources = context.package.directoryURL.appending(path: "Resources")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let inputs = entries.map { resources.appending(path: $0.file) }
        var arguments = [output.path]
        for (entry, input) in zip(entries, inputs) { arguments += [entry.name, input.path] }
        return [
            .buildCommand(
                displayName: "Embedding \(entries.map(\.file).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
