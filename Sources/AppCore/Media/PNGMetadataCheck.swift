import CZlib

#if canImport(Glibc)
import Glibc
#endif

/// Refuses a PNG whose compressed metadata (zTXt, iTXt, iCCP chunks) inflates
/// to more than libpng's own default limit, before any decoder reads it
/// (issue 18 "Hardening": a PNG with a huge iCCP or zTXt). libpng truncates
/// such a chunk with a warning only, which libvips 8.14 logs without failing
/// even with `fail_on` warning: the upload would be stored, and its friends'
/// phones would inflate the chunk again. Measured here: a 2 GB zTXt (2 MB of
/// file) cost libvips 0.35 s over its three header reads, then was accepted.
package enum PNGMetadataCheck {
    /// libpng's `PNG_USER_CHUNK_MALLOC_MAX` (pnglibconf.h, libpng 1.6: 8,000,000
    /// bytes), the most a stock libpng inflates one chunk to; here the budget
    /// of all the file's compressed metadata together.
    static let maxInflatedBytes = 8_000_000

    /// Whether every compressed metadata chunk of the PNG at `path` is whole
    /// and inflates to at most ``maxInflatedBytes`` in all. Walks the chunks
    /// by their lengths (PNG spec §5.3 "Chunk layout"), reading only those
    /// three kinds; the pixels (IDAT) are skipped, never inflated here.
    static func isAcceptable(path: String) throws -> Bool {
        guard let handle = fopen(path, "rb") else { throw InspectionFailure(message: "cannot open \(path)") }
        defer { fclose(handle) }
        guard fseek(handle, 0, SEEK_END) == 0 else { throw InspectionFailure(message: "cannot read \(path)") }
        let fileSize = ftell(handle)
        guard fseek(handle, 8, SEEK_SET) == 0 else { return false }
        var budget = maxInflatedBytes
        while true {
            var header = [UInt8](repeating: 0, count: 8)
            guard fread(&header, 1, 8, handle) == 8 else { return false }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= fileSize - ftell(handle) else { return false }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "IEND" { return true }
            guard ["iCCP", "zTXt", "iTXt"].contains(type) else {
                guard fseek(handle, length + 4, SEEK_CUR) == 0 else { return false }
                continue
            }
            var data = [UInt8](repeating: 0, count: length)
            guard fread(&data, 1, length, handle) == length, fseek(handle, 4, SEEK_CUR) == 0 else { return false }
            guard let start = compressedDataOffset(type, data) else { continue }
            let inflated = data[start...].withUnsafeBufferPointer {
                quarry_zlib_inflated_size($0.baseAddress, $0.count, budget)
            }
            guard inflated >= 0, inflated <= budget else { return false }
            budget -= Int(inflated)
        }
    }

    /// Where a chunk's zlib stream starts (PNG spec §11.3.3.3 iCCP, §11.3.4.4
    /// zTXt, §11.3.4.5 iTXt), or `nil` when it holds none (an uncompressed
    /// iTXt, or a chunk too short to say).
    private static func compressedDataOffset(_ type: String, _ data: [UInt8]) -> Int? {
        guard let afterKeyword = afterNUL(data) else { return nil }
        // iCCP and zTXt: name, NUL, compression method, stream.
        guard type == "iTXt" else { return afterKeyword < data.count ? afterKeyword + 1 : nil }
        // iTXt: keyword, NUL, compression flag, method, language tag, NUL, translated keyword, NUL, text.
        guard afterKeyword < data.count, data[afterKeyword] == 1,
            let language = afterNUL(data, from: afterKeyword + 2)
        else { return nil }
        return afterNUL(data, from: language)
    }

    /// The index just after the first NUL at or after `from`, if any.
    private static func afterNUL(_ data: [UInt8], from: Int = 0) -> Int? {
        guard from <= data.count, let nul = data[from...].firstIndex(of: 0) else { return nil }
        return nul + 1
    }
}
