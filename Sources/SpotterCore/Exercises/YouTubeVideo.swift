import Foundation

/// A link to a YouTube video, accepted only in the forms YouTube itself hands out:
/// `youtube.com/watch?v=ID`, `youtu.be/ID` and `youtube.com/shorts/ID`, with or
/// without `www.` or `m.`, over http or https. Anything else (other hosts that
/// merely contain "youtube", user-info tricks, malformed ids) is rejected.
public struct YouTubeVideo: Sendable, Hashable, Codable {
    /// The eleven-character video id.
    public let id: String

    public init?(id: String) {
        guard YouTubeVideo.isValidID(id) else { return nil }
        self.id = id
    }

    public init?(parsing text: String) {
        var candidate = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !candidate.isEmpty, candidate.count <= 300 else { return nil }
        if !candidate.lowercased().hasPrefix("http://") && !candidate.lowercased().hasPrefix("https://") {
            guard !candidate.contains("://") else { return nil }
            candidate = "https://" + candidate
        }
        guard let components = URLComponents(string: candidate),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.user == nil, components.password == nil, components.port == nil,
            let host = components.host?.lowercased()
        else { return nil }
        let pathParts = components.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let videoID: String?
        switch host {
        case "youtube.com", "www.youtube.com", "m.youtube.com":
            if components.path == "/watch" {
                videoID = components.queryItems?.first { $0.name == "v" }?.value
            } else if pathParts.count == 2, pathParts.first == "shorts" {
                videoID = String(pathParts.last!)
            } else {
                videoID = nil
            }
        case "youtu.be", "www.youtu.be":
            videoID = pathParts.count == 1 ? String(pathParts.first!) : nil
        default:
            videoID = nil
        }
        guard let videoID, let video = YouTubeVideo(id: videoID) else { return nil }
        self = video
    }

    /// The link shown as "See video": always the canonical watch page.
    public var watchURL: String { "https://www.youtube.com/watch?v=\(id)" }

    static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 11
            && id.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let video = YouTubeVideo(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YouTube link")
        }
        self = video
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(watchURL)
    }
}
