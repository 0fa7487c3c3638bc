import Foundation
import NIOCore
import PostgresNIO
import SQLiteNIO

/// A write the database could not make because of the machine, not the data: the
/// disk is full, the file turned read-only, the disk failed, PostgreSQL ran out of
/// room or memory. Nothing was written (the transaction rolled back), the request
/// was fine, and the same request succeeds once the machine is mended, so the
/// client is told to send it again (503) instead of being told it failed for good
/// (500), which the web app's outbox would have taken as "drop this change".
public enum StorageFault: Error, Equatable, Sendable {
    /// SQLITE_FULL, ENOSPC or EDQUOT, PostgreSQL's 53100 disk_full.
    case full
    /// SQLITE_READONLY (a file or folder turned read-only), EROFS, or PostgreSQL in a
    /// read-only transaction (25006: a standby after a failover).
    case readOnly
    /// SQLITE_IOERR, SQLITE_CANTOPEN, EIO, PostgreSQL's class 58 (system errors).
    case ioError
    /// PostgreSQL's class 53 other than a full disk (out of memory, too many
    /// connections, a configured limit), SQLITE_NOMEM.
    case outOfResources

    /// The storage fault behind `error`, or nil when the error is something else.
    public init?(_ error: any Error) {
        switch error {
        case let fault as StorageFault: self = fault
        case let error as SQLiteError:
            guard let fault = Self(sqlite: error.reason) else { return nil }
            self = fault
        case let error as PSQLError:
            guard let state = error.serverInfo?[.sqlState], let fault = Self(sqlState: state) else { return nil }
            self = fault
        case let error as IOError:
            guard let fault = Self(errno: error.errnoCode) else { return nil }
            self = fault
        case let error as POSIXError:
            guard let fault = Self(errno: error.code.rawValue) else { return nil }
            self = fault
        case let error as CocoaError:
            switch error.code {
            case .fileWriteOutOfSpace: self = .full
            case .fileWriteVolumeReadOnly: self = .readOnly
            default:
                let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
                guard let underlying, underlying.domain == NSPOSIXErrorDomain, let fault = Self(errno: Int32(underlying.code))
                else { return nil }
                self = fault
            }
        default:
            return nil
        }
    }

    /// SQLite's result codes, plain or extended (sqlite-nio reports either).
    init?(sqlite reason: SQLiteError.Reason) {
        switch reason {
        case .full: self = .full
        case .readOnly, .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback, .readonlyBackingMoved, .readonlyDirectory:
            self = .readOnly
        case .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync, .ioErrorFailedDirSync,
            .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedUnlock, .ioErrorFailedReadLock, .ioErrorFailedDelete,
            .ioErrorNoMemory, .ioErrorFailedAccess, .ioErrorFailedLockCheck, .ioErrorFailedAdvisoryLock, .ioErrorFailedClose,
            .ioErrorFailedSharedMemOpen, .ioErrorFailedSharedMemSize, .ioErrorFailedSharedMemMap, .ioErrorFailedDeleteNonexistent,
            .ioErrorFailedMemoryMap, .ioErrorCantFindTempdir, .ioErrorCygwinPath, .ioErrorBadDataChecksum,
            .ioErrorCorruptedFilesystem, .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .cantOpenCygwinPath,
            .cantOpenUnfollowedSymlink:
            self = .ioError
        case .noMemory: self = .outOfResources
        default: return nil
        }
    }

    /// PostgreSQL's SQLSTATE: class 53 (insufficient resources) and 58 (system
    /// error), and 25006 (a write sent to a read-only server).
    init?(sqlState: String) {
        switch sqlState {
        case "53100": self = .full
        case "25006": self = .readOnly
        case _ where sqlState.hasPrefix("53"): self = .outOfResources
        case _ where sqlState.hasPrefix("58"): self = .ioError
        default: return nil
        }
    }

    public init?(errno code: Int32) {
        switch code {
        case ENOSPC, EDQUOT: self = .full
        case EROFS: self = .readOnly
        case EIO: self = .ioError
        default: return nil
        }
    }

    /// How long a client waits before sending again: a full disk is mended by a person,
    /// so asking every few seconds would only add load.
    public static let retryAfterSeconds = 30

    /// For API clients and the web app's outbox, which keeps the change and sends it again.
    public var message: String {
        switch self {
        case .full: "The server's disk is full; your change is kept and sent again."
        case .readOnly: "The server's database cannot be written (it turned read-only); your change is kept and sent again."
        case .ioError: "The server could not write to its disk; your change is kept and sent again."
        case .outOfResources: "The database is out of memory or connections for a moment; your change is kept and sent again."
        }
    }

    /// For a page's form, which nothing keeps: the lifter has to send it again.
    public var pageMessage: String {
        switch self {
        case .full: "The server's disk is full, so this was not saved. Go back and send it again in a few minutes."
        case .readOnly:
            "The server's database cannot be written right now, so this was not saved. Go back and send it again in a few minutes."
        case .ioError:
            "The server could not write to its disk, so this was not saved. Go back and send it again in a few minutes."
        case .outOfResources:
            "The database is out of memory or connections, so this was not saved. Go back and send it again in a moment."
        }
    }

    /// For the server's log and `/ready`.
    public var reason: String {
        switch self {
        case .full: "the disk is full"
        case .readOnly: "the database is read-only"
        case .ioError: "the disk failed to read or write"
        case .outOfResources: "the database is out of resources"
        }
    }
}
