import GraphQLLanguage
import GraphQLType

/// The `Upload` scalar (schema/media.graphql): a file of a multipart request
/// (GraphQL multipart request spec). Its input coercion (spec §3.5.1 "Custom
/// scalars") accepts only the placeholder of a file uploaded with THIS
/// request, so a JSON request passing any string for an `Upload` variable
/// fails variable coercion (spec §6.1.2 "Coercing Variable Values") with a
/// request error. Resolvers turn the placeholder into the file with
/// ``QuarryContext/upload(_:)``.
public enum UploadScalar {
    public static let coercion = GraphQLScalarCoercion(
        serialize: { _ in
            throw ScalarCoercionError("Upload is an input-only scalar: a file cannot be part of a response.")
        },
        parseValue: { value in
            guard case .string(let placeholder) = value, RequestUploads.current[placeholder] != nil else {
                throw ScalarCoercionError(
                    "Upload value invalid: send the file as a part of a multipart/form-data request "
                        + "(GraphQL multipart request spec) mapped to this variable."
                )
            }
            return value
        },
        parseLiteral: { _, _ in
            throw ScalarCoercionError("Upload cannot be written in the document: pass the file as a variable.")
        }
    )
}
