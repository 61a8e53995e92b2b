// On Linux only: the few SwiftUI declarations the "Using stores from SwiftUI" article's views use, with SwiftUI's
// shapes (a main-actor `View` with a `@ViewBuilder` body, the same initialisers, modifiers and property wrappers), so
// that DocumentationTests type-checks the article's views against FitKit's API on Linux, where SwiftUI does not
// exist. Nothing here draws or runs: it checks that the views' code compiles, imports included. On Apple platforms
// the same file compiles against SwiftUI itself.
import Foundation

/// A piece of UI, main-actor isolated as SwiftUI's is.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A view with no body of its own, as SwiftUI's primitive views.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    /// A primitive view has no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// Nothing.
public struct EmptyView: PrimitiveView {
    public init() {}
}

/// Several views in a row.
public struct TupleView<Content>: PrimitiveView {
    let content: Content
}

/// One of two views.
public struct EitherView<First: View, Second: View>: PrimitiveView {
    let isFirst: Bool
}

/// A view or nothing.
public struct OptionalView<Wrapped: View>: PrimitiveView {
    let wrapped: Wrapped?
}

/// SwiftUI's view builder: blocks, `if`, `if let` and `if … else`.
@MainActor @resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content)
        -> TupleView<(repeat each Content)>
    {
        TupleView(content: (repeat each content))
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> OptionalView<Content> {
        OptionalView(wrapped: content)
    }
    public static func buildEither<First: View, Second: View>(first: First) -> EitherView<First, Second> {
        EitherView(isFirst: true)
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> EitherView<First, Second> {
        EitherView(isFirst: false)
    }
}

/// A view with a modifier applied.
public struct ModifiedView<Content: View>: PrimitiveView {
    let content: Content
}

/// A colour, and the hierarchical styles SwiftUI offers as colours too.
public struct Color: Sendable {
    let name: String
    public static let red = Color(name: "red")
    public static let orange = Color(name: "orange")
    public static let secondary = Color(name: "secondary")
}

/// A text style.
public struct Font: Sendable {
    let name: String
    public static let headline = Font(name: "headline")
}

/// Text.
public struct Text: PrimitiveView {
    public init(_ content: String) {}
}

/// A button with a title.
public struct Button: PrimitiveView {
    public init(_ title: String, action: @escaping () -> Void) {}
}

/// A spinner.
public struct ProgressView: PrimitiveView {
    public init() {}
}

/// A label and its value.
public struct LabeledContent: PrimitiveView {
    public init(_ title: String, value: String) {}
}

/// A scrolling list.
public struct List<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

/// A titled section of a list.
public struct Section<Content: View>: PrimitiveView {
    public init(_ title: String, @ViewBuilder content: () -> Content) {}
}

/// A vertical stack.
public struct VStack<Content: View>: PrimitiveView {
    public init(spacing: Double? = nil, @ViewBuilder content: () -> Content) {}
}

extension View {
    public func foregroundStyle(_ style: Color) -> ModifiedView<Self> { ModifiedView(content: self) }
    public func font(_ font: Font) -> ModifiedView<Self> { ModifiedView(content: self) }
    public func padding() -> ModifiedView<Self> { ModifiedView(content: self) }
    public func disabled(_ isDisabled: Bool) -> ModifiedView<Self> { ModifiedView(content: self) }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> ModifiedView<Self> {
        ModifiedView(content: self)
    }
    public func sheet<Content: View>(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> Content)
        -> ModifiedView<Self>
    {
        ModifiedView(content: self)
    }
    public func task(_ action: @escaping @Sendable () async -> Void) -> ModifiedView<Self> {
        ModifiedView(content: self)
    }
    public func refreshable(action: @escaping @Sendable () async -> Void) -> ModifiedView<Self> {
        ModifiedView(content: self)
    }
}

/// A value read and written elsewhere.
@propertyWrapper public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

/// A view's own state.
@propertyWrapper public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public init() where Value: ExpressibleByNilLiteral { box = Box(nil) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
}

/// Dismisses the presented view.
public struct DismissAction: Sendable {
    public func callAsFunction() {}
}

/// What the environment holds that the article reads.
public struct EnvironmentValues {
    public var locale = Locale.current
    public var dismiss = DismissAction()
}

/// A value of the environment.
@propertyWrapper public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}
