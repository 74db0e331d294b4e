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

    mutating func report(_ message: String) {
        errors.append(GraphQLError(message))
    }

    mutating func run() {
        if schema.queryType == nil { report("Query root type must be provided.") }
        for directive in schema.directives { validate(directive) }
        var cycles = InputObjectCycleDetector(schema: schema)
        for type in schema.types where !SchemaValidator.introspectionTypeNames.contains(type.name) {
            validateName(type.name)
            switch type {
            case .object(let object):
                validateFields(object.fields, typeName: object.name)
                validateInterfaces(of: type)
            case .interface(let interface):
                validateFields(interface.fields, typeName: interface.name)
                validateInterfaces(of: type)
            case .union(let union):
                validateMembers(of: union)
            case .enumeration(let enumType):
                if enumType.values.isEmpty { report("Enum type \(enumType.name) must define one or more values.") }
                for value in enumType.values { validateName(value.name) }
            case .inputObject(let inputObject):
                validateInputFields(of: inputObject)
                for message in cycles.detect(from: inputObject) { report(message) }
            case .scalar:
                continue
            }
        }
    }

    static let introspectionTypeNames = Set(IntrospectionTypeDefinitions.all.map(\.name))

    mutating func validateName(_ name: String) {
        if name.hasPrefix("__") {
            report("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.")
        }
    }

    private mutating func validate(_ directive: GraphQLDirective) {
        validateName(directive.name)
        for argument in directive.arguments {
            validateName(argument.name)
            if !schema[argument.type].isInputType {
                report(
                    "The type of @\(directive.name)(\(argument.name):) must be Input Type but got: \(schema.typeString(argument.type)).")
            }
            if argument.isRequired, argument.deprecationReason != nil {
                report("Required argument @\(directive.name)(\(argument.name):) cannot be deprecated.")
            }
        }
    }

    private mutating func validateFields(_ fields: [GraphQLField], typeName: String) {
        if fields.isEmpty { report("Type \(typeName) must define one or more fields.") }
        for field in fields {
            validateName(field.name)
            if !schema[field.type].isOutputType {
                report(
                    "The type of \(typeName).\(field.name) must be Output Type but got: \(schema.typeString(field.type)).")
            }
            for argument in field.arguments {
                validateName(argument.name)
                if !schema[argument.type].isInputType {
                    report(
                        "The type of \(typeName).\(field.name)(\(argument.name):) must be Input Type but got: \(schema.typeString(argument.type)).")
                }
                if argument.isRequired, argument.deprecationReason != nil {
                    report("Required argument \(typeName).\(field.name)(\(argument.name):) cannot be deprecated.")
                }
            }
        }
    }

    private mutating func validateMembers(of union: GraphQLUnionType) {
        if union.members.isEmpty { report("Union type \(union.name) must define one or more member types.") }
        var seen: Set<TypeID> = []
        for member in union.members {
            if !seen.insert(member).inserted {
                report("Union type \(union.name) can only include type \(schema[member].name) once.")
                continue
            }
            if schema[member].asObject == nil {
                report(
                    "Union type \(union.name) can only include Object types, it cannot include \(schema[member].name).")
            }
        }
    }

    private mutating func validateInputFields(of inputObject: GraphQLInputObjectType) {
        if inputObject.fields.isEmpty {
            report("Input Object type \(inputObject.name) must define one or more fields.")
        }
        for field in inputObject.fields {
            validateName(field.name)
            if !schema[field.type].isInputType {
                report(
                    "The type of \(inputObject.name).\(field.name) must be Input Type but got: \(schema.typeString(field.type)).")
            }
            if field.isRequired, field.deprecationReason != nil {
                report("Required input field \(inputObject.name).\(field.name) cannot be deprecated.")
            }
            if inputObject.isOneOf {
                if field.type.isNonNull {
                    report("OneOf input field \(inputObject.name).\(field.name) must be nullable.")
                }
                if field.defaultValue != nil {
                    report("OneOf input field \(inputObject.name).\(field.name) cannot have a default value.")
                }
            }
        }
    }
}
