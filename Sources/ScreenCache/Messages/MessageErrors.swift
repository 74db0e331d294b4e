import AppCore
import GraphQLLanguage

/// The errors of the messages area (schema/messages.graphql), each with the
/// code the operations document and a message a person can act on.
package enum MessageErrors {
    static let userNotFound = ClientError.make("USER_NOT_FOUND", "This user was not found.")
    static let notFriends = ClientError.make("NOT_FRIENDS", "You can only send messages to your friends.")
}
