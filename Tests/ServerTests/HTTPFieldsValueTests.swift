import HTTPTypes
import Testing

@testable import Server

@Suite("Header values")
struct HTTPFieldsValueTests {
    @Test("one field's value as it is, none as nil, names in any letter case")
    func singleField() {
        let fields: HTTPFields = [.contentType: "application/json", .accept: "*/*"]
        #expect(fields.value(.contentType) == "application/json")
        #expect(fields.value(HTTPField.Name("CONTENT-TYPE")!) == "application/json")
        #expect(fields.value(.authorization) == nil)
        #expect(HTTPFields().value(.accept) == nil)
    }

    @Test("repeated fields joined with a comma and a space (RFC 9110 §5.3), cookies with a semicolon (RFC 6265 §5.4)")
    func repeatedFields() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .accept, value: "application/json"))
        fields.append(HTTPField(name: .userAgent, value: "tests"))
        fields.append(HTTPField(name: .accept, value: "text/html;q=0.5"))
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        #expect(fields.value(.accept) == "application/json, text/html;q=0.5")
        #expect(fields.value(.cookie) == "a=1; b=2")
        #expect(fields.value(.userAgent) == "tests")
    }
}
