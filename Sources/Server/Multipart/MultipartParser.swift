import Foundation
import NIOCore

/// An incremental parser of a `multipart/form-data` body (RFC 7578 over
/// RFC 2046 §5.1.1): it is fed the body chunk by chunk as it arrives and
/// hands back each part's headers, then its content in pieces, then its end,
/// so a file part can be written to disk without ever being held whole.
///
/// Only the last `delimiter.count - 1` bytes of content are held back between
/// chunks (they may be the start of a delimiter split across two chunks).
struct MultipartParser {
    enum Event: Equatable {
        /// A part begins, with its header fields (names lower-cased).
        case headers([String: String])
        /// Some of the current part's content.
        case content(ByteBuffer)
        /// The current part ended.
        case partEnd
    }

    enum Failure: Error, Equatable {
        /// The body does not follow the multipart syntax (the text says where).
        case malformed(String)
        /// The body ended before the closing delimiter.
        case truncated
    }

    private enum State {
        /// Before the first delimiter (a preamble is skipped).
        case preamble
        /// Right after a delimiter: `--` (the last) or CRLF (a part follows).
        case afterDelimiter
        case headers
        case content
        /// After the closing delimiter: the epilogue is ignored.
        case done
    }

    /// CRLF `--` boundary; the body is read as if it began with a CRLF, so the first delimiter matches too.
    private let delimiter: [UInt8]
    private var pending: ByteBuffer
    private var state = State.preamble
    static let maxHeaderBytes = 16_384

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        pending = ByteBuffer(bytes: [0x0D, 0x0A])
    }

    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Parses what `chunk` completes; returns the events in order.
    mutating func feed(_ chunk: ByteBuffer) throws(Failure) -> [Event] {
        var chunk = chunk
        pending.writeBuffer(&chunk)
        var events: [Event] = []
        while try step(into: &events) {}
        if pending.readerIndex > 65_536 { pending.discardReadBytes() }
        return events
    }

    /// The body ended: it must have ended with the closing delimiter.
    func finish() throws(Failure) {
        guard isComplete else { throw .truncated }
    }

    /// One transition; `false` when more input is needed.
    private mutating func step(into events: inout [Event]) throws(Failure) -> Bool {
        switch state {
        case .preamble:
            guard let index = find(delimiter) else {
                // Keep what could be the start of the delimiter.
                let keep = delimiter.count - 1
                if pending.readableBytes > keep { pending.moveReaderIndex(forwardBy: pending.readableBytes - keep) }
                return false
            }
            pending.moveReaderIndex(forwardBy: index + delimiter.count)
            state = .afterDelimiter
            return true
        case .afterDelimiter:
            guard pending.readableBytes >= 2, let two = pending.getBytes(at: pending.readerIndex, length: 2) else { return false }
            pending.moveReaderIndex(forwardBy: 2)
            if two == [0x2D, 0x2D] {
                state = .done
            } else if two == [0x0D, 0x0A] {
                state = .headers
            } else {
                throw .malformed("a boundary delimiter must be followed by CRLF or \"--\"")
            }
            return true
        case .headers:
            if pending.readableBytes >= 2, pending.getBytes(at: pending.readerIndex, length: 2) == [0x0D, 0x0A] {
                pending.moveReaderIndex(forwardBy: 2)
                events.append(.headers([:]))
                state = .content
                return true
            }
            guard let end = find([0x0D, 0x0A, 0x0D, 0x0A]) else {
                if pending.readableBytes > Self.maxHeaderBytes { throw .malformed("a part's headers exceed \(Self.maxHeaderBytes) bytes") }
                return false
            }
            let text = pending.readString(length: end) ?? ""
            pending.moveReaderIndex(forwardBy: 4)
            events.append(.headers(try Self.headerFields(text)))
            state = .content
            return true
        case .content:
            if let index = find(delimiter) {
                if index > 0, let slice = pending.readSlice(length: index) { events.append(.content(slice)) }
                pending.moveReaderIndex(forwardBy: delimiter.count)
                events.append(.partEnd)
                state = .afterDelimiter
                return true
            }
            let safe = pending.readableBytes - (delimiter.count - 1)
            if safe > 0, let slice = pending.readSlice(length: safe) { events.append(.content(slice)) }
            return false
        case .done:
            pending.moveReaderIndex(forwardBy: pending.readableBytes)
            return false
        }
    }

    /// The offset from the reader index of the first occurrence of `needle`.
    private func find(_ needle: [UInt8]) -> Int? {
        pending.withUnsafeReadableBytes { bytes -> Int? in
            guard bytes.count >= needle.count, let first = needle.first else { return nil }
            var start = 0
            let last = bytes.count - needle.count
            while start <= last {
                guard let hit = bytes[start...last].firstIndex(of: first) else { return nil }
                var matches = true
                for offset in 1..<needle.count where bytes[hit + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return hit }
                start = hit + 1
            }
            return nil
        }
    }

    /// `Name: value` lines; names lower-cased (header names are case-insensitive).
    static func headerFields(_ text: String) throws(Failure) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a part's header line has no colon") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
