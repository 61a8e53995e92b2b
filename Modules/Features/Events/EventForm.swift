import FitCore
import Foundation

/// The add / edit event form: its fields, title and Save button state. A value with no I/O: the screen
/// edits a copy and, on Save, hands ``save()``'s event to its `onSave: (Event) -> Void`; abandoning the
/// form just drops the value, so nothing changes anywhere.
public struct EventForm: Sendable, Hashable {
    /// What the form was opened for.
    public enum Mode: Sendable, Hashable {
        /// A new event.
        case add
        /// Changes to an existing event.
        case edit(Event)
    }

    /// Whether the form adds a new event or edits an existing one.
    public let mode: Mode
    /// The title field, as typed (trimmed on save).
    public var title: String
    /// The date picker.
    public var date: Date
    /// The colour picker.
    public var textColor: RGBAColor
    /// The chosen picture, if any.
    public var imageData: Data?
    /// The id ``save()`` gives the event: the edited event's, or one chosen when an add form opens (so
    /// saving twice never makes two events).
    public let eventID: UUID

    /// - Parameters:
    ///   - mode: add a new event, or edit one (its fields fill the form).
    ///   - defaultDate: the date a new event starts with (usually now); ignored when editing.
    ///   - newID: the id of a new event; ignored when editing.
    public init(mode: Mode, defaultDate: Date, newID: UUID = UUID()) {
        self.mode = mode
        switch mode {
        case .add:
            title = ""
            date = defaultDate
            textColor = .black
            imageData = nil
            eventID = newID
        case .edit(let event):
            title = event.title
            date = event.date
            textColor = event.textColor
            imageData = event.imageData
            eventID = event.id
        }
    }

    /// "Add Event", or "Edit <title>" with the title the event had when the form opened, in
    /// ``/FitCore/FitLocalization/locale``'s language.
    public var navigationTitle: String {
        switch mode {
        case .add: localized("Add Event")
        case .edit(let event): localized("Edit %@", .text(event.title))
        }
    }

    /// The event the fields describe, before validation.
    public var draft: Event {
        Event(id: eventID, title: title, date: date, textColor: textColor, imageData: imageData)
    }

    /// Why the form cannot be saved, or `nil` when it can.
    public var validationError: EventValidationError? {
        do {
            _ = try draft.validated()
            return nil
        } catch {
            return error
        }
    }

    /// Whether Save is enabled: false while the trimmed title is empty (or the event is otherwise invalid).
    public var canSave: Bool { validationError == nil }

    /// The event to hand to `onSave`: a new id when adding, the same id when editing; title trimmed.
    /// - Returns: The validated ``draft``, ready to store.
    /// - Throws: ``EventValidationError`` when ``canSave`` is false.
    public func save() throws(EventValidationError) -> Event {
        try draft.validated()
    }
}
