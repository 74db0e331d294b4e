import GraphQLType
import Testing

@testable import GraphQLValidation

private let subscriptionSchema: GraphQLSchema = {
    do {
        return try buildSchema(sdl: """
            type Message { body: String sender: String }
            type SubscriptionRoot {
              importantEmails: [String]
              notImportantEmails: [String]
              moreImportantEmails: [String]
              spamEmails: [String]
              deletedEmails: [String]
              newMessage: Message
            }
            type QueryRoot { dummy: String }
            schema { query: QueryRoot subscription: SubscriptionRoot }
            """)
    } catch {
        preconditionFailure("\(error)")
    }
}()

@Suite struct SingleFieldSubscriptionsRuleTests {
    @Test func oneRootField() throws {
        try expectValid(.singleFieldSubscriptions, "subscription ImportantEmails { importantEmails }",
            schema: subscriptionSchema)
        try expectValid(.singleFieldSubscriptions, """
            subscription sub { ...newMessageFields }
            fragment newMessageFields on SubscriptionRoot { newMessage { body sender } }
            """, schema: subscriptionSchema)
        try expectValid(.singleFieldSubscriptions, """
            subscription sub { ... on SubscriptionRoot { newMessage { body } } newMessage { sender } }
            """, schema: subscriptionSchema)
    }

    @Test func skippedFieldsDoNotCount() throws {
        try expectValid(.singleFieldSubscriptions, """
            subscription { importantEmails spamEmails @skip(if: true) deletedEmails @include(if: false) }
            """, schema: subscriptionSchema)
    }

    @Test func moreThanOneRootField() throws {
        try expectErrors(.singleFieldSubscriptions, """
            subscription ImportantEmails {
              importantEmails
              notImportantEmails
            }
            """, [("Subscription \"ImportantEmails\" must select only one top level field.", [(3, 3)])],
            schema: subscriptionSchema)
        try expectErrors(.singleFieldSubscriptions, """
            subscription {
              importantEmails
              notImportantEmails
              spamEmails
            }
            """, [("Anonymous Subscription must select only one top level field.", [(3, 3), (4, 3)])],
            schema: subscriptionSchema)
    }

    @Test func fieldsFromFragments() throws {
        try expectErrors(.singleFieldSubscriptions, """
            subscription ImportantEmails {
              importantEmails
              ...NonImportantEmailsFragment
            }
            fragment NonImportantEmailsFragment on SubscriptionRoot {
              notImportantEmails
              ... on SubscriptionRoot { spamEmails }
            }
            """, [
                ("Subscription \"ImportantEmails\" must select only one top level field.", [(6, 3), (7, 29)]),
            ], schema: subscriptionSchema)
    }

    @Test func introspectionRootFields() throws {
        try expectErrors(.singleFieldSubscriptions, """
            subscription {
              __typename
            }
            """, [("Anonymous Subscription must not select an introspection top level field.", [(2, 3)])],
            schema: subscriptionSchema)
        try expectErrors(.singleFieldSubscriptions, """
            subscription ImportantEmails {
              importantEmails
              __typename
            }
            """, [
                ("Subscription \"ImportantEmails\" must select only one top level field.", [(3, 3)]),
                ("Subscription \"ImportantEmails\" must not select an introspection top level field.", [(3, 3)]),
            ], schema: subscriptionSchema)
    }

    @Test func schemaWithoutSubscriptions() throws {
        try expectValid(.singleFieldSubscriptions, "subscription { a b }")
    }
}
