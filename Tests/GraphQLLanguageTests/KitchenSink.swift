/// A document using every piece of GraphQL syntax, executable and type
/// system, written loosely (commas, comments, odd spacing, escapes).
let kitchenSink = #"""
# A document using every piece of GraphQL syntax (executable and type system).
query Trip($from: ID! = "HEL", $when: [Date!] @tag(name: "vars"), $limit: Int = 10, $ratio: Float = -1.5e3) @live {
  alias: trips(from: $from, when: $when, first: $limit, ratio: $ratio) @include(if: true) {
    id,
    ... on Train { carriages }
    ...TripParts @skip(if: false)
    ... @defer { price(currency: EUR) }
    ... { nested { deeper { deepest } } }
  }
  search(filter: {name: "caf\u00e9 \u{1F600} \uD83D\uDE00", tags: ["a", """block"""], nothing: null, on: ON, ok: false, zero: 0, neg: -0.0, exp: 1E+2}) {
    __typename
  }
  veryLongFieldNameToForceWrapping(firstArgument: "some long value", secondArgument: 1234567890, third: [1, 2, 3])
}

mutation { like(id: 4) { count } }

subscription OnEvent @live { event { id } }

fragment TripParts on Trip @tag(name: "frag") {
  duration
}

"""
The schema of trips.
"""
schema @tag(name: "schema") {
  query: Query
  mutation: Mutation
  subscription: Subscription
}

"A scalar"
scalar Date @specifiedBy(url: "https://example.com/date")

type Query implements Node & Entity @tag(name: "q") {
  "The trips"
  trips(
    "Where from"
    from: ID! = "HEL"
    first: Int = 10 @deprecated(reason: "use limit")
  ): [Trip!]!
  node(id: ID!): Node
  search(filter: Filter = {name: "x", tags: []}): [SearchResult]
}

interface Node {
  id: ID!
}

interface Entity implements & Node {
  id: ID!
  name: String
}

union SearchResult @tag(name: "u") = | Trip | Station

enum Currency {
  "Euro"
  EUR
  USD @deprecated
}

input Filter @oneOf {
  name: String
  tags: [String!] = ["a"]
}

"""
Marks a field.
  Indented line.
"""
directive @tag(name: String!) repeatable on QUERY | MUTATION | SUBSCRIPTION | FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | VARIABLE_DEFINITION | SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION

directive @live on | QUERY | SUBSCRIPTION

extend schema @tag(name: "ext")

extend schema { subscription: Subscription }

extend scalar Date @tag(name: "d")

extend type Trip implements Node @tag(name: "t") { extra: String }

extend type Station implements Node

extend interface Entity @tag(name: "e")

extend interface Node implements Entity { more: Int }

extend union SearchResult = Stop

extend enum Currency { GBP }

extend input Filter @tag(name: "f")

extend input Filter { limit: Int }
"""#

/// `kitchenSink` in canonical form (checked against graphql-js's `print`).
let kitchenSinkPrinted = #"""
query Trip($from: ID! = "HEL", $when: [Date!] @tag(name: "vars"), $limit: Int = 10, $ratio: Float = -1.5e3) @live {
  alias: trips(from: $from, when: $when, first: $limit, ratio: $ratio) @include(if: true) {
    id
    ... on Train {
      carriages
    }
    ...TripParts @skip(if: false)
    ... @defer {
      price(currency: EUR)
    }
    ... {
      nested {
        deeper {
          deepest
        }
      }
    }
  }
  search(
    filter: {name: "café 😀 😀", tags: ["a", """block"""], nothing: null, on: ON, ok: false, zero: 0, neg: -0.0, exp: 1E+2}
  ) {
    __typename
  }
  veryLongFieldNameToForceWrapping(
    firstArgument: "some long value"
    secondArgument: 1234567890
    third: [1, 2, 3]
  )
}

mutation {
  like(id: 4) {
    count
  }
}

subscription OnEvent @live {
  event {
    id
  }
}

fragment TripParts on Trip @tag(name: "frag") {
  duration
}

"""The schema of trips."""
schema @tag(name: "schema") {
  query: Query
  mutation: Mutation
  subscription: Subscription
}

"A scalar"
scalar Date @specifiedBy(url: "https://example.com/date")

type Query implements Node & Entity @tag(name: "q") {
  "The trips"
  trips(
    "Where from"
    from: ID! = "HEL"
    first: Int = 10 @deprecated(reason: "use limit")
  ): [Trip!]!
  node(id: ID!): Node
  search(filter: Filter = {name: "x", tags: []}): [SearchResult]
}

interface Node {
  id: ID!
}

interface Entity implements Node {
  id: ID!
  name: String
}

union SearchResult @tag(name: "u") = Trip | Station

enum Currency {
  "Euro"
  EUR
  USD @deprecated
}

input Filter @oneOf {
  name: String
  tags: [String!] = ["a"]
}

"""
Marks a field.
  Indented line.
"""
directive @tag(name: String!) repeatable on QUERY | MUTATION | SUBSCRIPTION | FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | VARIABLE_DEFINITION | SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION

directive @live on QUERY | SUBSCRIPTION

extend schema @tag(name: "ext")

extend schema {
  subscription: Subscription
}

extend scalar Date @tag(name: "d")

extend type Trip implements Node @tag(name: "t") {
  extra: String
}

extend type Station implements Node

extend interface Entity @tag(name: "e")

extend interface Node implements Entity {
  more: Int
}

extend union SearchResult = Stop

extend enum Currency {
  GBP
}

extend input Filter @tag(name: "f")

extend input Filter {
  limit: Int
}
"""#
