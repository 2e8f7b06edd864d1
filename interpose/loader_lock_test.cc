// OpenLibrary waits while the loader lock is held (as fork's prepare handler holds it), and opens once it is free.
#include "interpose/loader_lock.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace ltcap {
namespace {

TEST(LoaderLock, OpenLibraryWaitsForTheLock) {
    std::atomic<bool> returned{false};
    void* handle = nullptr;
    std::unique_lock held(LoaderLock());
    std::thread opener([&] {
        handle = OpenLibrary("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
        returned = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_FALSE(returned.load()) << "dlopen ran while the lock was held";
    held.unlock();
    opener.join();
    EXPECT_TRUE(returned.load());
    ASSERT_NE(handle, nullptr) << dlerror();
    EXPECT_NE(dlsym(handle, "ZSTD_createCCtx"), nullptr);
    dlclose(handle);
}

TEST(LoaderLock, SaysWhyALibraryCannotBeOpened) {
    EXPECT_EQ(OpenLibrary("libltcap-no-such-library.so.0", RTLD_NOW), nullptr);
    const char* why = dlerror();
    ASSERT_NE(why, nullptr);
    EXPECT_NE(std::string(why).find("libltcap-no-such-library"), std::string::npos) << why;
}

}  // namespace
}  // namespace ltcap
