import Credits
import FitCore
import FitStores
import Foundation
import Testing

@Suite struct CreditChipTests {
    static let formatter = DisplayFormatter(
        locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)
    /// Thu 4 Jun 2026, 23:30 UTC: already Fri 5 Jun in London.
    static let lateThursday = Date(timeIntervalSince1970: 1_780_615_800)
    /// Thu 4 Jun 2026, 12:00 UTC.
    static let thursdayNoon = Date(timeIntervalSince1970: 1_780_574_400)

    @Test(arguments: [
        (CreditSummary(balance: 12), "12 credits", false),
        (CreditSummary(balance: 1), "1 credit", false),
        (CreditSummary(balance: 0), "0 credits", false),
        (CreditSummary(balance: Decimal(string: "2.5")!), "2.50 credits", false),
        (CreditSummary(balance: -3), "-3 credits", false),
        (CreditSummary(balance: 12, expiringSoon: 5, earliestExpiry: thursdayNoon), "5 expire Thu 4 Jun", true),
        (CreditSummary(balance: 12, expiringSoon: 1, earliestExpiry: thursdayNoon), "1 expires Thu 4 Jun", true),
        (CreditSummary(balance: 12, expiringSoon: 5, earliestExpiry: lateThursday), "5 expire Fri 5 Jun", true),
        (CreditSummary(balance: 12, expiringSoon: 0, earliestExpiry: thursdayNoon), "12 credits", false),
    ])
    func chipText(summary: CreditSummary, text: String, isWarning: Bool) {
        let chip = CreditChip(summary: summary, formatter: Self.formatter)
        #expect(chip.text == text)
        #expect(chip.isExpiryWarning == isWarning)
    }
}
