import Accounts
import AppCore
import Foundation
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Postgres

/// Binds schema/messages.graphql. `@auth(requires: USER)` guards every field;
/// beyond that, each read names the viewer as a participant (the conversation
/// of the viewer, the last message with the viewer, the messages sent to the
/// viewer), so a message is only ever shown to its sender and its recipient.
package enum MessagesResolvers {
    package static func bind(
        into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, users: UserLoader, hub: MessageHub
    ) {
        let loaders = MessageLoaders(database: database)
        builder.readFields(of: MessageRecord.self)
        Connection<MessageRecord>.bind(as: "MessageConnection", edge: "MessageEdge", into: &builder)
        builder.resolve("Message", "sender", source: MessageRecord.self) { message, info in
            users.load(message.senderID, info.context)
        }
        builder.resolve("Message", "recipient", source: MessageRecord.self) { message, info in
            users.load(message.recipientID, info.context)
        }
        builder.resolve("User", "lastMessage", source: UserRecord.self) { user, info in
            guard let viewer = info.context.viewer?.userID, viewer != user.id else { return nil }
            return loaders.lastMessages.load(.init(viewer: viewer, user: user.id))
        }
        builder.resolveDomain("Query", "conversation") { info in
            let viewer = try info.context.signedIn().userID
            let other = try info.args.id(of: UserRecord.self, "withUserId", else: MessageErrors.userNotFound)
            let page = try conversationPage(info.args)
            guard let connection = try await MessageQueries.conversation(
                of: viewer, with: other, page: page, database: info.context.database
            ) else { throw MessageErrors.userNotFound }
            return connection
        }
        builder.resolveDomain("Mutation", "sendMessage") { info in
            let viewer = try info.context.signedIn().userID
            let recipient = try info.args.id(of: UserRecord.self, "toUserId", else: MessageErrors.userNotFound)
            let text = try MessageText.validated(info.args.string("text"))
            return try await MessageChanges.send(from: viewer, to: recipient, text: text, database: info.context.database)
        }
        builder.subscribe("Subscription", "messageReceived") { info in
            let viewer = try info.context.signedIn().userID
            let events = await hub.subscribe(recipient: viewer)
            guard let token = info.context.credential.bearerToken else { return events }
            return WhileSignedIn(
                events: events, token: token, userID: viewer, database: info.context.database,
                lifetime: info.context.accounts.settings.tokenLifetime
            )
        }
    }

    /// The page `conversation` reads: as ``PageRequest`` says, except that
    /// without `first`, `last` or `after` it is the latest messages (the
    /// conversation screen opens on the last message, seed "Messages").
    private static func conversationPage(_ arguments: GraphQLObjectValue) throws(GraphQLError) -> PageRequest {
        let request = try PageRequest(arguments: arguments, order: .oldestFirst)
        guard arguments.optionalInt("first") == nil, arguments.optionalInt("last") == nil, request.after == nil else {
            return request
        }
        return PageRequest(order: .oldestFirst, size: request.size, fromEnd: true, before: request.before)
    }
}
