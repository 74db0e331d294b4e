import CommonTestSupport
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Synchronization
import Testing

/// Query fields resolve concurrently, mutation root fields serially (spec §6.2.1,
/// §6.2.2, §6.3.1).
@Suite struct ConcurrencyTests {
    @Test func siblingAsyncQueryFieldsRunConcurrently() async throws {
        // Each resolver waits for the other to have started: only concurrent execution completes
        // (serial execution times out instead of hanging).
        let (firstStarted, firstSignal) = AsyncStream<Void>.makeStream()
        let (secondStarted, secondSignal) = AsyncStream<Void>.makeStream()
        let json = try await run(
            "type Query { a: String, nested: N } type N { b: String }", query: "{ a nested { b } }", context: ()
        ) { b in
            b.resolveAsync("Query", "a") { _ in
                firstSignal.yield()
                _ = try await secondStarted.next()
                return "a"
            }
            b.resolve("Query", "nested") { _ in Record("N", [:]) }
            b.resolveAsync("N", "b") { _ in
                secondSignal.yield()
                _ = try await firstStarted.next()
                return "b"
            }
        }
        #expect(json == #"{"data":{"a":"a","nested":{"b":"b"}}}"#)
    }

    @Test func mutationRootFieldsRunSerially() async throws {
        let log = Locked<[String]>([])
        let json = try await run(
            "type Query { a: String } type Mutation { first: R, second: R } type R { step: String }",
            query: "mutation { second { step } first { step } again: second { step } }", context: ()
        ) { b in
            b.resolve("Query", "a") { _ in nil }
            for name in ["first", "second"] {
                b.resolveAsync("Mutation", name) { _ in
                    log.withLock { $0.append("start \(name)") }
                    try await Task.sleep(for: .milliseconds(name == "second" ? 20 : 1))
                    log.withLock { $0.append("end \(name)") }
                    return Record("R", [:])
                }
            }
            b.resolveAsync("R", "step") { info in
                try await Task.sleep(for: .milliseconds(5))
                log.withLock { $0.append("step \(info.path[0])") }
                return "\(info.path[0])"
            }
        }
        #expect(json == #"{"data":{"second":{"step":"second"},"first":{"step":"first"},"again":{"step":"again"}}}"#)
        #expect(
            log.withLock { $0 } == [
                "start second", "end second", "step second", "start first", "end first", "step first",
                "start second", "end second", "step again",
            ])
    }
}
