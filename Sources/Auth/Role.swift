/// A caller's role, weakest first: a role includes every weaker one
/// (API.md, "Conventions"). `GUEST` is the caller without a token.
///
/// The raw values are the GraphQL enum values of `Role` in the SDL, so a role
/// read from an `@auth(requires: ADMIN)` directive maps with `Role(rawValue:)`.
public enum Role: String, CaseIterable, Comparable, Sendable {
    case guest = "GUEST"
    case user = "USER"
    case admin = "ADMIN"
    case superAdmin = "SUPER_ADMIN"

    /// Position in the order of privilege, weakest first.
    private var rank: Int {
        switch self {
        case .guest: 0
        case .user: 1
        case .admin: 2
        case .superAdmin: 3
        }
    }

    public static func < (lhs: Role, rhs: Role) -> Bool {
        lhs.rank < rhs.rank
    }

    /// Whether a caller with this role may use something that requires `required`.
    public func includes(_ required: Role) -> Bool {
        self >= required
    }
}
