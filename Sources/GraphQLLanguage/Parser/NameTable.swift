/// Remembers the strings made for short names, so a name that repeats in a
/// document (`id`, `name`, `__typename`, ...) becomes a `String` once per parse.
///
/// A direct-mapped table keyed by the name's bytes (up to 16, packed into two
/// words, so a hit is an exact match without comparing bytes again). Longer
/// names are rare and are decoded each time.
final class NameTable {
    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0
        var value = ""
    }

    private static let slotBits = 8
    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: 1 << NameTable.slotBits)
        entries.initialize(repeating: Entry(), count: 1 << NameTable.slotBits)
    }

    deinit {
        entries.deinitialize(count: 1 << NameTable.slotBits)
        entries.deallocate()
    }

    /// The string for `bytes[start..<end]` (ASCII, as names and numbers are).
    func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        let length = end - start
        guard length <= 16 else { return decode(bytes, start, end) }
        var low: UInt64 = 0
        var high: UInt64 = 0
        if start + 16 <= bytes.count {
            // Two unaligned loads, then drop the bytes past the name.
            let raw = UnsafeRawPointer(bytes.baseAddress! + start)
            low = raw.loadUnaligned(as: UInt64.self)
            high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if length < 8 {
                low &= (1 &<< UInt64(8 * length)) &- 1
                high = 0
            } else if length < 16 {
                high &= (1 &<< UInt64(8 * (length - 8))) &- 1
            }
        } else {
            for offset in 0..<length {
                let byte = UInt64(bytes[start + offset])
                if offset < 8 {
                    low |= byte << (8 * UInt64(offset))
                } else {
                    high |= byte << (8 * UInt64(offset - 8))
                }
            }
        }
        let hash = (low &+ high &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
        let entry = entries + Int(truncatingIfNeeded: hash >> UInt64(64 - NameTable.slotBits))
        if entry.pointee.length == length && entry.pointee.low == low && entry.pointee.high == high {
            return entry.pointee.value
        }
        let value = decode(bytes, start, end)
        entry.pointee = Entry(low: low, high: high, length: length, value: value)
        return value
    }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
