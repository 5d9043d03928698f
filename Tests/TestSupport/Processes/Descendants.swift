import Foundation

/// Every process descended from `root`, from /proc.
public func descendants(of root: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
    }
    var found: [pid_t] = [], queue = [root]
    while let next = queue.popLast() {
        for child in children[next] ?? [] { found.append(child); queue.append(child) }
    }
    return found
}
