import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// The schema of graphql-js's validation tests (`src/validation/__tests__/harness.ts`,
/// v16, with v17's `OneOfInput`), written as SDL: every rule test runs against it.
let harnessSDL = """
    interface Being {
      name(surname: Boolean): String
    }

    interface Mammal {
      mother: Mammal
      father: Mammal
    }

    interface Pet implements Being {
      name(surname: Boolean): String
    }

    interface Canine implements Mammal & Being {
      name(surname: Boolean): String
      mother: Canine
      father: Canine
    }

    enum DogCommand {
      SIT
      HEEL
      DOWN
    }

    type Dog implements Being & Pet & Mammal & Canine {
      name(surname: Boolean): String
      nickname: String
      barkVolume: Int
      barks: Boolean
      doesKnowCommand(dogCommand: DogCommand): Boolean
      isHouseTrained(atOtherHomes: Boolean = true): Boolean
      isAtLocation(x: Int, y: Int): Boolean
      mother: Dog
      father: Dog
    }

    type Cat implements Being & Pet {
      name(surname: Boolean): String
      nickname: String
      meows: Boolean
      meowsVolume: Int
      furColor: FurColor
    }

    union CatOrDog = Cat | Dog

    interface Intelligent {
      iq: Int
    }

    type Human implements Being & Intelligent {
      name(surname: Boolean): String
      pets: [Pet]
      relatives: [Human]
      iq: Int
    }

    type Alien implements Being & Intelligent {
      name(surname: Boolean): String
      numEyes: Int
      iq: Int
    }

    union DogOrHuman = Dog | Human

    union HumanOrAlien = Human | Alien

    enum FurColor {
      BROWN
      BLACK
      TAN
      SPOTTED
      NO_FUR
      UNKNOWN
    }

    input ComplexInput {
      requiredField: Boolean!
      nonNullField: Boolean! = false
      intField: Int
      stringField: String
      booleanField: Boolean
      stringListField: [String]
    }

    input OneOfInput @oneOf {
      stringField: String
      intField: Int
    }

    type ComplicatedArgs {
      intArgField(intArg: Int): String
      nonNullIntArgField(nonNullIntArg: Int!): String
      stringArgField(stringArg: String): String
      booleanArgField(booleanArg: Boolean): String
      enumArgField(enumArg: FurColor): String
      floatArgField(floatArg: Float): String
      idArgField(idArg: ID): String
      stringListArgField(stringListArg: [String]): String
      stringListNonNullArgField(stringListNonNullArg: [String!]): String
      complexArgField(complexArg: ComplexInput): String
      oneOfArgField(oneOfArg: OneOfInput): String
      multipleReqs(req1: Int!, req2: Int!): String
      nonNullFieldWithDefault(arg: Int! = 0): String
      multipleOpts(opt1: Int = 0, opt2: Int = 0): String
      multipleOptAndReq(req1: Int!, req2: Int!, opt1: Int = 0, opt2: Int = 0): String
    }

    type QueryRoot {
      human(id: ID): Human
      alien: Alien
      dog: Dog
      cat: Cat
      pet: Pet
      catOrDog: CatOrDog
      dogOrHuman: DogOrHuman
      humanOrAlien: HumanOrAlien
      complicatedArgs: ComplicatedArgs
    }

    schema {
      query: QueryRoot
    }

    directive @onQuery on QUERY
    directive @onMutation on MUTATION
    directive @onSubscription on SUBSCRIPTION
    directive @onField on FIELD
    directive @onFragmentDefinition on FRAGMENT_DEFINITION
    directive @onFragmentSpread on FRAGMENT_SPREAD
    directive @onInlineFragment on INLINE_FRAGMENT
    directive @onVariableDefinition on VARIABLE_DEFINITION
    """

let harnessSchema: GraphQLSchema = {
    do {
        return try buildSchema(sdl: harnessSDL)
    } catch {
        preconditionFailure("The harness schema must build: \(error)")
    }
}()

/// An expected error: its message and every location as (line, column).
typealias ExpectedError = (message: String, locations: [(line: Int, column: Int)])

/// Validates `query` against `schema` with the given rules only.
func validationErrors(
    _ rules: [ValidationRule], _ query: String, schema: GraphQLSchema = harnessSchema
) throws -> [GraphQLError] {
    validate(schema: schema, document: try Parser.parse(query), rules: rules)
}

/// Expects exactly these errors, in this order, from one rule.
func expectErrors(
    _ rule: ValidationRule, _ query: String, _ expected: [ExpectedError], schema: GraphQLSchema = harnessSchema,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let errors = try validationErrors([rule], query, schema: schema)
    let actual = errors.map { error in
        error.message + " @ " + error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",")
    }
    let wanted = expected.map { error in
        error.message + " @ " + error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",")
    }
    #expect(actual == wanted, sourceLocation: sourceLocation)
}

/// Expects no error from one rule.
func expectValid(
    _ rule: ValidationRule, _ query: String, schema: GraphQLSchema = harnessSchema,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    try expectErrors(rule, query, [], schema: schema, sourceLocation: sourceLocation)
}
