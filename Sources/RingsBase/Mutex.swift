import Glibc

/// A value guarded by a lock. `withLock` is inlinable, so that each module specializes it for its
/// own values (a cache's dictionary read on every frame is not a generic call).
public final class Mutex<Value>: @unchecked Sendable {
    @usableFromInline var value: Value
    @usableFromInline let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    @inlinable public func withLock<R>(_ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }
        return body(&value)
    }
}
