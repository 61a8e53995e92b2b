import Events

/// `--color #RRGGBBAA`, either case.
extension RGBAColor: DemoArgument {
    init(parsing text: String) throws(DemoError) {
        do { try self.init(hex: text) } catch { throw .badColor(text) }
    }
}
