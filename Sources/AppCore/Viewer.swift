import Auth
import Foundation

/// The signed-in caller of a request, from its bearer token: resolved once
/// before execution, so `@auth` checks (which run synchronously before each
/// resolver) need no database round trip.
public struct Viewer: Sendable, Equatable {
    public let userID: UUID
    public let role: Role
    /// SHA-256 of the token in use: `logOut` revokes exactly this one, and a
    /// password change keeps it while revoking the others.
    public let tokenHash: [UInt8]

    package init(userID: UUID, role: Role, tokenHash: [UInt8]) {
        self.userID = userID
        self.role = role
        self.tokenHash = tokenHash
    }
}
