import Foundation
import GenkanJSON
import GenkanStore
import GenkanTestSupport

/// One hash of `Fixtures/imported-hashes.json`, made by an implementation other than Genkan's
/// (written by `scripts/corpus/imported_hashes.py`): the import's options as
/// `accounts:batchCreate` takes them, a password that must verify and one that must not.
struct ImportedHashFixture: Sendable, Decodable, CustomStringConvertible {
    struct Options: Sendable, Decodable {
        let hashAlgorithm: String
        let signerKey: String?
        let saltSeparator: String?
        let rounds: Int?
        let memoryCost: Int?
        let cpuMemCost: Int?
        let parallelization: Int?
        let blockSize: Int?
        let dkLen: Int?
        let passwordHashOrder: String?
    }

    let name: String
    let options: Options
    let password: String
    let wrongPassword: String
    let salt: String
    let passwordHash: String
    let madeBy: String
    let published: String?

    var description: String { name }

    /// The options as Genkan reads them.
    var hashOptions: PasswordHashOptions {
        PasswordHashOptions(
            algorithm: options.hashAlgorithm, key: options.signerKey.flatMap(Base64.decode),
            saltSeparator: options.saltSeparator.flatMap(Base64.decode) ?? [], rounds: options.rounds, memoryCost: options.memoryCost,
            cpuMemoryCost: options.cpuMemCost, parallelization: options.parallelization, blockSize: options.blockSize,
            derivedKeyLength: options.dkLen, order: options.passwordHashOrder.flatMap(ImportedHashScheme.InputOrder.init(rawValue:)))
    }

    /// The hash as an import makes it from these options.
    func imported() throws -> ImportedPasswordHash {
        let scheme = try hashOptions.scheme().get()
        return try ImportedPasswordHash(
            scheme: scheme, salt: Base64.decode(salt) ?? [], saltSeparator: hashOptions.saltSeparator, hash: Base64.decode(passwordHash) ?? [])
    }

    static let all: [ImportedHashFixture] = {
        struct Document: Decodable { let cases: [ImportedHashFixture] }
        let url = RepositoryPaths.root.appending(path: "Tests/GenkanStoreTests/Fixtures/imported-hashes.json")
        guard let data = try? Data(contentsOf: url), let document = try? JSONDecoder().decode(Document.self, from: data) else { return [] }
        return document.cases
    }()
}
