// fit-outbox-replayer SERVER REPLICA MEMBER: opens a "server" (an embedded in-memory database persisted at SERVER) and
// an offline-first client acting as MEMBER with its replica at REPLICA, then replays the outbox until it is empty. It
// prints `request N` before each request it sends the server and `answer N` once the server has answered (the
// server's file holds the change), then `done`. The crash-resume tests SIGKILL it between those lines.
import FitContract
import FitCore
import FitInMemory
import FitOffline
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let member = UUID(uuidString: arguments[3]) else {
    FileHandle.standardError.write(Data("usage: fit-outbox-replayer SERVER REPLICA MEMBER\n".utf8))
    exit(64)
}

/// The server's client, announcing every request and answer on standard output.
struct AnnouncingClient: DatabaseClient {
    let base: InMemoryClient
    let counter: Counter

    final class Counter: Sendable {
        private let count = LockedState(0)
        func next() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }

    var role: DatabaseRole { base.role }
    func acting(as role: DatabaseRole) -> AnnouncingClient {
        AnnouncingClient(base: base.acting(as: role), counter: counter)
    }

    func run(_ query: DatabaseQuery) async throws -> RawResponse {
        let number = counter.next()
        FileHandle.standardOutput.write(Data("request \(number)\n".utf8))
        let response = try await base.run(query)
        FileHandle.standardOutput.write(Data("answer \(number)\n".utf8))
        return response
    }
}

do {
    let server = try InMemoryDatabase.embedded(persistingTo: URL(fileURLWithPath: arguments[1]))
    let client = try OfflineFirstClient(
        remote: AnnouncingClient(base: server.client(as: .member(member)), counter: AnnouncingClient.Counter()),
        replicaURL: URL(fileURLWithPath: arguments[2]), policy: FitKitContract.replicaPolicy)
    while client.pendingChangeCount() > 0 {
        let report = await client.sync()
        if let reason = report.stoppedBecause {
            FileHandle.standardError.write(Data("fit-outbox-replayer: \(reason)\n".utf8))
            exit(1)
        }
    }
    FileHandle.standardOutput.write(Data("done\n".utf8))
} catch {
    FileHandle.standardError.write(Data("fit-outbox-replayer: \(error)\n".utf8))
    exit(1)
}
