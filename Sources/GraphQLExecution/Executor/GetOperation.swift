import GraphQLLanguage

/// GetOperation (spec §6.1): the operation to execute, with graphql-js's messages.
func getOperation(_ document: DocumentNode, operationName: String?) -> Result<OperationDefinitionNode, GraphQLError> {
    let operations = document.operations
    if let operationName {
        guard let operation = operations.first(where: { $0.name?.value == operationName }) else {
            return .failure(GraphQLError("Unknown operation named \"\(operationName)\"."))
        }
        return .success(operation)
    }
    switch operations.count {
    case 0: return .failure(GraphQLError("Must provide an operation."))
    case 1: return .success(operations[0])
    default: return .failure(GraphQLError("Must provide operation name if query contains multiple operations."))
    }
}
