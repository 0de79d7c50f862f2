import PlacesModel
import PlacesProtocol
import PlacesState
import PlacesSystem

extension Dispatcher {
    /// `places.tags`: the caller's tags with their counts, from the tag index.
    func tags(caller: Caller) throws(RPCError) -> Execution {
        let snapshot = try unlockedSnapshot()
        let counts = snapshot.tagCounts(of: caller.uid).map {
            TagsResult.TagCount(tag: $0.tag, count: Int64($0.count))
        }
        let revision = snapshot.revision(of: caller.uid)
        return .success { writer in TagsResult.write(counts, revision: revision, to: &writer) }
    }

    /// Refuses a visit date after the daemon's clock (with `PlaceRules`' leeway), before the change reaches the
    /// store.
    func checkVisitDates(_ dates: some Sequence<Timestamp?>) throws(RPCError) {
        let now = Timestamp(millisecondsSinceEpoch: Clock.realtimeMilliseconds())
        do throws(ValidationError) {
            for date in dates {
                try PlaceRules.checkVisitDate(date, now: now)
            }
        } catch {
            throw .invalidParams(error)
        }
    }
}
