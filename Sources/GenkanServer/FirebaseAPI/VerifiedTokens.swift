import Synchronization

/// ID tokens whose signature and claims were checked already, with their claims: a client sends the
/// same token with every request for an hour, and checking an Ed25519 signature costs more than the
/// rest of an `accounts:lookup`. Expiry is checked on every use (by `IDTokens.verify`), and the
/// account's state (`valid_since`, disabled, deleted) where the token is used, so a cached token is
/// refused exactly when a fresh check would refuse it.
///
/// Bounded: when `capacity` tokens are kept, the cache starts again empty (tokens live an hour;
/// what matters is that a busy client's token stays in).
final class VerifiedTokens: Sendable {
    private let claims = Mutex<[String: IDTokenClaims]>([:])
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    func claims(of token: String) -> IDTokenClaims? {
        claims.withLock { $0[token] }
    }

    func remember(_ token: String, _ verified: IDTokenClaims) {
        claims.withLock { claims in
            if claims.count >= capacity { claims.removeAll(keepingCapacity: true) }
            claims[token] = verified
        }
    }
}
