import PropertyBased
import Testing

@testable import GraphQLLanguage

/// Parses `bytes` and checks the outcome is sane: either a document whose
/// canonical print is a fixed point, or a syntax error located inside the
/// source. A crash or a hang fails the whole run.
private func checkParse(_ bytes: [UInt8]) {
    let source = Source(bytes: bytes)
    do {
        let document = try Parser.parse(source: source)
        let printed = printAST(document)
        do {
            let reprinted = printAST(try Parser.parse(printed))
            #expect(reprinted == printed, "print is not a fixed point for \(bytes)")
        } catch {
            Issue.record("printed document does not parse: \(error) for \(printed.debugDescription)")
        }
    } catch {
        #expect(error.message.hasPrefix("Syntax Error: "))
        #expect(error.locations.count == 1)
        if let location = error.locations.first {
            let end = source.location(at: bytes.count)
            #expect(location.line >= 1 && location.line <= end.line)
            #expect(location.column >= 1)
        }
    }
    _ = try? tokenize(source)
}

/// Applies edits (position, byte, kind) to `base`: replace, insert or delete.
private func mutate(_ base: [UInt8], _ edits: [(Int, UInt8, Int)]) -> [UInt8] {
    var bytes = base
    for (position, byte, kind) in edits where !bytes.isEmpty {
        let index = position % bytes.count
        switch kind {
        case 0: bytes[index] = byte
        case 1: bytes.insert(byte, at: index)
        default: bytes.remove(at: index)
        }
    }
    return bytes
}

/// Pieces of GraphQL syntax, glued together at random into near-documents.
private let vocabulary = [
    "{", "}", "(", ")", "[", "]", ":", "=", "@", "$", "!", "|", "&", "...", "query", "mutation", "subscription",
    "fragment", "on", "type", "interface", "union", "enum", "input", "scalar", "schema", "directive", "extend",
    "implements", "repeatable", "true", "false", "null", "a", "b", "Foo", "1", "-2.5e3", "\"s\"", "\"\"\"b\n  c\"\"\"",
    "QUERY", "FIELD", "#c\n", ",", "\n",
]

@Suite struct RobustnessPropertyTests {
    @Test func randomBytesNeverCrash() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...120)) { bytes in
            checkParse(bytes)
        }
    }

    @Test func randomASCIINeverCrashes() async {
        await propertyCheck(count: 300, input: Gen.uint8(in: 0x09...0x7E).array(of: 0...120)) { bytes in
            checkParse(bytes)
        }
    }

    @Test func mutatedDocumentsNeverCrash() async {
        let base = Array(kitchenSink.utf8)
        let edit = zip(Gen.int(in: 0...100_000), Gen.uint8(), Gen.int(in: 0...2))
        await propertyCheck(count: 200, input: edit.array(of: 1...6)) { edits in
            checkParse(mutate(base, edits.map { ($0.0, $0.1, $0.2) }))
        }
    }

    @Test func randomTokenSequencesNeverCrash() async {
        let pieces = Gen.int(in: 0...(vocabulary.count - 1)).array(of: 1...40)
        await propertyCheck(count: 400, input: pieces) { indices in
            checkParse(Array(indices.map { vocabulary[$0] }.joined(separator: " ").utf8))
        }
    }
}
