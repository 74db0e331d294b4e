import AppCore
import GraphQLLanguage

/// The errors of the friends area (schema/friends.graphql), each with the code
/// the mutations document and a message a person can act on.
package enum FriendErrors {
    static let userNotFound = ClientError.make("USER_NOT_FOUND", "This user does not exist.")
    static let requestToSelf = ClientError.make("FRIEND_REQUEST_TO_SELF", "You cannot send a friend request to yourself.")
    static let alreadyFriends = ClientError.make("ALREADY_FRIENDS", "You are already friends with this user.")
    static let requestAlreadySent = ClientError.make(
        "FRIEND_REQUEST_EXISTS", "You have already sent a friend request to this user."
    )
    static let requestAlreadyReceived = ClientError.make(
        "FRIEND_REQUEST_EXISTS", "This user has already sent you a friend request: accept it instead."
    )
    static let requestNotFound = ClientError.make(
        "FRIEND_REQUEST_NOT_FOUND", "This friend request does not exist or was already answered."
    )
    static let requestNotAddressedToViewer = ClientError.make(
        "FRIEND_REQUEST_NOT_FOUND", "This friend request does not exist or is not addressed to you."
    )
    static let notFriends = ClientError.make("NOT_FRIENDS", "You are not friends with this user.")
}
