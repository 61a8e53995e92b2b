import FitContract
import FitDemoKit
import FitTesting
import Foundation
import Testing

@Suite("--data-file keeps state between runs")
struct DataFileTests {
    @Test func aBookingSurvivesTheNextRun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("studio.json").path

        let booked = await DemoHarness.run(
            "book", DemoHarness.id(FitKitSeed.fixed.reformerPilates), "--data-file", path)
        #expect(booked.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))

        let credits = await DemoHarness.run("credits", "--data-file", path)
        #expect(credits.output.hasPrefix("Maya Thompson: balance 15.00 credits"))
        let again = await DemoHarness.run("book", DemoHarness.id(FitKitSeed.fixed.reformerPilates), "--data-file", path)
        #expect(again.errorLines == ["error: you have already booked that class"])
        // A fresh run without the file starts from the seed again.
        let fresh = await DemoHarness.run("credits")
        #expect(fresh.output.hasPrefix("Maya Thompson: balance 18.00 credits"))
    }

    @Test func aMalformedIdLeavesNoFileBehind() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString).json")
            .path
        let run = await DemoHarness.run("book", "not-a-session", "--data-file", path)
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aChangeWithoutADataFileSaysItIsNotKept() async throws {
        let run = await DemoHarness.run("book", DemoHarness.id(FitKitSeed.fixed.reformerPilates))
        #expect(run.status == 0)
        #expect(
            run.output.hasSuffix(
                "  Not kept: each run starts from the seed again; add --data-file PATH to keep changes.\n"))
    }

    @Test func aFolderOrAMissingFolderIsAClearError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fit-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let onFolder = await DemoHarness.run("credits", "--data-file", folder.path)
        #expect(onFolder.status == 1)
        #expect(
            onFolder.errorLines == [
                "error: The database file \(folder.path) could not be read: it is a folder, not a file"
            ])
        let missing = folder.appendingPathComponent("no-such-folder/studio.json")
        let inMissing = await DemoHarness.run("credits", "--data-file", missing.path)
        #expect(inMissing.status == 1)
        #expect(
            inMissing.errorLines == [
                "error: The database file \(missing.path) could not be read: the folder \(missing.deletingLastPathComponent().path) does not exist"
            ])
    }
}
