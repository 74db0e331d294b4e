import Foundation
import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

@Suite struct ValidateTests {
    @Test func aValidDocumentHasNoErrors() throws {
        let query = """
            query ($id: ID, $cmd: DogCommand = SIT) {
              human(id: $id) { name pets { ... on Dog { doesKnowCommand(dogCommand: $cmd) } } }
              catOrDog { ...catFields }
              complicatedArgs { complexArgField(complexArg: { requiredField: true, stringListField: ["a"] }) }
            }
            fragment catFields on Cat { furColor meows @include(if: true) }
            """
        #expect(try validationErrors(specifiedRules, query).isEmpty)
    }

    @Test func runsEveryRuleInOneWalkAndReportsInDocumentOrder() throws {
        let errors = try validationErrors(specifiedRules, "{ dog { unknownField } cat(x: 1) { meows } }")
        #expect(errors.map(\.message) == [
            "Cannot query field \"unknownField\" on type \"Dog\".",
            "Unknown argument \"x\" on field \"QueryRoot.cat\".",
        ])
        #expect(errors.map(\.locations) == [[SourceLocation(line: 1, column: 9)], [SourceLocation(line: 1, column: 28)]])
    }

    @Test func stopsAfterMaxErrors() throws {
        let fields = (0..<10).map { "f\($0)" }.joined(separator: " ")
        let document = try Parser.parse("{ dog { \(fields) } }")
        let errors = validate(schema: harnessSchema, document: document, maxErrors: 3)
        #expect(errors.count == 4)
        #expect(errors.prefix(3).map(\.message) == (0..<3).map { "Cannot query field \"f\($0)\" on type \"Dog\"." })
        #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(errors.last?.locations == [])
        let all = validate(schema: harnessSchema, document: document)
        #expect(all.count == 10)
    }

    @Test func stopsAfterOneHundredErrorsByDefault() throws {
        let fields = (0..<150).map { "f\($0)" }.joined(separator: " ")
        let errors = validate(schema: harnessSchema, document: try Parser.parse("{ dog { \(fields) } }"))
        #expect(errors.count == 101)
        #expect(errors[99].message == "Cannot query field \"f99\" on type \"Dog\".")
        #expect(errors[100].message == "Too many validation errors, error limit reached. Validation aborted.")
    }

    @Test func specifiedRulesFollowGraphQLJSOrder() {
        #expect(specifiedRules.map(\.name) == [
            "ExecutableDefinitionsRule", "UniqueOperationNamesRule", "LoneAnonymousOperationRule",
            "SingleFieldSubscriptionsRule", "KnownTypeNamesRule", "FragmentsOnCompositeTypesRule",
            "VariablesAreInputTypesRule", "ScalarLeafsRule", "FieldsOnCorrectTypeRule", "UniqueFragmentNamesRule",
            "KnownFragmentNamesRule", "NoUnusedFragmentsRule", "PossibleFragmentSpreadsRule", "NoFragmentCyclesRule",
            "UniqueVariableNamesRule", "NoUndefinedVariablesRule", "NoUnusedVariablesRule", "KnownDirectivesRule",
            "UniqueDirectivesPerLocationRule", "KnownArgumentNamesRule", "UniqueArgumentNamesRule",
            "ValuesOfCorrectTypeRule", "ProvidedRequiredArgumentsRule", "VariablesInAllowedPositionRule",
            "OverlappingFieldsCanBeMergedRule", "UniqueInputFieldNamesRule", "MaxIntrospectionDepthRule",
        ])
    }
}
