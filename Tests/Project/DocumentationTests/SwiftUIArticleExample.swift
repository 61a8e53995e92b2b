import Booking
import Credits
import FitCore
import FitStores
import Foundation
import SessionDetails
import SwiftUI

/// The code of the "Using stores from SwiftUI" article (Modules/Core/FitCore/FitCore.docc/UsingStoresFromSwiftUI.md),
/// verbatim, with the article's imports: the views, which compile against SwiftUI on Apple platforms and against a
/// stand-in with SwiftUI's shapes on Linux (Tests/Support/SwiftUIStandIn), and what the view's `.task`,
/// `.refreshable` and Book button do in plain Swift, which `SwiftUIArticleTests` runs.
struct SessionDetailsView: View {
    let details: SessionDetailsStore
    let booking: BookingStore
    let credits: CreditsStore
    let memberId: UUID
    @State private var confirming: BookingAction<BookableSession>?
    @Environment(\.locale) private var locale

    var body: some View {
        List {
            if let session = details.session {
                let labels = session.startDateTimeLabels(formatter: session.displayFormatter(locale: locale))
                Section(session.name) {
                    LabeledContent("Starts", value: "\(labels.date), \(labels.time)")
                    LabeledContent("Duration", value: session.durationLabel)
                    LabeledContent("Instructor", value: session.instructorLabel)
                    LabeledContent("Spots left", value: session.spotsLabel)
                    LabeledContent("Credits", value: session.creditCostLabel)
                }
            } else if details.isLoading {
                ProgressView()
            }
            if let error = details.error {
                Text(String(describing: error)).foregroundStyle(.red)
            }
        }
        .toolbar {
            if let summary = credits.summary {
                let chip = CreditChip(summary: summary, formatter: DisplayFormatter(locale: locale, timeZone: .current))
                Text(chip.text).foregroundStyle(chip.isExpiryWarning ? .orange : .secondary)
            }
            if let action = details.action {
                Button(action.isBook ? "Book" : "Cancel") { confirming = action }
                    .disabled(!action.isEnabled)
            }
        }
        .sheet(isPresented: Binding(get: { confirming != nil }, set: { if !$0 { confirming = nil } })) {
            if let action = confirming {
                BookingSheet(action: action, booking: booking) {
                    await details.refresh(memberId: memberId)
                    await credits.refresh()
                }
            }
        }
        .task { await details.load(memberId: memberId) }
        .task { await credits.load() }
        .refreshable {
            await details.refresh(memberId: memberId)
            await credits.refresh()
        }
    }
}

extension BookingAction {
    var isBook: Bool {
        if case .book = self { true } else { false }
    }
}

struct BookingSheet: View {
    let action: BookingAction<BookableSession>
    let booking: BookingStore
    let onFinish: () async -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 16) {
            Text(action.item.name).font(.headline)
            if let rule = booking.bookingError {
                Text(rule.message).foregroundStyle(.red)
            }
            Button(action.isBook ? "Book for \(action.item.creditCostLabel) credits" : "Cancel booking") {
                Task {
                    if (try? await booking.run(action)) != nil {
                        await onFinish()
                        dismiss()
                    }
                }
            }
            .disabled(!action.isEnabled || booking.isInProgress)
        }
        .padding()
    }
}

/// The screen following live changes: the "Following live changes" section's modifiers in place of the loading
/// `.task`s.
struct FollowingSessionDetailsView: View {
    let details: SessionDetailsStore
    let credits: CreditsStore
    let memberId: UUID

    var body: some View {
        Text("")
            .task { await details.follow(memberId: memberId) }
            .task { await credits.follow() }
    }
}

enum SwiftUIArticleExample {
    /// Loads the session-details screen, books the class when the action is Book, and refreshes.
    static func whatTheViewDoes(client: any DatabaseClient, classId: UUID, memberId: UUID) async throws -> (
        details: SessionDetailsStore, booking: BookingStore, credits: CreditsStore
    ) {
        let details = SessionDetailsStore(sessionId: classId, queries: SessionDetailsQueries(client: client))
        let booking = BookingStore(queries: BookingQueries(client: client))
        let credits = CreditsStore(queries: CreditsQueries(client: client))

        await details.load(memberId: memberId)
        await credits.load()
        if let action = details.action, action.isEnabled {
            try await booking.run(action)
            await details.refresh(memberId: memberId)
            await credits.refresh()
        }
        return (details, booking, credits)
    }
}
