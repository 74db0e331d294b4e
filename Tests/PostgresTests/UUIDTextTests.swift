import Foundation
import Postgres
import Testing

/// The hand-written UUID text form (Sources/Postgres/UUID+Text.swift) agrees
/// with Foundation's on every UUID, and refuses what is not the canonical form.
@Suite("UUID text form")
struct UUIDTextTests {
    @Test("round trips and agrees with Foundation for random UUIDs, in either case")
    func agreesWithFoundation() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.lowercasedText == id.uuidString.lowercased())
            #expect(UUID(canonicalText: id.lowercasedText) == id)
            #expect(UUID(canonicalText: id.uuidString) == id)
        }
    }

    @Test("the text written inside a larger buffer is Foundation's, in its place, and nothing around it changes")
    func writesInPlace() {
        let id = UUID()
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 45)
        bytes.withUnsafeMutableBufferPointer { id.writeLowercasedText(into: $0, at: 5) }
        #expect(String(decoding: bytes, as: UTF8.self) == "xxxxx" + id.uuidString.lowercased() + "xxxx")
    }

    @Test("anything but 8-4-4-4-12 hex digits is refused", arguments: [
        "", "not a uuid", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456_426614174000",
        "{23e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-4266141740é",
    ])
    func refusesOtherText(_ text: String) {
        #expect(UUID(canonicalText: text) == nil)
        #expect(UUID(uuidString: text) == nil, "Foundation agrees")
    }

    /// Each byte value in a digit's place, against the hex digits spelled out here: the parser
    /// computes digits without branches, so the bytes next to each range (`/`, `:`, `@`, `G`,
    /// `` ` ``, `g`) and those with the high bit set are the cases to pin.
    @Test("every byte value in a digit's place: only 0-9, a-f and A-F are read, with their value")
    func everyByteInADigitsPlace() {
        let hexDigits = Array("0123456789abcdefABCDEF".utf8)
        let template = Array("123e4567-e89b-12d3-a456-426614174000".utf8)
        for position in [0, 9, 19, 35] {
            for byte in UInt8.min...UInt8.max {
                var text = template
                text[position] = byte
                let parsed = text.withUnsafeBufferPointer { UUID(canonicalUTF8: $0) }
                if hexDigits.contains(byte) {
                    let expected = UUID(uuidString: String(decoding: text, as: UTF8.self))
                    #expect(parsed != nil && parsed == expected, "byte \(byte) at \(position)")
                } else {
                    #expect(parsed == nil, "byte \(byte) at \(position)")
                }
            }
        }
    }
}
