import Foundation
import Logging

/// `--log-format json`: one JSON object per line, for log shippers (journald to
/// Loki, Vector, ...): `time` (UTC, milliseconds), `level`, `label`, `message`, the
/// request's `request_id` when there is one, and every other metadata field by
/// its name.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    let write: @Sendable (String) -> Void

    /// Writes through `writer` (standard output unless told), a whole line at a time;
    /// a line that cannot be written is dropped (`LogLineWriter`).
    public init(label: String, writer: LogLineWriter = .standardOutput) {
        self.init(label: label) { line in writer.write(line) }
    }

    /// Writes each line (ending in a newline) through `write`: tests collect them.
    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { _, new in new } }
        if let extra = event.metadata { fields.merge(extra) { _, new in new } }
        var object: [String: Any] = [:]
        for (key, value) in fields {
            object[key == RequestLogMiddleware.metadataKey ? "request_id" : key] = Self.plain(value)
        }
        object["time"] = Self.time(Date())
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = event.message.description
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        write(String(decoding: data, as: UTF8.self) + "\n")
    }

    private static func plain(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let value): value.description
        case .array(let values): values.map(plain)
        case .dictionary(let values): values.mapValues(plain)
        }
    }

    private static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
