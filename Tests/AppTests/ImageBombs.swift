import CZlib

/// Hostile images made in memory in milliseconds (issue 18 "Hardening"): a
/// PNG declaring 30,000 × 30,000 zero pixels in 872 KB, a JPEG whose frame
/// header declares 60,000 × 60,000, PNG chunks whose compressed text or ICC
/// profile inflates to a gigabyte. No bomb is kept in the repository.
enum ImageBombs {
    /// A grey 8-bit PNG of `width` × `height` zero pixels; `extraChunks`
    /// (``chunk(_:_:)``) go between IHDR and IDAT, where a decoder reads them
    /// with the header. Every row is a filter byte 0 and `width` zeros, so the
    /// pixel data is ``ZerosDeflate`` of (width + 1) × height bytes, of which
    /// IDAT keeps the first `pixelDataBytes` (a well-formed file whose pixels
    /// end early).
    static func zeroPNG(width: Int, height: Int, extraChunks: [[UInt8]] = [], pixelDataBytes: Int = .max) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]  // depth 8, grey, deflate, no filter, no interlace
        let pixels = ZerosDeflate.zlib(count: (width + 1) * height).prefix(pixelDataBytes)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + extraChunks.joined()
            + chunk("IDAT", Array(pixels)) + chunk("IEND", [])
    }

    /// A zTXt chunk (PNG spec §11.3.4.4) whose text is `inflatedBytes` NULs, compressed.
    static func zTXt(inflatedBytes: Int) -> [UInt8] {
        chunk("zTXt", Array("Comment".utf8) + [0, 0] + ZerosDeflate.zlib(count: inflatedBytes))
    }

    /// An iCCP chunk (PNG spec §11.3.3.3) whose profile is `inflatedBytes` zeros, compressed.
    static func iCCP(inflatedBytes: Int) -> [UInt8] {
        chunk("iCCP", Array("icc".utf8) + [0, 0] + ZerosDeflate.zlib(count: inflatedBytes))
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data (PNG spec §5.3).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return bigEndian(data.count) + typeAndData + bigEndian(Int(crc))
    }

    /// `jpeg` with its frame header (SOF0–SOF2, ITU T.81 §B.2.2: length, precision,
    /// height, width) rewritten to declare `width` × `height`; its scan still holds
    /// the original few pixels, so decoding it would also fail.
    static func jpeg(_ jpeg: [UInt8], declaring width: Int, _ height: Int) -> [UInt8] {
        var bytes = jpeg
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if (0xC0...0xC2).contains(marker) {
                bytes.replaceSubrange(index + 5..<index + 9, with: bigEndian16(height) + bigEndian16(width))
                return bytes
            }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        preconditionFailure("no frame header in the JPEG")
    }

    private static func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}

/// A zlib stream (RFC 1950) of `count` zero bytes made without deflating them:
/// one dynamic-Huffman block (RFC 1951 §3.2.7) whose only symbols are the
/// literal 0, "length 258", "distance 1" and end-of-block, with 1-bit codes
/// for the length and the distance, so every 258 zeros cost 2 bits, the best
/// ratio deflate allows (1032:1). 900 MB of zeros take 872 KB and no time.
enum ZerosDeflate {
    static func zlib(count: Int) -> [UInt8] {
        precondition(count >= 1)
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL: the last block
        bits.write(2, count: 2)  // BTYPE: dynamic Huffman codes
        bits.write(286 - 257, count: 5)  // HLIT: literal/length code lengths given
        bits.write(2 - 1, count: 5)  // HDIST: distance code lengths given
        bits.write(18 - 4, count: 4)  // HCLEN: code length code lengths given
        // Code length code lengths, in the order of §3.2.7: symbol 18 (a run of 11–138 zeros) gets 1 bit,
        // lengths 1 and 2 get 2 bits each; canonically 18 = 0, 1 = 10, 2 = 11.
        let lengthCodeLengths: [Int: Int] = [18: 1, 1: 2, 2: 2]
        for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
            bits.write(lengthCodeLengths[symbol] ?? 0, count: 3)
        }
        // Literal/length lengths: 0 → 2, 1–255 → none, 256 (end) → 2, 257–284 → none, 285 (length 258) → 1;
        // then the two distance codes 0 (distance 1) and 1, both 1 bit.
        let two = (code: 0b11, length: 2), one = (code: 0b10, length: 2), zeroRun = (code: 0, length: 1)
        bits.code(two)
        bits.code(zeroRun); bits.write(138 - 11, count: 7)
        bits.code(zeroRun); bits.write(117 - 11, count: 7)
        bits.code(two)
        bits.code(zeroRun); bits.write(28 - 11, count: 7)
        bits.code(one); bits.code(one); bits.code(one)
        // The data, with canonical codes 285 = 0, literal 0 = 10, end = 11 and distance 1 = 0.
        let literalZero = (code: 0b10, length: 2), end = (code: 0b11, length: 2)
        bits.code(literalZero)
        let (matches, rest) = (count - 1).quotientAndRemainder(dividingBy: 258)
        bits.zeros(2 * matches)  // each match: length code 285 "0", distance code 0 "0", no extra bits
        for _ in 0..<rest { bits.code(literalZero) }
        bits.code(end)
        let adler = (count % 65_521) << 16 | 1  // Adler-32 of zeros: a stays 1, b adds 1 a byte
        return [0x78, 0x01] + bits.bytes + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
    }

    /// Bits packed from the least significant bit of each byte up (RFC 1951 §3.1.1).
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 0

        mutating func bit(_ value: Int) {
            if used == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(value & 1) << used
            used = (used + 1) % 8
        }

        /// A number, least significant bit first.
        mutating func write(_ value: Int, count: Int) {
            for index in 0..<count { bit(value >> index) }
        }

        /// A Huffman code, most significant bit first.
        mutating func code(_ code: (code: Int, length: Int)) {
            for index in (0..<code.length).reversed() { bit(code.code >> index) }
        }

        /// `count` zero bits, whole bytes at once.
        mutating func zeros(_ count: Int) {
            var left = count
            while left > 0, used != 0 { bit(0); left -= 1 }
            bytes += [UInt8](repeating: 0, count: left / 8)
            for _ in 0..<left % 8 { bit(0) }
        }
    }
}
