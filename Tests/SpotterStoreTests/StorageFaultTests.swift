import Foundation
import NIOCore
import SQLiteNIO
import Testing

@testable import SpotterStore

/// Which errors are the machine's (answered 503, "send it again") and which are not.
@Suite("Storage fault classification")
struct StorageFaultClassificationTests {
    @Test("SQLite's full, read-only, I/O and open errors are storage faults, plain or extended")
    func sqliteCodes() {
        #expect(StorageFault(sqlite: .full) == .full)
        #expect(StorageFault(sqlite: .readOnly) == .readOnly)
        #expect(StorageFault(sqlite: .readonlyDirectory) == .readOnly)
        #expect(StorageFault(sqlite: .ioError) == .ioError)
        #expect(StorageFault(sqlite: .ioErrorFailedWrite) == .ioError)
        #expect(StorageFault(sqlite: .ioErrorFailedSync) == .ioError)
        #expect(StorageFault(sqlite: .cantOpen) == .ioError)
        #expect(StorageFault(sqlite: .noMemory) == .outOfResources)
    }

    @Test("constraint, busy, corrupt and misuse errors are not storage faults")
    func sqliteOthers() {
        for reason: SQLiteError.Reason in [
            .constraint, .constraintForeignKeyFailed, .busy, .busyTimeout, .locked, .corrupt, .misuse, .error, .tooBig,
        ] {
            #expect(StorageFault(sqlite: reason) == nil, "\(reason)")
        }
    }

    @Test("PostgreSQL's classes 53 and 58 and a read-only transaction are storage faults; other states are not")
    func sqlStates() {
        #expect(StorageFault(sqlState: "53100") == .full)
        #expect(StorageFault(sqlState: "53200") == .outOfResources)
        #expect(StorageFault(sqlState: "53300") == .outOfResources)
        #expect(StorageFault(sqlState: "53400") == .outOfResources)
        #expect(StorageFault(sqlState: "58030") == .ioError)
        #expect(StorageFault(sqlState: "58P01") == .ioError)
        #expect(StorageFault(sqlState: "25006") == .readOnly)
        for state in ["23505", "23503", "40001", "40P01", "22P02", "42P01", "57014", "08006"] {
            #expect(StorageFault(sqlState: state) == nil, "\(state)")
        }
    }

    @Test("a full or read-only disk met through files (NIO, POSIX, Foundation) is a storage fault")
    func fileErrors() {
        #expect(StorageFault(IOError(errnoCode: ENOSPC, reason: "write")) == .full)
        #expect(StorageFault(IOError(errnoCode: EDQUOT, reason: "write")) == .full)
        #expect(StorageFault(IOError(errnoCode: EROFS, reason: "open")) == .readOnly)
        #expect(StorageFault(IOError(errnoCode: EIO, reason: "fsync")) == .ioError)
        #expect(StorageFault(IOError(errnoCode: ECONNRESET, reason: "read")) == nil)
        #expect(StorageFault(POSIXError(.ENOSPC)) == .full)
        #expect(StorageFault(CocoaError(.fileWriteOutOfSpace)) == .full)
        #expect(StorageFault(CocoaError(.fileWriteVolumeReadOnly)) == .readOnly)
        let wrapped = CocoaError(
            .fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])
        #expect(StorageFault(wrapped) == .full)
        #expect(StorageFault(CocoaError(.fileNoSuchFile)) == nil)
        #expect(StorageFault(StoreError.busy) == nil, "busy is its own 503: another writer, not the disk")
    }
}
