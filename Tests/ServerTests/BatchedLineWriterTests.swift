import Dispatch
import Synchronization
import Testing

@testable import Server

@Suite("Batched log lines")
struct BatchedLineWriterTests {
    /// What the writer wrote, call by call.
    private final class Sink: Sendable {
        let calls = Mutex<[[UInt8]]>([])
        func write(_ bytes: [UInt8]) { calls.withLock { $0.append(bytes) } }
        var text: String { String(decoding: calls.withLock { $0.joined() }, as: UTF8.self) }
    }

    @Test("lines from concurrent tasks are written whole, each task's in order, all of them by finish()")
    func wholeAndOrdered() async {
        let sink = Sink()
        let writer = BatchedLineWriter(interval: .milliseconds(1), output: sink.write)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<500 { writer.append(Array("task \(task) line \(line)\n".utf8)) }
                }
            }
        }
        await writer.finish()
        let lines = sink.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        var next = [Int](repeating: 0, count: 8)
        for line in lines.dropLast() {
            let words = line.split(separator: " ")
            guard words.count == 4, let task = Int(words[1]), let number = Int(words[3]) else {
                Issue.record("a torn or foreign line: \(line)")
                return
            }
            #expect(number == next[task], "task \(task)")
            next[task] = number + 1
        }
        #expect(next == [Int](repeating: 500, count: 8))
        // Batched: far fewer writes than lines (the writer pauses between writes).
        #expect(sink.calls.withLock { $0.count } < 4_000)
    }

    @Test("a line logged after finish() is written at once")
    func afterFinish() async {
        let sink = Sink()
        let writer = BatchedLineWriter(output: sink.write)
        writer.append(Array("before\n".utf8))
        await writer.finish()
        await writer.finish()
        writer.append(Array("after\n".utf8))
        #expect(sink.text == "before\nafter\n")
    }

    @Test("while the output is blocked, lines past the capacity are dropped and counted, not queued")
    func dropsPastCapacity() async {
        let blocked = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let sink = Sink()
        let first = Mutex(true)
        let writer = BatchedLineWriter(interval: .milliseconds(1), capacity: 20) { bytes in
            // The first write blocks until the test has filled the buffer, as a full pipe would.
            if first.withLock({ isFirst in defer { isFirst = false }; return isFirst }) {
                entered.signal()
                blocked.wait()
            }
            sink.write(bytes)
        }
        writer.append(Array("first\n".utf8))
        #expect(entered.wait(timeout: .now() + 10) == .success)
        for line in ["one 1234\n", "two 1234\n", "three 12\n", "four 123\n"] { writer.append(Array(line.utf8)) }
        blocked.signal()
        await writer.finish()
        #expect(sink.text == "first\none 1234\ntwo 1234\nquarry: 2 log lines dropped: standard output did not keep up\n")
    }
}
