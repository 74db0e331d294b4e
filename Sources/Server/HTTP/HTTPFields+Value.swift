import HTTPTypes

extension HTTPFields {
    /// The value of the field `name`, as `HTTPFields`' own subscript reads it: the values of
    /// repeated fields joined with ", " ("; " for `Cookie`, RFC 9110 §5.3, RFC 6265 §5.4),
    /// `nil` when there is none.
    ///
    /// Why: the subscript joins through a lazy map that is not specialized, so every look-up
    /// instantiated generic metadata; a request reads four or five headers, about 3% of a
    /// `{ ping }` request's CPU. A single field, the usual case, is returned as it is here.
    func value(_ name: HTTPField.Name) -> String? {
        guard let first = firstIndex(where: { $0.name == name }) else { return nil }
        let rest = index(after: first)
        guard self[rest...].contains(where: { $0.name == name }) else { return self[first].value }
        return self[name]
    }
}
