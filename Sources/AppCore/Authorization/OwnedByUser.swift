import Foundation

/// A value that belongs to one user, so that `@auth(self: true)` can let its
/// owner see fields others may not (a `User` belongs to itself), and
/// `@auth(friends: true)` the owner's friends.
public protocol OwnedByUser: Sendable {
    var ownerID: UUID { get }
    /// Whether this value is handed to its owner by the operation that just
    /// identified them (the user of a sign-up's or sign-in's own payload), while
    /// the request itself still comes from a guest.
    var isShownToOwner: Bool { get }
    /// Whether the caller is a friend of the owner, as the statement that read
    /// this value found (see `Friendships`). Values read without asking say no,
    /// so a friends-only field is never shown by mistake.
    var viewerIsFriend: Bool { get }
}

extension OwnedByUser {
    public var isShownToOwner: Bool { false }
    public var viewerIsFriend: Bool { false }
}
