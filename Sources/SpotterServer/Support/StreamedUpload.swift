import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import SpotterStore

/// A `multipart/form-data` upload read as it arrives: the text fields are kept, the
/// one file field is written straight to disk, so a large file is never held in
/// memory. Bytes past `limit` are read and dropped (up to `drainFactor` times the
/// limit), so the browser still gets the answer that says the file is too large.
struct StreamedUpload: Sendable {
    /// The text fields, in the order sent.
    private(set) var fields: [(name: String, value: String)] = []
    /// The file's name as the browser gave it; nil when no file was chosen.
    private(set) var fileName: String?
    /// Bytes of the file received (all of them, also those dropped past the limit).
    private(set) var fileBytes = 0
    let limit: Int

    /// More text than any of these forms sends: a larger form is refused.
    static let textLimit = 64 * 1024
    /// Past this many times the limit the rest of a file is not even read: the
    /// connection is cut rather than kept busy.
    static let drainFactor = 4

    var tooLarge: Bool { fileBytes > limit }

    private enum Part: Equatable {
        case file
        case text(String)
        /// Another file field, or a part without a name.
        case ignored
    }

    private static let storeFailure = APIProblem(
        status: .internalServerError, code: "internal", message: "The upload could not be stored. Nothing was changed; try again."
    )

    func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Reads the body, writing the file field `fileField` to `destination` (at most
    /// `limit + 1` bytes). `beforeFile` sees the text fields sent before the file and
    /// may refuse before a byte of it is kept; it also runs at the end when no file came.
    static func receive(
        _ request: Request, fileField: String, to destination: URL, limit: Int,
        beforeFile: @escaping (StreamedUpload) throws -> Void
    ) async throws -> StreamedUpload {
        let contentType = request.headers[.contentType] ?? ""
        guard let boundary = MultipartForm.boundary(in: contentType) else {
            throw APIProblem(status: .badRequest, code: "bad_request", message: "The form upload has no boundary.")
        }
        let output = try openDestination(destination)
        defer { try? output.close() }

        var upload = StreamedUpload(limit: limit)
        var headers: [String: String] = [:]
        var part: Part?
        var text: [UInt8] = []
        var textTotal = 0
        var checked = false
        var failure: (any Error)?
        /// What the part whose headers just ended is, decided once.
        func currentPart() -> Part {
            if let part { return part }
            let disposition = headers["content-disposition"] ?? ""
            let name = MultipartForm.parameter("name", in: disposition)
            let filename = MultipartForm.parameter("filename", in: disposition)
            let started: Part =
                filename != nil && name == fileField ? .file : name.map { filename == nil ? .text($0) : .ignored } ?? .ignored
            part = started
            if started == .file, failure == nil {
                upload.fileName = filename
                checked = true
                do { try beforeFile(upload) } catch { failure = error }
            }
            return started
        }
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { chunk in
            let part = currentPart()
            guard failure == nil else { return }
            switch part {
            case .file:
                failure = append(chunk, to: output, upload: &upload)
            case .text:
                textTotal += chunk.readableBytes
                guard textTotal <= textLimit else {
                    failure = APIProblem(
                        status: .contentTooLarge, code: "too_large", message: "The form is larger than this page ever sends.")
                    return
                }
                text.append(contentsOf: chunk.readableBytesView)
            case .ignored:
                break
            }
        }
        parser.onPartComplete = {
            if case .text(let name) = currentPart(), failure == nil {
                upload.fields.append((name, String(decoding: text, as: UTF8.self)))
            }
            part = nil
            headers = [:]
            text = []
        }
        for try await chunk in request.body {
            do {
                try parser.execute(chunk)
            } catch {
                throw APIProblem(status: .badRequest, code: "bad_request", message: "The form upload could not be read.")
            }
            if let failure { throw failure }
        }
        if !checked { try beforeFile(upload) }
        // A file field with no name and no bytes is the browser saying no file was chosen.
        if upload.fileName == "", upload.fileBytes == 0 { upload.fileName = nil }
        return upload
    }

    /// Reads a body that is the file itself (an API upload, not a form) to
    /// `destination`, kept and counted as `receive` keeps the file field.
    static func receiveRaw(_ request: Request, fileName: String, to destination: URL, limit: Int) async throws -> StreamedUpload {
        let output = try openDestination(destination)
        defer { try? output.close() }
        var upload = StreamedUpload(limit: limit)
        upload.fileName = fileName
        for try await chunk in request.body {
            if let failure = append(chunk, to: output, upload: &upload) { throw failure }
        }
        return upload
    }

    /// Writes what fits of a file's chunk (up to `limit + 1` bytes in all) and counts
    /// it; the error that ends the upload, if any.
    private static func append(_ chunk: ByteBuffer, to output: FileHandle, upload: inout StreamedUpload) -> (any Error)? {
        let room = upload.limit + 1 - upload.fileBytes
        upload.fileBytes += chunk.readableBytes
        guard upload.fileBytes <= upload.limit * drainFactor else {
            return APIProblem(
                status: .contentTooLarge, code: "too_large", message: "The file is far larger than an import takes.")
        }
        guard room > 0 else { return nil }
        do {
            try chunk.withUnsafeReadableBytes { try output.write(contentsOf: UnsafeRawBufferPointer(rebasing: $0.prefix(room))) }
        } catch {
            return StorageFault(error) ?? storeFailure
        }
        return nil
    }

    /// A new, empty file at `destination`; a full or read-only disk is a storage fault
    /// (503: the same upload succeeds once there is room), anything else a failure.
    private static func openDestination(_ destination: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw StorageFault(errno: errno) ?? storeFailure
        }
        do {
            return try FileHandle(forWritingTo: destination)
        } catch {
            throw StorageFault(error) ?? storeFailure
        }
    }
}

extension Request {
    /// The body's length as the client announced it, if it did.
    var expectedBodyBytes: Int? {
        headers[.contentLength].flatMap { Int($0) }
    }
}
