import Foundation

/// A value that belongs to one user, so that `@auth(self: true)` can let its
/// owner see fields others may not (a `User` belongs to itself).
public protocol OwnedByUser: Sendable {
    var ownerID: UUID { get }
}
