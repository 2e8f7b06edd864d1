// Two texts compared line by line, as a unified diff: hunks of changed lines with `context` lines around them,
// "@@ -a,n +b,m @@" headers, lines marked ' ', '-' (only in A) or '+' (only in B). Lines are aligned with the fewest
// insertions and deletions (align.h); past `max_edits` differences (two unrelated texts) there is no diff.
//   auto lines = UnifiedDiff(old_text, new_text, 3, 4096);   // nullopt: too different
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ltcap::cli {

std::optional<std::vector<std::string>> UnifiedDiff(std::string_view a, std::string_view b, std::size_t context,
                                                    std::size_t max_edits);

}  // namespace ltcap::cli
