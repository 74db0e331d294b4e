import GraphQLLanguage

/// Interface implementation rules (spec §3.6 "Type Validation" 4, §3.7 "Interfaces
/// Implementing Interfaces"; graphql-js `validateInterfaces`).
extension SchemaValidator {
    mutating func validateInterfaces(of type: GraphQLNamedType) {
        var seen: Set<TypeID> = []
        for interfaceID in type.interfaces {
            let interfaceName = schema[interfaceID].name
            guard let interface = schema[interfaceID].asInterface else {
                report(
                    "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                    implementsNodes(type, interfaceName))
                continue
            }
            if interfaceID == type.id {
                report(
                    "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    implementsNodes(type, interfaceName))
                continue
            }
            if !seen.insert(interfaceID).inserted {
                report("Type \(type.name) can only implement \(interface.name) once.", implementsNodes(type, interfaceName))
                continue
            }
            validateAncestors(of: type, through: interface)
            validate(type, implements: interface)
        }
    }

    /// Every interface an implemented interface implements must be implemented too.
    private mutating func validateAncestors(of type: GraphQLNamedType, through interface: GraphQLInterfaceType) {
        for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
            let nodes = implementsNodes(.interface(interface), schema[transitive].name)
                + implementsNodes(type, interface.name)
            if transitive == type.id {
                report(
                    "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference.",
                    nodes)
            } else {
                report(
                    "Type \(type.name) must implement \(schema[transitive].name) because it is implemented by \(interface.name).",
                    nodes)
            }
        }
    }

    /// Field presence, covariant field types, equal argument types, extra arguments optional.
    private mutating func validate(_ type: GraphQLNamedType, implements interface: GraphQLInterfaceType) {
        for interfaceField in interface.fields {
            let fieldName = interfaceField.name
            guard let typeField = type.field(named: fieldName) else {
                report(
                    "Interface field \(interface.name).\(fieldName) expected but \(type.name) does not provide it.",
                    interfaceField.astNode.asNodes + definitionNodes(type))
                continue
            }
            if !schema.isTypeSubTypeOf(typeField.type, interfaceField.type) {
                report(
                    "Interface field \(interface.name).\(fieldName) expects type \(schema.typeString(interfaceField.type)) but \(type.name).\(fieldName) is type \(schema.typeString(typeField.type)).",
                    (interfaceField.astNode.map { [$0.type] } ?? []) + (typeField.astNode.map { [$0.type] } ?? []))
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let typeArgument = typeField.argument(named: argumentName) else {
                    report(
                        "Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expected but \(type.name).\(fieldName) does not provide it.",
                        interfaceArgument.astNode.asNodes + typeField.astNode.asNodes)
                    continue
                }
                if typeArgument.type != interfaceArgument.type {
                    report(
                        "Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expects type \(schema.typeString(interfaceArgument.type)) but \(type.name).\(fieldName)(\(argumentName):) is type \(schema.typeString(typeArgument.type)).",
                        (interfaceArgument.astNode.map { [$0.type] } ?? []) + (typeArgument.astNode.map { [$0.type] } ?? []))
                }
            }
            for typeArgument in typeField.arguments
            where typeArgument.isRequired && interfaceField.argument(named: typeArgument.name) == nil {
                report(
                    "Object field \(type.name).\(fieldName) includes required argument \(typeArgument.name) that is missing from the Interface field \(interface.name).\(fieldName).",
                    typeArgument.astNode.asNodes + interfaceField.astNode.asNodes)
            }
        }
    }
}
