extension RandomAccessCollection where Index == Int {
    /// The first index whose element `belongsAfter`, in a collection where every such element follows every other
    /// (binary search: the insertion point in a sorted array). `endIndex` when none does.
    func partitionPoint(where belongsAfter: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if belongsAfter(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
