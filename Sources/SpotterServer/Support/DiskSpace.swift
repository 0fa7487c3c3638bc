import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of the file system holding a folder, and what of it an unprivileged
/// process may still fill (`f_bavail`: root's reserved blocks are not ours to use).
struct DiskSpace: Equatable {
    let free: Int
    let total: Int

    init?(of folder: URL) {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return nil }
        free = Int(info.f_bavail) * Int(info.f_frsize)
        total = Int(info.f_blocks) * Int(info.f_frsize)
    }
}
