/// For each of `count` names, the position of the first name equal to it (its own
/// position when it is the first), for the rules reporting duplicates.
///
/// Short lists, the usual case, are scanned; long ones go through a table, so a
/// hostile document with thousands of arguments or input fields on one node
/// costs linear time, not quadratic.
func firstOccurrences(count: Int, name: (Int) -> String) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    if count <= 16 {
        for index in 0..<count {
            let current = name(index)
            result.append((0..<index).first { name($0) == current } ?? index)
        }
    } else {
        var firstByName: [String: Int] = [:]
        firstByName.reserveCapacity(count)
        for index in 0..<count {
            let current = name(index)
            if let first = firstByName[current] {
                result.append(first)
            } else {
                firstByName[current] = index
                result.append(index)
            }
        }
    }
    return result
}
