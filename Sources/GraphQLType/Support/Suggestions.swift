/// "Did you mean …?" suggestions as graphql-js makes them (`suggestionList`,
/// `didYouMean`), so error messages match the reference implementation.

/// The options close to `input`: within a Damerau-Levenshtein (optimal string
/// alignment) distance of 40% of its length plus one, compared case-insensitively
/// (a change of case alone counts as one edit); nearest first, ties in natural order.
public func suggestionList(_ input: String, options: [String]) -> [String] {
    let threshold = input.unicodeScalars.count * 2 / 5 + 1
    let measure = LexicalDistance(input)
    var found: [(option: String, distance: Int)] = []
    for option in options {
        if let distance = measure.distance(to: option, threshold: threshold) {
            found.append((option, distance))
        }
    }
    found.sort { lhs, rhs in
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : naturalCompare(lhs.option, rhs.option) < 0
    }
    return found.map(\.option)
}

/// ` Did you mean "a", "b", or "c"?` (at most five), or `""` without suggestions.
public func didYouMean(_ suggestions: [String]) -> String {
    didYouMean(nil, suggestions)
}

/// ` Did you mean the enum value "A"?`: ``didYouMean(_:)`` naming what is suggested.
public func didYouMean(_ subject: String?, _ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    var message = " Did you mean "
    if let subject { message += subject + " " }
    let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
    switch quoted.count {
    case 1: return message + quoted[0] + "?"
    case 2: return message + quoted[0] + " or " + quoted[1] + "?"
    default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted.last! + "?"
    }
}

private struct LexicalDistance {
    let input: String
    let inputLowercased: String
    let inputScalars: [Unicode.Scalar]

    init(_ input: String) {
        self.input = input
        inputLowercased = input.lowercased()
        inputScalars = Array(inputLowercased.unicodeScalars)
    }

    func distance(to option: String, threshold: Int) -> Int? {
        if option == input { return 0 }
        let optionLowercased = option.lowercased()
        if optionLowercased == inputLowercased { return 1 }
        var a = Array(optionLowercased.unicodeScalars)
        var b = inputScalars
        if a.count < b.count { swap(&a, &b) }
        if a.count - b.count > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...max(a.count, 1) where i <= a.count {
            let up = (i - 1) % 3
            let current = i % 3
            rows[current][0] = i
            var smallest = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                }
                smallest = min(smallest, cell)
                rows[current][j] = cell
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[a.count % 3][b.count]
        return distance <= threshold ? distance : nil
    }
}

/// graphql-js `naturalCompare` (used to order suggestions): runs of digits compare by their numeric value
/// (a leading zero ends a run, as there).
public func naturalCompare(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.utf16)
    let b = Array(rhs.utf16)
    func isDigit(_ units: [UInt16], _ index: Int) -> Bool {
        index < units.count && units[index] >= 48 && units[index] <= 57
    }
    func number(_ units: [UInt16], _ index: inout Int) -> Double {
        var value = 0.0
        repeat {
            value = value * 10 + Double(units[index] - 48)
            index += 1
        } while isDigit(units, index) && value > 0
        return value
    }
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
        if isDigit(a, i), isDigit(b, j) {
            let numA = number(a, &i)
            let numB = number(b, &j)
            if numA != numB { return numA < numB ? -1 : 1 }
        } else {
            if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
            i += 1
            j += 1
        }
    }
    return a.count - b.count
}
