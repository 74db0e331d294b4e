// W0: reference scans of large.graphql's bytes, a lower bound for any lexer on
// this machine. None of them builds tokens or an AST.

/// W0a: reads every byte once, summing 8-byte words; bound by read bandwidth.
@inline(never)
func scanByteSum(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
    let wordCount = bytes.count / 8
    var total: UInt64 = 0
    var offset = 0
    for _ in 0 ..< wordCount {
        total &+= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset &+= 8
    }
    while offset < bytes.count {
        total &+= UInt64(bytes[offset])
        offset &+= 1
    }
    return Int(truncatingIfNeeded: total)
}

/// Byte classes for W0b: bit 0 marks name and digit bytes, bit 1 punctuators.
let tokenishTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in UInt8(ascii: "0") ... UInt8(ascii: "9") { table[Int(byte)] = 1 }
    for byte in UInt8(ascii: "A") ... UInt8(ascii: "Z") { table[Int(byte)] = 1 }
    for byte in UInt8(ascii: "a") ... UInt8(ascii: "z") { table[Int(byte)] = 1 }
    table[Int(UInt8(ascii: "_"))] = 1
    for byte in "!$&()[]{}:=@|.\"".utf8 { table[Int(byte)] = 2 }
    return table
}()

/// W0b: counts runs of name bytes plus punctuator bytes with a table lookup
/// per byte and no branches.
@inline(never)
func scanTokenish(_ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var previousWasName = 0
    for byte in bytes {
        let cls = Int(table[Int(byte)])
        let isName = cls & 1
        count &+= (isName & ~previousWasName & 1) &+ (cls >> 1)
        previousWasName = isName
    }
    return count
}

/// W0c: a minimal GraphQL tokenizer that only counts tokens (spec §2.1):
/// ignores whitespace, commas, the BOM and comments; counts punctuators,
/// `...`, names, numbers, strings and block strings. No values, no checks.
@inline(never)
func scanTokenCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let end = bytes.count
    var index = 0
    var count = 0
    @inline(__always) func isNameByte(_ byte: UInt8) -> Bool {
        byte == 0x5F || (byte &- 0x30) < 10 || ((byte | 0x20) &- 0x61) < 26
    }
    while index < end {
        let byte = bytes[index]
        switch byte {
        case 0x09, 0x0A, 0x0D, 0x20, 0x2C, 0xEF, 0xBB, 0xBF:
            index &+= 1
        case 0x23:  // '#': to the end of the line
            while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index &+= 1 }
        case 0x22:  // '"'
            count &+= 1
            if index + 2 < end, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22 {
                index &+= 3
                while index < end {
                    if bytes[index] == 0x5C, index + 3 < end, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22,
                        bytes[index + 3] == 0x22
                    {
                        index &+= 4
                    } else if bytes[index] == 0x22, index + 2 < end, bytes[index + 1] == 0x22,
                        bytes[index + 2] == 0x22
                    {
                        index &+= 3
                        break
                    } else {
                        index &+= 1
                    }
                }
            } else {
                index &+= 1
                while index < end, bytes[index] != 0x22 { index &+= bytes[index] == 0x5C ? 2 : 1 }
                index &+= 1
            }
        case 0x2E:  // '...'
            count &+= 1
            index &+= 3
        case 0x2D, 0x30 ... 0x39:  // -?digits, fraction, exponent
            count &+= 1
            index &+= 1
            while index < end {
                let next = bytes[index]
                if (next &- 0x30) < 10 || next == 0x2E || next | 0x20 == 0x65 {
                    index &+= 1
                } else if next == 0x2B || next == 0x2D, bytes[index - 1] | 0x20 == 0x65 {
                    index &+= 1
                } else {
                    break
                }
            }
        default:
            count &+= 1
            index &+= 1
            if isNameByte(byte) {
                while index < end, isNameByte(bytes[index]) { index &+= 1 }
            }
        }
    }
    return count
}
