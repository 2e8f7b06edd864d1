// ForEachCheckedEntry with the reading and the log checker on a thread of their own, running ahead of the tool: a
// tool whose own work per entry costs about what reading and checking cost (ltdump's lines, ltcap export's JSON)
// then takes about half the time on two cores. `fn` still sees every entry in the log's order, on the calling
// thread, and only once the checker accepted it, as ForEachCheckedEntry hands them; it must not use `log` meanwhile
// (its position is the reading thread's). What is read ahead is bounded (a few thousand entries, 32 MiB of them).
//
// Errors are named as NamingTheEntry names them, for the entry they are about, and thrown after `fn` has seen every
// entry before it: the checker's or the reader's ("entry 7 (byte 960): …"), and what `fn` throws about the entry it
// was given (a LogError, or a kj::Exception as damage), as EntryLogErrors, which NamingTheEntry passes on as they
// are. Anything else `fn` throws stops the reading and goes through as it is.
//   ForEachCheckedEntryAhead(log, check, [&](schema::Entry::Reader e) { Print(e); });
#pragma once

#include <functional>
#include <initializer_list>

#include "player/decoded_call.h"
#include "player/log_check.h"
#include "player/log_reader.h"

namespace ltcap {

// Which thread runs the log checker: the reading thread (a tool with more work per entry than the checker), or the
// tool's, before `fn` (a tool with less: the reading thread then only reads).
enum class CheckOn { kReadingThread, kToolsThread };

void ForEachCheckedEntryAhead(LogReader& log, LogChecker& check, const std::function<void(schema::Entry::Reader)>& fn,
                              CheckOn check_on = CheckOn::kReadingThread);

// ForEachDecodedEntry's consumers, fed from entries read ahead.
void ForEachDecodedEntryAhead(LogReader& log, LogChecker& check, std::initializer_list<EntryConsumer*> consumers,
                              CheckOn check_on = CheckOn::kReadingThread);

}  // namespace ltcap
