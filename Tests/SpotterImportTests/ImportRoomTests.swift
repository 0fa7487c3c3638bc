import Foundation
import SpotterImport
import Testing

/// How much room exports waiting for their import may take (`ImportRoom`), with
/// numbers checked by hand.
@Suite("Import room")
struct ImportRoomTests {
    let mb = 1 << 20
    let day = Date(timeIntervalSince1970: 1_790_000_000)

    func waiting(_ token: String, _ megabytes: Int, minutes: Double) -> ImportRoom.Waiting {
        ImportRoom.Waiting(token: token, bytes: megabytes * mb, uploadedAt: day.addingTimeInterval(minutes * 60))
    }

    @Test("a lifter keeps three waiting exports: a fourth takes the place of the oldest")
    func count() {
        let room = ImportRoom(perLifter: 3, bytesPerLifter: 64 * mb)
        let three = [waiting("c", 1, minutes: 20), waiting("a", 1, minutes: 0), waiting("b", 1, minutes: 10)]
        #expect(room.making(roomFor: mb, among: []) == [])
        #expect(room.making(roomFor: mb, among: Array(three.prefix(2))) == [], "two waiting: room for a third")
        #expect(room.making(roomFor: mb, among: three) == ["a"], "the oldest goes, whatever order they come in")
    }

    @Test("a lifter's waiting exports stay within their bytes: 30 + 20 MB waiting, 40 MB more makes both older ones go")
    func bytes() {
        let room = ImportRoom(perLifter: 3, bytesPerLifter: 64 * mb)
        let held = [waiting("old", 30, minutes: 0), waiting("newer", 20, minutes: 5)]
        // 30 + 20 + 40 = 90 > 64; without "old" 20 + 40 = 60 <= 64.
        #expect(room.making(roomFor: 40 * mb, among: held) == ["old"])
        // 30 + 20 + 14 = 64: fits exactly.
        #expect(room.making(roomFor: 14 * mb, among: held) == [])
        // 64 MB alone takes the whole share.
        #expect(room.making(roomFor: 64 * mb, among: held) == ["old", "newer"])
    }

    @Test("seven 2.56 MB uploads by one lifter (the issue's attack) leave three waiting, 7.68 MB")
    func sevenUploads() {
        let room = ImportRoom()
        let size = 2_560_000
        var held: [ImportRoom.Waiting] = []
        for n in 0..<7 {
            let gone = Set(room.making(roomFor: size, among: held))
            held =
                held.filter { !gone.contains($0.token) } + [
                    ImportRoom.Waiting(token: "u\(n)", bytes: size, uploadedAt: day.addingTimeInterval(Double(n)))
                ]
        }
        #expect(held.map(\.token) == ["u4", "u5", "u6"])
        #expect(held.reduce(0) { $0 + $1.bytes } == 7_680_000)
    }

    @Test("the server takes uploads until everyone's waiting ones reach its share")
    func server() {
        let room = ImportRoom(perLifter: 3, bytesPerLifter: 64 * mb, bytesOnServer: 1024 * mb)
        #expect(room.serverTakes(64 * mb, waitingOnServer: 960 * mb))
        #expect(!room.serverTakes(64 * mb, waitingOnServer: 961 * mb))
    }

    @Test("a disk keeps a tenth free, at least 8 MB and at most 1 GB; an upload counts twice")
    func disk() {
        #expect(ImportRoom.reserve(volume: 20 * mb) == 8 * mb, "a 20 MB volume: a tenth is 2 MB, so 8")
        #expect(ImportRoom.reserve(volume: 1000 * mb) == 100 * mb)
        #expect(ImportRoom.reserve(volume: 500 * 1024 * mb) == 1024 * mb, "500 GB: a tenth would be 50 GB, so 1 GB")
        // 40 MB volume, 20 MB free: 20 - 2 x 5 = 10 >= 8, takes 5 MB; 20 - 2 x 7 = 6 < 8, not 7 MB.
        #expect(ImportRoom.diskTakes(5 * mb, free: 20 * mb, volume: 40 * mb))
        #expect(!ImportRoom.diskTakes(7 * mb, free: 20 * mb, volume: 40 * mb))
    }
}
