import Foundation
import SpotterCore
import Testing

@Suite("YouTubeVideo: which links are accepted as exercise videos")
struct YouTubeVideoTests {
    static let id = "dQw4w9WgXcQ"
    static let canonical = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"

    @Test(
        "Watch, short and shorts links are accepted and give the canonical watch page",
        arguments: [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com/watch?v=dQw4w9WgXcQ",
            "http://youtube.com/watch?v=dQw4w9WgXcQ",
            "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
            "http://m.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s",
            "https://www.youtube.com/watch?t=30s&v=dQw4w9WgXcQ",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=42",
            "www.youtube.com/watch?v=dQw4w9WgXcQ",
            "youtube.com/watch?v=dQw4w9WgXcQ",
            "m.youtube.com/watch?v=dQw4w9WgXcQ",
            "HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ",
            "http://youtu.be/dQw4w9WgXcQ",
            "youtu.be/dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ?t=30",
            "https://youtu.be/dQw4w9WgXcQ?si=abcdef",
            "https://www.youtube.com/shorts/dQw4w9WgXcQ",
            "https://youtube.com/shorts/dQw4w9WgXcQ",
            "youtube.com/shorts/dQw4w9WgXcQ",
            "https://youtube.com/shorts/dQw4w9WgXcQ?feature=share",
            "  https://youtu.be/dQw4w9WgXcQ \n",
        ])
    func accepted(_ text: String) throws {
        let video = try #require(YouTubeVideo(parsing: text))
        #expect(video.id == Self.id)
        #expect(video.watchURL == Self.canonical)
    }

    @Test("Ids keep their case and may contain - and _")
    func idAlphabet() throws {
        let video = try #require(YouTubeVideo(parsing: "https://youtu.be/a-B_c9D-e_F"))
        #expect(video.id == "a-B_c9D-e_F")
        #expect(video.watchURL == "https://www.youtube.com/watch?v=a-B_c9D-e_F")
    }

    @Test(
        "Look-alike hosts are rejected",
        arguments: [
            "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com.evil.com/watch?v=dQw4w9WgXcQ",
            "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.co/watch?v=dQw4w9WgXcQ",
            "https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ",
            "evil.com/youtube.com/watch?v=dQw4w9WgXcQ",
            "https://evil.com/?u=youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com@evil.com/watch?v=dQw4w9WgXcQ",
            "https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtu.be.evil.com/dQw4w9WgXcQ",
            "youtu.be.evil.com/dQw4w9WgXcQ",
            "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com./watch?v=dQw4w9WgXcQ",
        ])
    func lookAlikesRejected(_ text: String) {
        #expect(YouTubeVideo(parsing: text) == nil)
    }

    @Test(
        "Malformed ids are rejected",
        arguments: [
            "https://www.youtube.com/watch?v=dQw4w9WgXc",  // 10 characters
            "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",  // 12 characters
            "https://www.youtube.com/watch?v=",
            "https://youtu.be/dQw4w9WgXc",
            "https://youtu.be/dQw4w9WgXcQQ",
            "https://youtu.be/",
            "https://www.youtube.com/shorts/dQw4w9WgXc",
            "https://www.youtube.com/watch?v=dQw4w9WgX.Q",  // bad character
            "https://www.youtube.com/watch?v=dQw4w9WgXc%20",  // eleventh character is a space
            "https://youtu.be/dQw4w9WgX%3CQ",  // eleven characters, one is <
            "https://youtu.be/dQw4w9WgXé",  // non-ASCII
            "https://www.youtube.com/watch?v=<script>xyz",  // eleven characters, but not an id
        ])
    func badIdsRejected(_ text: String) {
        #expect(YouTubeVideo(parsing: text) == nil)
    }

    @Test(
        "Other paths on YouTube are rejected",
        arguments: [
            "https://www.youtube.com/watch",
            "https://www.youtube.com/watch?t=30s",
            "https://www.youtube.com/watch?vv=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ",  // embed links are not accepted
            "https://www.youtube.com/v/dQw4w9WgXcQ",
            "https://www.youtube.com/dQw4w9WgXcQ",
            "https://www.youtube.com/",
            "https://www.youtube.com/shorts/",
            "https://www.youtube.com/shorts/dQw4w9WgXcQ/extra",
            "https://www.youtube.com/channel/dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ/extra",
            "https://youtu.be/watch?v=dQw4w9WgXcQ",
        ])
    func otherPathsRejected(_ text: String) {
        #expect(YouTubeVideo(parsing: text) == nil)
    }

    @Test(
        "Other schemes, ports and junk are rejected",
        arguments: [
            "",
            "   ",
            "dQw4w9WgXcQ",
            "javascript:alert(1)",
            "javascript://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "javascript:youtube.com/watch?v=dQw4w9WgXcQ",
            "ftp://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "file:///watch?v=dQw4w9WgXcQ",
            "data:text/html,youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com:443/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com:8080/watch?v=dQw4w9WgXcQ",
            "youtube.com:8080/watch?v=dQw4w9WgXcQ",
            "https://youtu.be:443/dQw4w9WgXcQ",
            "https://",
            "not a link at all",
        ])
    func junkRejected(_ text: String) {
        #expect(YouTubeVideo(parsing: text) == nil)
    }

    @Test("Very long input is rejected before parsing")
    func overlongRejected() {
        let long = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&pad=" + String(repeating: "a", count: 300)
        #expect(YouTubeVideo(parsing: long) == nil)
    }

    @Test("init(id:) accepts exactly eleven id characters")
    func initWithID() {
        #expect(YouTubeVideo(id: "dQw4w9WgXcQ")?.id == "dQw4w9WgXcQ")
        #expect(YouTubeVideo(id: "dQw4w9WgXc") == nil)
        #expect(YouTubeVideo(id: "dQw4w9WgXcQQ") == nil)
        #expect(YouTubeVideo(id: "dQw4w9WgX Q") == nil)
        #expect(YouTubeVideo(id: "") == nil)
    }

    @Test("Two links to the same video are equal")
    func equality() {
        #expect(
            YouTubeVideo(parsing: "youtu.be/dQw4w9WgXcQ")
                == YouTubeVideo(parsing: "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1"))
        #expect(YouTubeVideo(parsing: "youtu.be/dQw4w9WgXcQ") != YouTubeVideo(parsing: "youtu.be/aaaaaaaaaaa"))
    }

    @Test("JSON holds the canonical watch link and reads any accepted form")
    func codable() throws {
        let video = try #require(YouTubeVideo(parsing: "youtu.be/dQw4w9WgXcQ"))
        let data = try JSONEncoder().encode([video])
        #expect(try JSONDecoder().decode([String].self, from: data) == ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"])
        #expect(try JSONDecoder().decode([YouTubeVideo].self, from: data) == [video])

        let short = Data(#"["https://youtube.com/shorts/dQw4w9WgXcQ"]"#.utf8)
        #expect(try JSONDecoder().decode([YouTubeVideo].self, from: short) == [video])
    }

    @Test("JSON with a link that is not YouTube fails to decode")
    func decodingRejectsOtherLinks() {
        let data = Data(#"["https://evil.com/watch?v=dQw4w9WgXcQ"]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([YouTubeVideo].self, from: data) }
    }
}
