import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import SpotterCore

/// A `multipart/form-data` body: text fields and at most a few uploaded files.
struct MultipartForm: Sendable {
    struct Part: Sendable {
        var name: String
        var filename: String?
        var body: [UInt8]
    }

    private(set) var parts: [Part] = []

    init(buffer: ByteBuffer, contentType: String) throws {
        guard let boundary = Self.boundary(in: contentType) else {
            throw APIProblem(status: .badRequest, code: "bad_request", message: "The form upload has no boundary.")
        }
        var collected: [Part] = []
        var headers: [String: String] = [:]
        var body: [UInt8] = []
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { chunk in body.append(contentsOf: chunk.readableBytesView) }
        parser.onPartComplete = {
            let disposition = headers["content-disposition"] ?? ""
            if let name = Self.parameter("name", in: disposition) {
                collected.append(Part(name: name, filename: Self.parameter("filename", in: disposition), body: body))
            }
            headers = [:]
            body = []
        }
        do {
            try parser.execute(buffer)
        } catch {
            throw APIProblem(status: .badRequest, code: "bad_request", message: "The form upload could not be read.")
        }
        parts = collected
    }

    func value(_ name: String) -> String? {
        parts.first { $0.name == name && $0.filename == nil }.map { String(decoding: $0.body, as: UTF8.self) }
    }

    /// Every text field (not the files), in the order sent.
    var textFields: [(name: String, value: String)] {
        parts.filter { $0.filename == nil }.map { ($0.name, String(decoding: $0.body, as: UTF8.self)) }
    }

    func values(_ name: String) -> [String] {
        parts.filter { $0.name == name && $0.filename == nil }.map { String(decoding: $0.body, as: UTF8.self) }
    }

    /// The bytes of an uploaded file; nil when the field is missing or no file was chosen.
    func file(_ name: String) -> [UInt8]? {
        guard let part = parts.first(where: { $0.name == name && $0.filename != nil }),
            !(part.filename ?? "").isEmpty || !part.body.isEmpty
        else { return nil }
        return part.body
    }

    static func boundary(in contentType: String) -> String? {
        parameter("boundary", in: contentType)
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix(key.lowercased() + "=") else { continue }
            var value = String(trimmed.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }
}

/// The fields of a submitted page form, url-encoded or multipart alike.
struct SubmittedForm: Sendable {
    private let encoded: URLEncodedForm?
    private let multipart: MultipartForm?

    static func read(_ request: inout Request) async throws -> SubmittedForm {
        guard let kind = FormLimits.Kind(request) else { return SubmittedForm(encoded: URLEncodedForm(""), multipart: nil) }
        return try await read(&request, kind: kind, limit: kind.limit)
    }

    /// The form in the body, at most `limit` bytes (413 past it). The body is
    /// collected and kept on the request, so the handler reads it again for free
    /// after the CSRF check.
    static func read(_ request: inout Request, kind: FormLimits.Kind, limit: Int) async throws -> SubmittedForm {
        let buffer = try await request.collectBody(upTo: limit)
        let form: SubmittedForm
        switch kind {
        case .multipart:
            form = SubmittedForm(
                encoded: nil, multipart: try MultipartForm(buffer: buffer, contentType: request.headers[.contentType] ?? ""))
        case .urlEncoded:
            form = SubmittedForm(encoded: URLEncodedForm(buffer: buffer), multipart: nil)
        }
        try form.checkPlainText()
        return form
    }

    /// Refuses a form whose text fields hold control characters (uploaded files are
    /// checked by whatever reads them).
    private func checkPlainText() throws {
        let fields = encoded?.fields ?? multipart?.textFields ?? []
        for field in fields {
            if let issue = PlainText.issue(field: field.name, in: field.name + field.value) {
                throw SpotterError.invalid(ValidationFailure([issue]))
            }
        }
    }

    subscript(_ name: String) -> String {
        encoded?.value(name) ?? multipart?.value(name) ?? ""
    }

    /// A number box as typed (a decimal comma read as a point): nil when empty, and
    /// text that is not a number kept as not-a-number, so the rule says what is wrong.
    func number(_ name: String) -> Double? {
        let text = self[name].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        return text.isEmpty ? nil : Double(text) ?? .nan
    }

    func values(_ name: String) -> [String] {
        encoded?.values(name) ?? multipart?.values(name) ?? []
    }

    func file(_ name: String) -> [UInt8]? {
        multipart?.file(name)
    }
}
