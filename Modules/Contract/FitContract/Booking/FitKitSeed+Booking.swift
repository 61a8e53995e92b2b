import Foundation

extension FitKitSeed {
    // MARK: Studios

    /// "Shoreditch Studio", `Europe/London`.
    public var londonStudio: UUID { id("57D10000", 1) }
    /// "Brooklyn Loft", `America/New_York`.
    public var newYorkStudio: UUID { id("57D10000", 2) }

    // MARK: Classes the demo tells a story with

    /// "Reformer Pilates", London, the day after tomorrow at 6:30 PM, 3 credits: the class the demo's tour books.
    public var reformerPilates: UUID { id("5E550000", 1) }
    /// "Spin & Core", London, in three days at 12:30 PM: booked and cancelled with a full refund.
    public var spinAndCore: UUID { id("5E550000", 2) }
    /// "Express HIIT", New York, about three hours from now: inside the 12-hour window, so no refund.
    public var expressHIIT: UUID { id("5E550000", 3) }
    /// "Sunrise Yoga", New York, tomorrow at 6:30 AM: capacity 3, two taken, one spot left.
    public var sunriseYoga: UUID { id("5E550000", 4) }
    /// "Hot Yoga", London, tomorrow at 7:30 PM: capacity 2, full.
    public var hotYoga: UUID { id("5E550000", 5) }
    /// "Boxing Basics", New York, in four days at 7:00 PM: cancelled by the studio.
    public var boxingBasics: UUID { id("5E550000", 6) }
    /// "Vinyasa Flow", London, tomorrow at 12:30 PM: Maya has booked it.
    public var vinyasaFlow: UUID { id("5E550000", 7) }
    /// Maya's booking of ``vinyasaFlow``.
    public var mayaVinyasaBooking: UUID { id("B0000000", 1) }
    /// Priya's booking of ``hotYoga``: the one the demo's tour cancels to free a spot for the waitlist.
    public var priyaHotYogaBooking: UUID { id("B0000000", 5) }

    // MARK: A class for every booking rule (London, 45 minutes, capacity 10, 2 credits unless said)

    /// "Yoga Flow", in 48 hours.
    public var upcomingClass: UUID { id("5E550000", 201) }
    /// "Spin", in 6 hours (inside the 12-hour no-refund window), 3 credits.
    public var soonClass: UUID { id("5E550000", 202) }
    /// "Early Pilates", started 30 minutes ago.
    public var startedClass: UUID { id("5E550000", 203) }
    /// "Boxing", in 24 hours, cancelled by the studio.
    public var cancelledClass: UUID { id("5E550000", 204) }
    /// "Private Session", in 30 hours with capacity 0: always full.
    public var fullClass: UUID { id("5E550000", 205) }
    /// "Open Gym", in 72 hours, free.
    public var freeClass: UUID { id("5E550000", 206) }
    /// "Masterclass", in 96 hours, 50 credits (more than anyone has).
    public var expensiveClass: UUID { id("5E550000", 207) }

    /// The classes for every booking rule, in the order above.
    public var ruleClasses: [UUID] {
        [upcomingClass, soonClass, startedClass, cancelledClass, fullClass, freeClass, expensiveClass]
    }
}
