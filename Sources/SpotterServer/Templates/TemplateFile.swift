import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Template files as downloads.
enum TemplateFile {
    static let sizeLimit = 5 * 1024 * 1024

    static func response(_ document: TemplateExchange, fileName: String) throws -> Response {
        let encoder = JSONCoding.encoder
        // A file a person may open: one value per line.
        encoder.outputFormatting.formUnion([.prettyPrinted, .withoutEscapingSlashes])
        let data = try encoder.encode(document)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"\(fileName)\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// "push-day.spotter-template.json": ASCII letters and digits of the name only,
    /// so every browser shows the file name as it is.
    static func name(for template: WorkoutTemplate) -> String {
        let slug = template.name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        return (slug.isEmpty ? "template" : String(slug.prefix(60))) + ".spotter-template.json"
    }
}

extension TemplateFile {
    /// A download of one template (or a preset), or of all the user's templates
    /// (archived ones too) when `id` is nil.
    static func response(exporting id: UUID?, user: User, service: TemplateService) async throws -> Response {
        guard let id else {
            let all = try await service.all(user: user)
            return try response(try await service.export(all, user: user), fileName: "spotter-templates.json")
        }
        let template = try await service.find(id, user: user)
        return try response(try await service.export([template], user: user), fileName: name(for: template))
    }
}

extension SignedInContext {
    /// The `id` path parameter of a template route; a malformed one is a 404.
    func templateID() throws -> UUID {
        try parameters.uuid("id", resource: "The template")
    }
}
