import FitCore
import FitInMemory
import FitTesting
import Foundation
import History
import Members
import Testing

@Suite struct ExerciseRatingTests {
    @Test(arguments: [
        (1, [true, false, false, false, false]),
        (3, [true, true, true, false, false]),
        (5, [true, true, true, true, true]),
    ])
    func ratingLightsTheFirstSymbols(value: Int, lit: [Bool]) throws {
        let rating = try ExerciseRating(value)
        #expect(rating.litSymbols == lit)
        #expect(rating.label == "\(value) of 5")
    }

    @Test func unratedLightsNothing() {
        #expect(ExerciseRating().litSymbols == [false, false, false, false, false])
        #expect(ExerciseRating().label == "Not rated")
    }

    @Test(arguments: [0, 6, -1, 100])
    func outOfRangeRatingIsATypedError(value: Int) {
        #expect(throws: RatingError.outOfRange(value)) { try ExerciseRating(value) }
        #expect(RatingError.outOfRange(value).description == "A rating must be between 1 and 5; \(value) is not.")
    }
}

@Suite struct ExerciseRatingStoreTests {
    let fixture: FitFixture
    var database: TestDatabase { fixture.database }
    let squat: Exercise

    init() async throws {
        let fixture = try await FitFixture.make()
        self.fixture = fixture
        squat = try #require(try await HistoryQueries(client: fixture.anonymous).getExercises().first)
    }

    func store(for member: Member) -> RatingsStore {
        RatingsStore(queries: RatingsQueries(client: database.client(as: .member(member.id))))
    }

    func storedRatings() async throws -> [StoredRating] {
        try await database.client(as: .service).from("exercise_ratings").select()
            .in("member_id", values: fixture.testMembers.map(\.id)).execute().value
    }

    @Test func twoStoresSeeEachOthersRatingAfterAReload() async throws {
        let window1 = store(for: FitFixture.alice)
        let window2 = store(for: FitFixture.alice)
        await window1.load()
        await window2.load()

        try await window1.rate(4, exerciseId: squat.id)
        #expect(window1.rating(for: squat.id).value == 4)
        #expect(window2.rating(for: squat.id).value == nil)
        await window2.load()
        #expect(window2.rating(for: squat.id).litSymbols == [true, true, true, true, false])

        try await window2.rate(2, exerciseId: squat.id)
        await window1.load()
        #expect(window1.rating(for: squat.id).value == 2)
        let rows = try await storedRatings()
        #expect(rows.map(\.rating) == [2])
        #expect(rows.map(\.memberId) == [FitFixture.alice.id])
    }

    @Test(arguments: [0, 6])
    func outOfRangeRatingStoresNothing(value: Int) async throws {
        let ratings = store(for: FitFixture.alice)
        await ratings.load()
        let requestsBefore = database.requests.count
        await #expect(throws: RatingError.outOfRange(value)) { try await ratings.rate(value, exerciseId: squat.id) }
        #expect(database.requests.count == requestsBefore)
        #expect(try await storedRatings().isEmpty)
        #expect(ratings.rating(for: squat.id).value == nil)
    }

    @Test func databaseRejectsOutOfRangeRatingsToo() async throws {
        struct Body: Encodable, Sendable {
            let exerciseId: UUID
            let rating: Int
        }
        let ada = database.client(as: .member(FitFixture.alice.id))
        await #expect(
            throws: DatabaseError.checkViolation(constraint: "exercise_ratings_rating_check", table: "exercise_ratings")
        ) {
            try await ada.from("exercise_ratings").insert(Body(exerciseId: squat.id, rating: 6)).execute()
        }
    }

    @Test func membersSeeOnlyTheirOwnRatings() async throws {
        let adaRatings = store(for: FitFixture.alice)
        await adaRatings.load()
        try await adaRatings.rate(5, exerciseId: squat.id)
        let benRatings = store(for: FitFixture.bob)
        await benRatings.load()
        #expect(benRatings.state.ratings.value == [:])
        #expect(benRatings.rating(for: squat.id).value == nil)
        try await benRatings.rate(1, exerciseId: squat.id)
        await adaRatings.load()
        #expect(adaRatings.rating(for: squat.id).value == 5)
        #expect(try await storedRatings().count == 2)
    }
}
