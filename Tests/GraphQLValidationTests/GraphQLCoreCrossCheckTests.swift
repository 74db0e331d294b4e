import Foundation
import GraphQLLanguage
import Testing

@testable import GraphQLValidation

/// Runs each rule over a corpus of invalid documents here and in graphql-core
/// 3.2.8 (the Python port of graphql-js, installed on the machine), computed at
/// test time, and expects the same errors, in the same order, at the same places.
/// graphql-core quotes names with `'` where graphql-js uses `"`; the corpus has
/// no `'` of its own, so its messages are compared after swapping the quotes.
/// graphql-core also writes directive locations in lower case (`on field.`),
/// graphql-js in upper case (`on FIELD.`), as here.
@Suite struct GraphQLCoreCrossCheckTests {
    static let corpus: [String] = [
        "{ dog { name barkVolume meowVolume } cat { nickname(x: 1) furColor { x } } }",
        "{ human { pets { name nickname ... on Dog { barks ...catFields } } } } fragment catFields on Cat { meows }",
        "query Q($a: Int, $a: String, $b: Dog) { dog @include(if: $c) { doesKnowCommand(dogCommand: $a) } }",
        "query ($x: Boolean = 1, $y: [Int!] = [1, null]) { dog { isHouseTrained(atOtherHomes: $x, atOtherHomes: true) } }",
        "{ complicatedArgs { complexArgField(complexArg: { requiredField: null, intField: \"x\", unknown: 1, unknown: 2 }) } }",
        "{ complicatedArgs { oneOfArgField(oneOfArg: { stringField: \"a\", intField: 1 }) multipleReqs(req1: 1) } }",
        "query A { ...F } query A { ...G } fragment F on Dog { ...G } fragment G on Dog { ...F } fragment H on Cat { x }",
        "{ a } { b } subscription S { c d } mutation { e }",
        "fragment F on Int { x } fragment G on DogCommand { ... on Boolean { y } } { dog { ...F ...G ...Unknown } }",
        "{ dog @skip(if: true) @skip(if: false) @onQuery @unknown(a: 1) { name @include } }",
        "query ($v: Int) @onField { dog { ... on Cat { meows } ... on Pet { name } ...on Human { name } } }",
        "{ humanOrAlien { ... on Dog { name } ... on Being { name } name } catOrDog { name } }",
        "query Q($int: Int, $list: [String], $bool: Boolean!) { complicatedArgs { nonNullIntArgField(nonNullIntArg: $int) stringListNonNullArgField(stringListNonNullArg: $list) stringArgField(stringArg: $bool) } }",
        "query Q($dog: DogCommand, $fur: FurColor = BROWN) { dog { doesKnowCommand(dogCommand: $fur) } cat { furColor @skip(if: $dog) } }",
        "{ complicatedArgs { intArgField(intArg: 3000000000) floatArgField(floatArg: NaN) idArgField(idArg: true) enumArgField(enumArg: \"BROWN\") e2: enumArgField(enumArg: brown) } }",
        "{ complicatedArgs { stringListArgField(stringListArg: [[\"a\"]]) complexArgField(complexArg: [{ requiredField: true }]) } }",
        "query ($a: ComplexInput = { requiredField: true, nonNullField: null }, $b: OneOfInput = { intField: null }) { __typename }",
        "schema { query: QueryRoot } scalar Foo extend type Dog { x: Int } directive @d on FIELD { dog { name } }",
        "{ __schema { types { name fields { nam } } } __type(name: 1) { kind } __typename { x } }",
        "query Deep($v: String) { human { relatives { relatives { pets { name(surname: $v) ... on Dog { mother { father { name(surname: $w) } } } } } } } }",
        "fragment A on Dog { ...B ... on Dog { ...C } } fragment B on Dog { ...A } fragment C on Dog { ...B ...A }",
        "subscription { __typename ... on QueryRoot { dog { name } } }",
        "{ dog { name(surname: true, surname: false) @onField(x: 1) @onField } alien { numEyes iq name(surname: null) } }",
        "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }",
        "{ __schema { types { fields { type { fields { name } } } inputFields { type { interfaces { name } } } } } }",
        "{ __type(name: \"Dog\") { ...F } a: __type(name: \"Cat\") { ...G } } fragment F on __Type { fields { type { ...G } } } fragment G on __Type { interfaces { possibleTypes { name } } }",
        "{ __schema { types { ...R } } } fragment R on __Type { possibleTypes { ...R } }",
    ]

    static let ruleNames = specifiedRules.map(\.name)

    @Test func sameErrorsAsGraphQLCore() throws {
        let script = """
            import json, re, sys
            import graphql.validation as V
            from graphql import build_schema, parse, validate
            data = json.load(sys.stdin)
            schema = build_schema(data["schema"])
            out = []
            for query in data["queries"]:
                document = parse(query)
                per_rule = {}
                for name in data["rules"]:
                    errors = validate(schema, document, [getattr(V, name)])
                    per_rule[name] = [
                        re.sub(r"may not be used on (\\w+)\\.$", lambda m: "may not be used on " + m[1].upper() + ".",
                            e.message.replace("'", '"')) + " @ "
                        + ",".join(f"{l.line}:{l.column}" for l in (e.locations or []))
                        for e in errors
                    ]
                out.append(per_rule)
            print(json.dumps(out))
            """
        let input = try JSONSerialization.data(withJSONObject: [
            "schema": harnessSDL, "queries": Self.corpus, "rules": Self.ruleNames,
        ])
        let expected = try JSONSerialization.jsonObject(with: try runPython(script, input: input)) as? [[String: [String]]]
        let oracle = try #require(expected)
        #expect(oracle.count == Self.corpus.count)
        var compared = 0
        for (query, oracleErrors) in zip(Self.corpus, oracle) {
            let document = try Parser.parse(query)
            for rule in specifiedRules {
                let errors = validate(schema: harnessSchema, document: document, rules: [rule]).map { error in
                    error.message + " @ " + error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",")
                }
                #expect(errors == oracleErrors[rule.name], "\(rule.name) on \(query)")
                compared += errors.count
            }
        }
        #expect(compared > 60)
    }

    private func runPython(_ script: String, input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = try stdout.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return output
    }
}
