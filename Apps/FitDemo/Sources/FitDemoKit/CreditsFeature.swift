import Credits
import FitCore
import Foundation

/// What `fit-demo credits --json` prints.
struct CreditsReport: Encodable {
    var balance: Decimal
    var expiringSoon: Decimal
    var earliestExpiry: Date?
    var chip: String
    var ledger: [CreditLedgerEntry]
}

extension DemoContext {
    /// The member's credit summary, through ``CreditsStore``.
    func loadCreditSummary() async throws -> CreditSummary {
        let store = CreditsStore(queries: CreditsQueries(client: client))
        await store.load()
        if let error = store.error { throw error }
        guard let summary = store.summary else { throw DemoError.notSeeded("credit summary") }
        return summary
    }

    /// The chip a screen shows for `summary`, with dates in the member's time zone.
    func creditChip(_ summary: CreditSummary) -> CreditChip {
        CreditChip(summary: summary, formatter: memberFormatter)
    }

    /// `credits`: the balance, the chip and the ledger, newest first.
    func showCredits() async throws {
        let summary = try await loadCreditSummary()
        let lines = try await CreditsQueries(client: client).getLedgerLines()
        let ledger = lines.map(\.entry)
        let chip = creditChip(summary)
        if json {
            return try emitJSON(
                CreditsReport(
                    balance: summary.balance, expiringSoon: summary.expiringSoon,
                    earliestExpiry: summary.earliestExpiry,
                    chip: chip.text, ledger: ledger))
        }
        output.line("\(member.displayName): balance \(credits(summary.balance)) credits   [\(chip.text)]")
        if summary.expiringSoon > 0, let expiry = summary.earliestExpiry {
            output.line(
                "  \(credits(summary.expiringSoon)) expire \(memberFormatter.shortDate(expiry)) (\(memberFormatter.relative(expiry, to: now)))"
            )
        }
        output.line("Ledger (newest first):")
        for ledgerLine in lines {
            let entry = ledgerLine.entry
            let sign = entry.amount > 0 ? "+" : ""
            var line =
                "  " + TextLayout.right(sign + credits(entry.amount), 7) + "  "
                + TextLayout.column(entry.reason.rawValue, 10)
                + " " + memberFormatter.shortDate(entry.createdAt)
            if let expiry = entry.expiresAt { line += " · expires \(memberFormatter.shortDate(expiry))" }
            if let className = ledgerLine.className { line += " · \(className)" }
            output.line(line)
        }
    }
}
