import FitCore
import Foundation

/// One replay of the outbox, oldest change first. Each change is sent in its idempotent form; it leaves the outbox
/// only when the server accepted it (in the same transaction that stores the server's rows), or when the server
/// refused it (then the replica takes the server's rows back and the refusal is recorded). A lost connection stops
/// the replay with the change still queued.
struct OutboxReplay {
    let engine: OfflineEngine

    /// The most rows one replayed insert carries.
    static let batchSize = 500

    private enum Stop: Error {
        case unreachable(String)
    }

    func run() async -> SyncReport {
        var report = SyncReport()
        // Accepted inserts leave the outbox together at the end: the outbox replays read at once, the file in one
        // save after the caller has the report. Sending one again after a crash before that save changes nothing, as
        // the server ignores a row it has.
        var accepted: [Int] = []
        do {
            var after = 0
            replaying: while true {
                // Read as far as the next batch can reach, not the whole outbox.
                let entries = engine.replica.outbox(after: after, limit: Self.batchSize)
                guard !entries.isEmpty else { break }
                var remaining = entries[...]
                while !remaining.isEmpty {
                    let batch = Self.nextBatch(of: remaining)
                    // The last batch of a full read may continue past it: the next read starts with it.
                    if entries.count == Self.batchSize, batch.count == remaining.count,
                        remaining.startIndex != entries.startIndex
                    {
                        break
                    }
                    remaining = remaining.dropFirst(batch.count)
                    after = batch.last?.sequence ?? after
                    do {
                        try await replay(batch, report: &report, accepted: &accepted)
                    } catch Stop.unreachable(let reason) {
                        report.stoppedBecause = reason
                        break replaying
                    }
                }
            }
        } catch {
            report.stoppedBecause = String(describing: error)
        }
        if !accepted.isEmpty {
            engine.replica.forgetAccepted(accepted)
            await engine.afterAnswering(.saveOutboxRemoval(sequences: accepted))
        }
        report.pending = engine.replica.pendingCount()
        return report
    }

    /// Consecutive inserts (or upserts on the same columns) into one table by one role go as one request, with
    /// `defaultToNull` off so that a column one queued row left out still takes its default;
    /// everything else alone.
    static func nextBatch(of entries: ArraySlice<OutboxEntry>) -> [OutboxEntry] {
        guard let first = entries.first else { return [] }
        guard first.kind == .insert || first.kind == .upsert else { return [first] }
        var batch = [first]
        var rows = first.keys.count
        for entry in entries.dropFirst() {
            guard entry.kind == first.kind, entry.table == first.table, entry.role == first.role,
                entry.conflict == first.conflict, rows + entry.keys.count <= batchSize
            else { break }
            batch.append(entry)
            rows += entry.keys.count
        }
        return batch
    }

    private func replay(_ batch: [OutboxEntry], report: inout SyncReport, accepted: inout [Int]) async throws {
        guard let first = batch.first, let rule = engine.policy.rule(for: first.table) else { return }
        let remote = engine.remote.acting(as: first.role)
        let keys = batch.flatMap(\.keys)
        do {
            let written = try await send(batch, rule: rule, remote: remote, report: &report)
            // Rows an update or upsert did not return (newer on the server, or gone) are read back, so the replica
            // ends as the server is. New rows are not read back: their keys are the client's own, so a row the
            // server already had is this change from an earlier replay, and the next read brings the columns the
            // server filled in.
            let returned = Set(written.compactMap { KeyFilter.key(of: $0, on: rule.key) })
            let missing = first.kind == .delete || first.kind == .insert ? [] : keys.filter { !returned.contains($0) }
            var serverRows = written
            var gone = first.kind == .delete ? keys : []
            if !missing.isEmpty {
                let fetched = try await fetch(missing, rule: rule, remote: remote, report: &report)
                let found = Set(fetched.compactMap { KeyFilter.key(of: $0, on: rule.key) })
                serverRows += fetched
                gone += missing.filter { !found.contains($0) }
            }
            if first.kind == .insert {
                accepted += batch.map(\.sequence)
            } else {
                try engine.replica.settle(
                    sequences: batch.map(\.sequence), serverRows: serverRows, goneKeys: gone, rule: rule,
                    role: first.role)
            }
            report.accepted += batch.count
            await engine.replayReached()
            await engine.notify(table: rule.relation)
        } catch let error as DatabaseError where !isConnectionLoss(error) && batch.count > 1 {
            // One change of the batch was refused: find which, one change at a time.
            for entry in batch { try await replay([entry], report: &report, accepted: &accepted) }
        } catch let error as DatabaseError where !isConnectionLoss(error) {
            // Refused: take the server's rows back, drop the change, tell the stores.
            let fetched: [[String: JSONValue]]
            do {
                fetched = try await fetch(keys, rule: rule, remote: remote, report: &report)
            } catch  where isConnectionLoss(error) {
                throw Stop.unreachable(String(describing: error))
            }
            let found = Set(fetched.compactMap { KeyFilter.key(of: $0, on: rule.key) })
            try engine.replica.settle(
                sequences: batch.map(\.sequence), serverRows: fetched, goneKeys: keys.filter { !found.contains($0) },
                rule: rule, role: first.role)
            for entry in batch {
                let rejection = RejectedChange(
                    id: entry.sequence, table: entry.table, operation: entry.kind.rawValue, keys: entry.keys,
                    error: error, rejectedAt: engine.now())
                report.rejected.append(rejection)
                await engine.recordRejection(rejection)
            }
            await engine.notify(table: rule.relation)
        } catch  where isConnectionLoss(error) {
            throw Stop.unreachable(String(describing: error))
        }
    }

