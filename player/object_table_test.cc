#include "player/object_table.h"

#include <gtest/gtest.h>

#include <memory>

namespace ltcap {
namespace {

TEST(ObjectTable, KeepsObjectsByIdAndReplacesOnPut) {
    ObjectTable<int> t("widget");
    EXPECT_FALSE(t.Has(7));
    t.Put(7, 70);
    t.Put(9, 90);
    EXPECT_TRUE(t.Has(7));
    EXPECT_EQ(t.Get(7), 70);
    t.Put(7, 71);  // an id made again (a snapshot, then the call) holds the newest object
    EXPECT_EQ(t.Get(7), 71);
    EXPECT_EQ(t.all().size(), 2u);
}

TEST(ObjectTable, AnUnknownIdIsTheLogsFaultAndNamesKindAndId) {
    ObjectTable<int> t("mesh buffer");
    t.Put(1, 1);
    try {
        t.Get(42);
        FAIL() << "no throw";
    } catch (const UnknownObject& e) {
        EXPECT_STREQ(e.what(), "refers to mesh buffer #42, which the log never created");
    }
    EXPECT_THROW(t.Get(42), LogError);  // the player's exit 2
}

TEST(ObjectTable, EraseReleasesTheObject) {
    ObjectTable<std::shared_ptr<int>> t("buffer");
    auto p = std::make_shared<int>(5);
    t.Put(3, p);
    EXPECT_EQ(p.use_count(), 2);
    t.Erase(3);
    EXPECT_EQ(p.use_count(), 1);
    EXPECT_FALSE(t.Has(3));
    EXPECT_THROW(t.Get(3), UnknownObject);
    t.Erase(3);  // erasing what is not there is no error (a release of a buffer tt-metal made for itself)
}

}  // namespace
}  // namespace ltcap
