/// libFuzzer's entry point: the screenshot search grammar (`ScreenshotSearch.parse`,
/// which reads the `search` argument of `screenshots`) must turn any text into `nil` or
/// an expression, never trap; and the expression must respect the documented bound of
/// 64 keywords, each a non-empty, lower-cased word of at most 2047 bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let expression = ScreenshotSearch.parse(text) else { return 0 }
    let words = keywords(expression)
    precondition(words.count <= 64, "\(words.count) keywords from one search")
    for word in words {
        precondition(!word.isEmpty && word.utf8.count <= 2047, "a keyword of \(word.utf8.count) bytes")
        precondition(word == word.lowercased(), "keyword \(word) is not lower-cased")
    }
    return 0
}

func keywords(_ expression: ScreenshotSearch.Expression) -> [String] {
    switch expression {
    case .keyword(let word): [word]
    case .not(let operand): keywords(operand)
    case .and(let left, let right), .or(let left, let right): keywords(left) + keywords(right)
    }
}
