import CompressNIO
import Hummingbird
import NIOCore

/// One gzip stream over zlib (through CompressNIO): bytes in, compressed chunks out.
final class GzipStream {
    /// The size of each compressed chunk a streamed body sends.
    static let chunkSize = 16 * 1024
    /// A body of known length up to this size is compressed whole, keeping a Content-Length.
    static let wholeBodyLimit = 8 * 1024 * 1024

    private let compressor: ZlibCompressor
    private var output = ByteBufferAllocator().buffer(capacity: GzipStream.chunkSize)

    init() throws {
        compressor = try ZlibCompressor(algorithm: .gzip)
    }

    /// Compresses `input`. Returns the chunks it filled; with `finish`, everything
    /// left too, ending the stream.
    func compress(_ input: ByteBuffer, finish: Bool) throws -> [ByteBuffer] {
        var input = input
        var chunks: [ByteBuffer] = []
        guard finish || input.readableBytes > 0 else { return chunks }
        while true {
            if output.writableBytes == 0 {
                chunks.append(output)
                output = ByteBufferAllocator().buffer(capacity: Self.chunkSize)
            }
            do {
                try compressor.deflate(from: &input, to: &output, flush: finish ? .finish : .no)
                // Without `finish` zlib may keep bytes back for later; with it, this is the stream's end.
                if finish || (input.readableBytes == 0 && output.writableBytes > 0) { break }
            } catch let error as CompressNIOError where error == .bufferOverflow {
                // The chunk is full: the next round starts another. Anything else is zlib's own error.
                guard output.writableBytes == 0 else { throw error }
            }
        }
        if finish, output.readableBytes > 0 { chunks.append(output) }
        return chunks
    }

    /// The gzip form of a response body: whole when its length is known and small,
    /// otherwise compressed as the original streams.
    static func compress(_ body: ResponseBody) async throws -> ResponseBody {
        if let length = body.contentLength, length <= wholeBodyLimit {
            let collector = BodyCollector()
            try await body.write(collector)
            let stream = try GzipStream()
            return ResponseBody(contentsOf: try stream.compress(collector.bytes.buffer, finish: true))
        }
        return ResponseBody { writer in
            try await body.write(GzipBodyWriter(parent: writer, stream: try GzipStream()))
        }
    }
}

/// Compresses what a streamed body writes and passes the chunks on.
private struct GzipBodyWriter: ResponseBodyWriter {
    var parent: any ResponseBodyWriter
    let stream: GzipStream

    mutating func write(_ buffer: ByteBuffer) async throws {
        let chunks = try stream.compress(buffer, finish: false)
        if !chunks.isEmpty { try await parent.write(contentsOf: chunks) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await parent.write(contentsOf: try stream.compress(ByteBuffer(), finish: true))
        try await parent.finish(trailingHeaders)
    }
}

/// Holds what a body of known length writes, to compress it whole.
private struct BodyCollector: ResponseBodyWriter {
    final class Bytes {
        var buffer = ByteBuffer()
    }
    let bytes = Bytes()

    mutating func write(_ buffer: ByteBuffer) async throws {
        var incoming = buffer
        bytes.buffer.writeBuffer(&incoming)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
