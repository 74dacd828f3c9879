/// Who may use the admin console: the accounts with `adminSince`, granted and revoked from the
/// command line (`genkan admin grant|revoke|list`), each change an event.
extension AccountStore {
    /// What a grant or a revocation found.
    public enum RoleChange: Sendable, Hashable {
        /// The role changed (an event was recorded).
        case changed(Account)
        /// The account already was (or was not) an administrator; nothing was written.
        case unchanged(Account)
        /// No account has the address.
        case noAccount
    }

    /// Makes the account with `email` an administrator, recording `admin.granted` by `actor`, in one
    /// transaction.
    func grantAdministrator(email: String, actor: EventActor = .system) throws(StoreError) -> RoleChange {
        try setAdministrator(email: email, granted: true, actor: actor)
    }

    /// Takes the role from the account with `email`, recording `admin.revoked` by `actor`, in one
    /// transaction.
    func revokeAdministrator(email: String, actor: EventActor = .system) throws(StoreError) -> RoleChange {
        try setAdministrator(email: email, granted: false, actor: actor)
    }

    /// The administrators, oldest grant first.
    func administrators() throws(StoreError) -> [Account] {
        try storage.administrators()
    }

    private func setAdministrator(email: String, granted: Bool, actor: EventActor) throws(StoreError) -> RoleChange {
        try transaction { () throws(StoreError) -> RoleChange in
            guard let account = try self.account(email: email)?.account else { return .noAccount }
            guard account.isAdministrator != granted else { return .unchanged(account) }
            try storage.setAdminSince(accountID: account.id, granted ? clock.now() : nil)
            try record(granted ? .adminGranted : .adminRevoked, uid: account.uid, actor: actor)
            return .changed(try self.account(id: account.id) ?? account)
        }
    }
}
