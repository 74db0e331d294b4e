import GraphQLLanguage

extension JSONWriter {
    /// An error in the response format (spec §7.1.2): `message`, then `locations`,
    /// `path` and `extensions` when present, in graphql-js's key order.
    public mutating func error(_ error: GraphQLError) {
        raw("{\"message\":")
        string(error.message)
        if !error.locations.isEmpty {
            raw(",\"locations\":[")
            for (index, location) in error.locations.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                raw("{\"line\":")
                int(location.line)
                raw(",\"column\":")
                int(location.column)
                byte(UInt8(ascii: "}"))
            }
            byte(UInt8(ascii: "]"))
        }
        if !error.path.isEmpty {
            raw(",\"path\":[")
            for (index, component) in error.path.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                switch component {
                case .key(let key): string(key)
                case .index(let position): int(position)
                }
            }
            byte(UInt8(ascii: "]"))
        }
        if !error.extensions.isEmpty {
            raw(",\"extensions\":")
            extensions(error.extensions)
        }
        byte(UInt8(ascii: "}"))
    }

    /// A list of errors.
    public mutating func errors(_ errors: [GraphQLError]) {
        byte(UInt8(ascii: "["))
        for (index, error) in errors.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            self.error(error)
        }
        byte(UInt8(ascii: "]"))
    }

    private mutating func extensions(_ object: ErrorExtensions) {
        byte(UInt8(ascii: "{"))
        for (index, entry) in object.entries.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(entry.key)
            byte(UInt8(ascii: ":"))
            extensionValue(entry.value)
        }
        byte(UInt8(ascii: "}"))
    }

    private mutating func extensionValue(_ value: ErrorExtensionValue) {
        switch value {
        case .null: null()
        case .bool(let bool): self.bool(bool)
        case .int(let int): self.int(int)
        case .double(let double): self.double(double)
        case .string(let string): self.string(string)
        case .list(let items):
            byte(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                extensionValue(item)
            }
            byte(UInt8(ascii: "]"))
        case .object(let object): extensions(object)
        }
    }
}
