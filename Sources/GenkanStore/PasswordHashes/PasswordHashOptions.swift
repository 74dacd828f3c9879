/// The hash parameters one import gives for all its users, as `accounts:batchCreate` takes them
/// (`hashAlgorithm`, `signerKey`, `saltSeparator`, `rounds`, `memoryCost`, `cpuMemCost`,
/// `parallelization`, `blockSize`, `dkLen`, `passwordHashOrder`) and `genkan users import` reads
/// them from the flags `firebase auth:import` has. `scheme()` checks them.
public struct PasswordHashOptions: Sendable, Hashable {
    /// The algorithm's name as given (checked by `scheme()`); nil when none was given.
    public var algorithm: String?
    /// The signer key (`SCRYPT`) or HMAC key.
    public var key: [UInt8]?
    /// Bytes appended to every user's salt.
    public var saltSeparator: [UInt8]
    public var rounds: Int?
    /// `SCRYPT`'s memory cost (log2 of N).
    public var memoryCost: Int?
    /// `STANDARD_SCRYPT`'s N.
    public var cpuMemoryCost: Int?
    public var parallelization: Int?
    public var blockSize: Int?
    public var derivedKeyLength: Int?
    /// The order of password and salt for digests and HMACs; nil for each algorithm's default.
    public var order: ImportedHashScheme.InputOrder?

    public init(
        algorithm: String? = nil, key: [UInt8]? = nil, saltSeparator: [UInt8] = [], rounds: Int? = nil, memoryCost: Int? = nil,
        cpuMemoryCost: Int? = nil, parallelization: Int? = nil, blockSize: Int? = nil, derivedKeyLength: Int? = nil,
        order: ImportedHashScheme.InputOrder? = nil
    ) {
        self.algorithm = algorithm
        self.key = key
        self.saltSeparator = saltSeparator
        self.rounds = rounds
        self.memoryCost = memoryCost
        self.cpuMemoryCost = cpuMemoryCost
        self.parallelization = parallelization
        self.blockSize = blockSize
        self.derivedKeyLength = derivedKeyLength
        self.order = order
    }

    /// The scheme these options describe, or what is wrong with them. Parameters an algorithm
    /// does not use are ignored, as Firebase ignores them.
    public func scheme() -> Result<ImportedHashScheme, ImportProblem> {
        typealias Limits = ImportedHashScheme.Limits
        guard let name = algorithm, !name.isEmpty else {
            return .failure(ImportProblem(.missingAlgorithm, "A hash algorithm is needed to import password hashes."))
        }
        guard let chosen = ImportedHashAlgorithm(name: name) else {
            let known = ImportedHashAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(ImportProblem(.invalidAlgorithm, "Unsupported hash algorithm \(name); one of \(known)."))
        }
        guard saltSeparator.count <= Limits.bytes else {
            return .failure(ImportProblem(.invalidSaltSeparator, "The salt separator must be at most \(Limits.bytes) bytes."))
        }
        func checkedKey() -> Result<[UInt8], ImportProblem> {
            guard let key, !key.isEmpty, key.count <= Limits.bytes else {
                return .failure(ImportProblem(
                    .invalidKey, "Hash algorithm \(chosen.rawValue) needs a key (base64, 1 to \(Limits.bytes) bytes)."))
            }
            return .success(key)
        }
        func checked(_ value: Int?, _ range: ClosedRange<Int>, _ code: ImportProblem.Code, _ what: String) -> Result<Int, ImportProblem> {
            guard let value, range.contains(value) else {
                return .failure(ImportProblem(
                    code, "Hash algorithm \(chosen.rawValue) needs \(what) from \(range.lowerBound) to \(range.upperBound)."))
            }
            return .success(value)
        }
        let digestOrder = order ?? .saltAndPassword
        let hmacOrder = order ?? .passwordAndSalt
        do throws(ImportProblem) {
            switch chosen {
            case .scrypt:
                return .success(.firebaseScrypt(
                    signerKey: try checkedKey().get(),
                    rounds: try checked(rounds, Limits.firebaseScryptRounds, .invalidRounds, "rounds").get(),
                    memoryCost: try checked(memoryCost, Limits.firebaseScryptMemoryCost, .invalidMemoryCost, "a memory cost").get()))
            case .standardScrypt:
                let cost = try checked(cpuMemoryCost, 2...(1 << 30), .invalidMemoryCost, "a CPU/memory cost (N)").get()
                guard cost & (cost - 1) == 0 else {
                    return .failure(ImportProblem(.invalidMemoryCost, "Hash algorithm STANDARD_SCRYPT needs a CPU/memory cost (N) that is a power of two."))
                }
                let blockSize = try checked(blockSize, Limits.scryptBlockSize, .invalidBlockSize, "a block size").get()
                let parallelization = try checked(parallelization, Limits.scryptParallelization, .invalidParallelization, "a parallelization").get()
                let keyLength = try checked(derivedKeyLength, Limits.keyLength, .invalidDerivedKeyLength, "a derived key length").get()
                guard 128 * blockSize * cost <= Limits.scryptMemory, cost * blockSize * parallelization <= Limits.scryptWork else {
                    return .failure(ImportProblem(
                        .invalidMemoryCost,
                        "Hash algorithm STANDARD_SCRYPT with N=\(cost), r=\(blockSize), p=\(parallelization) would take more than "
                            + "\(Limits.scryptMemory >> 20) MiB or N·r·p above \(Limits.scryptWork)."))
                }
                return .success(.scrypt(cost: cost, blockSize: blockSize, parallelization: parallelization, keyLength: keyLength))
            case .bcrypt:
                return .success(.bcrypt)
            case .pbkdf2SHA256, .pbkdfSHA1:
                let iterations = try checked(rounds, Limits.pbkdf2Iterations, .invalidRounds, "rounds").get()
                return .success(.pbkdf2(chosen == .pbkdfSHA1 ? .sha1 : .sha256, iterations: iterations))
            case .hmacSHA512, .hmacSHA256, .hmacSHA1, .hmacMD5:
                let digest: ImportedHashScheme.Digest =
                    switch chosen { case .hmacSHA512: .sha512; case .hmacSHA256: .sha256; case .hmacSHA1: .sha1; default: .md5 }
                return .success(.hmac(digest, key: try checkedKey().get(), order: hmacOrder))
            case .sha512, .sha256, .sha1, .md5:
                let digest: ImportedHashScheme.Digest =
                    switch chosen { case .sha512: .sha512; case .sha256: .sha256; case .sha1: .sha1; default: .md5 }
                let range = chosen == .md5 ? Limits.md5Rounds : Limits.digestRounds
                return .success(.digest(digest, rounds: try checked(rounds, range, .invalidRounds, "rounds").get(), order: digestOrder))
            }
        } catch {
            return .failure(error)
        }
    }
}