    /// Sends the batch; returns the rows the server wrote.
    private func send(
        _ batch: [OutboxEntry], rule: ReplicaRule, remote: any DatabaseClient, report: inout SyncReport
    ) async throws -> [[String: JSONValue]] {
        let first = batch[0]
        var rows: [[String: JSONValue]] = []
        switch first.kind {
        case .insert:
            let body = batch.flatMap { ReplicaStore.bodyRows($0.body) }.map(JSONValue.object)
            rows = try await request(
                DatabaseQuery(
                    target: first.table, operation: .upsert(onConflict: rule.key, ignoreDuplicates: true),
                    returning: .minimal, body: .array(body), defaultToNull: false), remote: remote, report: &report)
        case .update:
            rows = try await request(
                DatabaseQuery(
                    target: first.table, operation: .update,
                    filters: [KeyFilter.matching(first.keys, on: rule.key)] + versionFilter(first, rule: rule),
                    returning: .representation, body: first.body), remote: remote, report: &report)
        case .upsert:
            let conflict = first.conflict ?? rule.key
            let body = batch.flatMap { ReplicaStore.bodyRows($0.body) }
            guard rule.versionColumn != nil else {
                return try await request(
                    DatabaseQuery(
                        target: first.table, operation: .upsert(onConflict: conflict, ignoreDuplicates: false),
                        returning: .representation, body: .array(body.map(JSONValue.object)), defaultToNull: false),
                    remote: remote, report: &report)
            }
            // Last write wins: insert what is new, then update each existing row only where it is not newer.
            rows = try await request(
                DatabaseQuery(
                    target: first.table, operation: .upsert(onConflict: conflict, ignoreDuplicates: true),
                    returning: .representation, body: .array(body.map(JSONValue.object)), defaultToNull: false),
                remote: remote, report: &report)
            let inserted = Set(rows.compactMap { KeyFilter.key(of: $0, on: rule.key) })
            for (entry, (row, key)) in batch.flatMap({ entry in
                zip(ReplicaStore.bodyRows(entry.body), entry.keys).map { (entry, $0) }
            }) where !inserted.contains(key) {
                rows += try await request(
                    DatabaseQuery(
                        target: first.table, operation: .update,
                        filters: [KeyFilter.matching([key], on: rule.key)] + versionFilter(entry, rule: rule),
                        returning: .representation, body: .object(row.filter { !rule.key.contains($0.key) })),
                    remote: remote, report: &report)
            }
        case .delete:
            _ = try await request(
                DatabaseQuery(
                    target: first.table, operation: .delete, filters: [KeyFilter.matching(first.keys, on: rule.key)]),
                remote: remote, report: &report)
        }
        return rows
    }

    private func versionFilter(_ entry: OutboxEntry, rule: ReplicaRule) -> [Filter] {
        guard let column = rule.versionColumn, let stamp = entry.stamp else { return [] }
        return [.condition(column: column, operator: .lte, value: .string(stamp))]
    }

    private func fetch(
        _ keys: [[String: JSONValue]], rule: ReplicaRule, remote: any DatabaseClient, report: inout SyncReport
    ) async throws -> [[String: JSONValue]] {
        guard !keys.isEmpty else { return [] }
        return try await request(
            DatabaseQuery(
                target: rule.relation, operation: .select, filters: [KeyFilter.matching(keys, on: rule.key)]),
            remote: remote, report: &report)
    }

    private func request(_ query: DatabaseQuery, remote: any DatabaseClient, report: inout SyncReport) async throws
        -> [[String: JSONValue]]
    {
        report.requests += 1
        let response = try await remote.run(query)
        return ReplicaStore.objects(in: response.data).map { $0.mapValues(KeyFilter.canonical) }
    }
}
