import GraphQLLanguage

/// Checks the type system rules of spec §3 that building cannot (graphql-js
/// `validateSchema`, same messages): a query root type; names not starting with
/// `__`; objects, interfaces and input objects with fields, unions with object
/// members, enums with values; input and output types in the right places;
/// interface implementations; OneOf input objects; no input object cycles through
/// non-null fields; required arguments and input fields not deprecated.
/// Returns the errors in graphql-js's order (roots, directives, types).
public func validateSchema(_ schema: GraphQLSchema) -> [GraphQLError] {
    var validator = SchemaValidator(schema: schema)
    validator.run()
    return validator.errors
}

struct SchemaValidator {
    let schema: GraphQLSchema
    var errors: [GraphQLError] = []

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    mutating func report(_ message: String, _ nodes: [any ASTNode] = []) {
        errors.append(GraphQLError(message, nodes: nodes))
    }

    mutating func run() {
        if schema.queryType == nil { report("Query root type must be provided.", schema.astNode.asNodes) }
        for directive in schema.directives { validate(directive) }
        var cycles = InputObjectCycleDetector(schema: schema)
        for type in schema.types where !type.isIntrospectionType {
            validateName(type.name, definitionNodes(type))
            switch type {
            case .object(let object):
                validateFields(object.fields, of: type)
                validateInterfaces(of: type)
            case .interface(let interface):
                validateFields(interface.fields, of: type)
                validateInterfaces(of: type)
            case .union(let union):
                validateMembers(of: union)
            case .enumeration(let enumType):
                if enumType.values.isEmpty {
                    report("Enum type \(enumType.name) must define one or more values.", definitionNodes(type))
                }
                for value in enumType.values { validateName(value.name, value.astNode.asNodes) }
            case .inputObject(let inputObject):
                validateInputFields(of: inputObject)
                for cycle in cycles.detect(from: inputObject) { report(cycle.message, cycle.nodes) }
            case .scalar:
                continue
            }
        }
    }

    mutating func validateName(_ name: String, _ nodes: [any ASTNode]) {
        if name.hasPrefix("__") {
            report("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", nodes)
        }
    }

    private mutating func validate(_ directive: GraphQLDirective) {
        validateName(directive.name, directive.astNode.asNodes)
        for argument in directive.arguments {
            validateName(argument.name, argument.astNode.asNodes)
            if !schema[argument.type].isInputType {
                report(
                    "The type of @\(directive.name)(\(argument.name):) must be Input Type but got: \(schema.typeString(argument.type)).",
                    argument.astNode.map { [$0.type] } ?? [])
            }
            if argument.isRequired, argument.deprecationReason != nil {
                report(
                    "Required argument @\(directive.name)(\(argument.name):) cannot be deprecated.",
                    deprecationNodes(argument))
            }
        }
    }

    private mutating func validateFields(_ fields: [GraphQLField], of type: GraphQLNamedType) {
        let typeName = type.name
        if fields.isEmpty { report("Type \(typeName) must define one or more fields.", definitionNodes(type)) }
        for field in fields {
            validateName(field.name, field.astNode.asNodes)
            if !schema[field.type].isOutputType {
                report(
                    "The type of \(typeName).\(field.name) must be Output Type but got: \(schema.typeString(field.type)).",
                    field.astNode.map { [$0.type] } ?? [])
            }
            for argument in field.arguments {
                validateName(argument.name, argument.astNode.asNodes)
                if !schema[argument.type].isInputType {
                    report(
                        "The type of \(typeName).\(field.name)(\(argument.name):) must be Input Type but got: \(schema.typeString(argument.type)).",
                        argument.astNode.map { [$0.type] } ?? [])
                }
                if argument.isRequired, argument.deprecationReason != nil {
                    report(
                        "Required argument \(typeName).\(field.name)(\(argument.name):) cannot be deprecated.",
                        deprecationNodes(argument))
                }
            }
        }
    }

    private mutating func validateMembers(of union: GraphQLUnionType) {
        if union.members.isEmpty {
            report("Union type \(union.name) must define one or more member types.", definitionNodes(.union(union)))
        }
        var seen: Set<TypeID> = []
        for member in union.members {
            let memberName = schema[member].name
            if !seen.insert(member).inserted {
                report(
                    "Union type \(union.name) can only include type \(memberName) once.",
                    unionMemberNodes(union, memberName))
                continue
            }
            if schema[member].asObject == nil {
                report(
                    "Union type \(union.name) can only include Object types, it cannot include \(memberName).",
                    unionMemberNodes(union, memberName))
            }
        }
    }

    private mutating func validateInputFields(of inputObject: GraphQLInputObjectType) {
        if inputObject.fields.isEmpty {
            report(
                "Input Object type \(inputObject.name) must define one or more fields.",
                definitionNodes(.inputObject(inputObject)))
        }
        for field in inputObject.fields {
            validateName(field.name, field.astNode.asNodes)
            if !schema[field.type].isInputType {
                report(
                    "The type of \(inputObject.name).\(field.name) must be Input Type but got: \(schema.typeString(field.type)).",
                    field.astNode.map { [$0.type] } ?? [])
            }
            if field.isRequired, field.deprecationReason != nil {
                report(
                    "Required input field \(inputObject.name).\(field.name) cannot be deprecated.",
                    deprecationNodes(field))
            }
            if inputObject.isOneOf {
                if field.type.isNonNull {
                    report(
                        "OneOf input field \(inputObject.name).\(field.name) must be nullable.",
                        field.astNode.map { [$0.type] } ?? [])
                }
                if field.defaultValue != nil {
                    report(
                        "OneOf input field \(inputObject.name).\(field.name) cannot have a default value.",
                        field.astNode.asNodes)
                }
            }
        }
    }
}
