// Test tool: copies an ltcap log, changing one thing, to prove verification catches it.
//   log_edit IN OUT --runtime-arg SEQ ARG WORD VALUE   set word WORD of argument ARG of call SEQ
//   log_edit IN OUT --object-id SEQ ARG ID              make argument ARG of call SEQ (an object) name object ID
//   log_edit IN OUT --object-raw SEQ ARG N              set the raw number (a queue's index, a chosen trace id) of
//                                                       argument ARG of call SEQ (an object) to N
//   log_edit IN OUT --shard-region SEQ ARG OFFSET SIZE  give the first shard transfer of argument ARG of call SEQ (a
//                                                       list) the region [OFFSET, +SIZE]
//   log_edit IN OUT --shard-coord SEQ ARG D...          make the first shard transfer of argument ARG of call SEQ (a
//                                                       list) sit at coordinate (D, ...); none given: no dimension
//   log_edit IN OUT --range-dims SEQ ARG               empty both ends of argument ARG of call SEQ (a mesh range)
//   log_edit IN OUT --uint SEQ ARG VALUE                set argument ARG of call SEQ (an unsigned number) to VALUE
//   log_edit IN OUT --int SEQ ARG VALUE                 set argument ARG of call SEQ (a signed number) to VALUE
//   log_edit IN OUT --list-uint SEQ ARG I VALUE         set element I of argument ARG of call SEQ (a list) to VALUE
//   log_edit IN OUT --mesh-buffer-config SEQ ARG FIELD VALUE
//                                                       set FIELD (size, globalHeight, globalWidth, shardHeight,
//                                                       shardWidth, orientation) of argument ARG of call SEQ
//   log_edit IN OUT --config-field SEQ ARG FIELD VALUE set the number FIELD (as the schema names it: bufferType,
//                                                       processor, orientation, …) of the config or shard spec that is
//                                                       argument ARG of call SEQ
//   log_edit IN OUT --cb-index SEQ ARG FIELD VALUE     set FIELD (index, dataFormat, pageSize) of the first index of
//                                                       the circular buffer config that is argument ARG of call SEQ
//   log_edit IN OUT --distribution SEQ ARG tensor|shard DIM VALUE
//                                                       set dimension DIM of the N-D spec's tensor or shard shape in
//                                                       argument ARG of call SEQ (a buffer config)
//   log_edit IN OUT --kernel-source ID FROM TO         replace text FROM by TO in kernel source ID's first file
//   log_edit IN OUT --home-path ID PATH                place kernel source ID's first file at PATH in TT_METAL_HOME
//   log_edit IN OUT --source-path ID PATH              name kernel source ID's first file PATH (in its own folder)
//   log_edit IN OUT --write-payload SEQ OFFSET         flip byte OFFSET of the payload call SEQ wrote (a shard
//                                                       write's first shard, and every shard sharing its bytes)
//   log_edit IN OUT --read-payload SEQ OFFSET          flip byte OFFSET of the data call SEQ read (its first piece's
//                                                       blob, and whatever else shares those bytes)
//   log_edit IN OUT --format-version N                 set the header's format version
//   log_edit IN OUT --release NAME                     set the header's tt-metal release
//   log_edit IN OUT --drop-header                      leave the header out
//   log_edit IN OUT --drop-calls API                   leave out every call to API (e.g. bufferReleased)
//   log_edit IN OUT --binary-folder ID PATH            set kernel binary ID's folder to PATH
//   log_edit IN OUT --binary-file ID PATH              set the path of kernel binary ID's first file to PATH
//   log_edit IN OUT --drop-binaries                    leave out every kernel binary entry
//   log_edit IN OUT --delay-binaries N                 move each kernel binary entry past the next N call entries
//                                                      (before the end entry), as another thread's calls can come
//                                                      between a launch and the builds it made
//   log_edit IN OUT --delay-ends N                     move each return and read data entry past the next N call
//                                                      entries (before the end entry), as a long call beside other
//                                                      threads' calls, or a read completed at a later Finish, leaves them
//   log_edit IN OUT --bool SEQ NAME 0|1                set call SEQ's argument NAME (a flag: "blocking") to false or true
//   log_edit IN OUT --uncaught N                       set the end entry's exception text to N bytes: terminal escapes
//                                                       (ESC, C1 CSI) and a line break first, then 'x's
//   log_edit IN OUT --cut-after SEQ                    end the log after call SEQ's entries, without an end entry
//                                                       (what kill -9 during the capture leaves)
//   log_edit IN OUT --core-range SEQ NAME X Y          make the first range of call SEQ's argument NAME (cores) end
//                                                       at core (X, Y)
//   log_edit IN OUT --read-offset SEQ N OFFSET         move the N-th piece (from 0) of call SEQ's read data to OFFSET
//   log_edit IN OUT --accessor SEQ FIELD VALUE         set FIELD (offset, count, buffer, meshBuffer, argsConfig, known)
//                                                       of the first TensorAccessorArgs use call SEQ's kernel config
//                                                       records; FIELD "none": record no use at all
#include <capnp/dynamic.h>
#include <capnp/message.h>
#include <capnp/serialize.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "player/decoded_call.h"
#include "player/format.h"
#include "player/log_reader.h"

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: log_edit IN OUT MODE ...  (the modes are listed at the top of log_edit.cc)\n");
        return 2;
    }
    const std::string mode = argv[3];
    auto num = [&](int i) { return std::strtoull(argv[i], nullptr, 10); };
    ltcap::LogReader log(argv[1]);
    const int out = ::open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    // Which blob the edited write uses, found in a first pass.
    std::uint64_t target_blob = 0;
    if (mode == "--write-payload" || mode == "--read-payload") {
        while (auto m = log.Next()) {
            auto e = m->getRoot<ltcap::schema::Entry>();
            if (mode == "--read-payload") {
                if (!target_blob && e.isReadData() && e.getReadData().getSeq() == num(4))
                    target_blob = e.getReadData().getData().getBlob();
                continue;
            }
            if (!e.isCall() || e.getCall().getSeq() != num(4)) continue;
            for (auto a : e.getCall().getArgs()) {
                if (a.isData()) target_blob = a.getData().getBlob();
                if (!a.isList() || target_blob) continue;
                for (auto element : a.getList())  // a shard write: its first shard's bytes
                    if (!target_blob && element.isShardTransfer())
                        target_blob = element.getShardTransfer().getData().getBlob();
            }
        }
        log.Rewind();
    }
    bool edited = false;
    auto write = [&](capnp::MessageBuilder& b) { capnp::writeMessageToFd(out, b); };
    {
        capnp::MallocMessageBuilder header;
        header.setRoot(log.header());
        auto h = header.getRoot<ltcap::schema::Entry>();
        h.setHeader(log.header());
        if (mode == "--release") {
            h.getHeader().setTtMetalVersion(argv[4]);
            edited = true;
        }
        if (mode == "--format-version") {
            h.getHeader().setFormatVersion(static_cast<std::uint32_t>(num(4)));
            edited = true;
        }
        if (mode == "--drop-header") edited = true;
        else write(header);
    }
    std::uint64_t pieces = 0;  // --read-offset: the pieces of the call's read data met so far
    // --delay-binaries, --delay-ends: the held entries, each with the calls still to pass before it is written.
    std::vector<std::pair<std::uint64_t, std::unique_ptr<capnp::MallocMessageBuilder>>> held;
    auto release_held = [&](bool all) {
        for (auto it = held.begin(); it != held.end();) {
            if (all || it->first == 0) {
                write(*it->second);
                it = held.erase(it);
            } else {
                ++it;
            }
        }
    };
    while (auto m = log.Next()) {
        auto owned = std::make_unique<capnp::MallocMessageBuilder>();
        capnp::MallocMessageBuilder& b = *owned;
        b.setRoot(m->getRoot<ltcap::schema::Entry>());
        auto e = b.getRoot<ltcap::schema::Entry>();
        if (mode == "--delay-binaries" || mode == "--delay-ends") {
            if (e.isEnd()) release_held(true);
            if (e.isCall()) {
                for (auto& h : held) h.first--;
                write(b);
                release_held(false);
                continue;
            }
            const bool delayed = mode == "--delay-binaries" ? e.isKernelBinary() : e.isReturn() || e.isReadData();
            if (delayed && num(4) > 0) {
                held.emplace_back(num(4), std::move(owned));
                edited = true;
                continue;
            }
        }
        if (mode == "--runtime-arg" && e.isCall() && e.getCall().getSeq() == num(4)) {
            e.getCall().getArgs()[num(5)].getWords().set(num(6), static_cast<std::uint32_t>(num(7)));
            edited = true;
        } else if (mode == "--bool" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto args = e.getCall().getArgs();
            for (unsigned i = 0; i < args.size(); i++) {
                const auto* model = ltcap::ModelOf(e.getCall().getFunction());
                const char* name = model ? model->ParamName(i) : nullptr;
                if (!name || std::strcmp(name, argv[5]) != 0) continue;
                args[i].setBool(num(6) != 0);
                edited = true;
            }
        } else if (mode == "--core-range" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto args = e.getCall().getArgs();
            for (unsigned i = 0; i < args.size(); i++) {
                const auto* model = ltcap::ModelOf(e.getCall().getFunction());
                const char* name = model ? model->ParamName(i) : nullptr;
                if (!name || std::strcmp(name, argv[5]) != 0 || !args[i].isCores()) continue;
                auto range = args[i].getCores().getRanges()[0];
                range.setEndX(static_cast<std::uint32_t>(num(6)));
                range.setEndY(static_cast<std::uint32_t>(num(7)));
                edited = true;
            }
        } else if (mode == "--cut-after" && e.isCall() && e.getCall().getSeq() > num(4)) {
            edited = true;
            break;
        } else if (mode == "--cut-after" && e.isEnd()) {
            break;
        } else if (mode == "--uncaught" && e.isEnd()) {
            std::string text = "std::runtime_error: \x1b]0;owned\x07 \xc2\x9b" "2J\nsecond line";
            text.resize(std::max<std::size_t>(num(4), text.size()), 'x');
            text.resize(num(4));
            e.getEnd().setUncaught(text);
            edited = true;
        } else if (mode == "--read-offset" && e.isReadData() && e.getReadData().getSeq() == num(4)) {
            if (pieces++ == num(5)) {
                e.getReadData().setOffset(num(6));
                edited = true;
            }
        } else if (mode == "--uint" && e.isCall() && e.getCall().getSeq() == num(4)) {
            e.getCall().getArgs()[num(5)].setUint(num(6));
            edited = true;
        } else if (mode == "--int" && e.isCall() && e.getCall().getSeq() == num(4)) {
            e.getCall().getArgs()[num(5)].setInt(std::strtoll(argv[6], nullptr, 10));
            edited = true;
        } else if (mode == "--list-uint" && e.isCall() && e.getCall().getSeq() == num(4)) {
            e.getCall().getArgs()[num(5)].getList()[num(6)].setUint(num(7));
            edited = true;
        } else if (mode == "--mesh-buffer-config" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto c = e.getCall().getArgs()[num(5)].getMeshBufferConfig();
            const std::string field = argv[6];
            if (field == "size") c.setSize(num(7));
            else if (field == "globalHeight") c.setGlobalHeight(num(7));
            else if (field == "globalWidth") c.setGlobalWidth(num(7));
            else if (field == "shardHeight") c.setShardHeight(num(7));
            else if (field == "shardWidth") c.setShardWidth(num(7));
            else if (field == "orientation") c.setOrientation(static_cast<std::uint8_t>(num(7)));
            else return std::fprintf(stderr, "log_edit: no mesh buffer config field %s\n", field.c_str()), 2;
            edited = true;
        } else if (mode == "--config-field" && e.isCall() && e.getCall().getSeq() == num(4)) {
            // The struct the argument's union holds (a buffer config, kernel config, shard spec, …), by the schema.
            auto value = capnp::toDynamic(e.getCall().getArgs()[num(5)]);
            auto which = value.which();
            KJ_IF_MAYBE (field, which) {
                auto config = value.get(*field).as<capnp::DynamicStruct>();
                config.set(argv[6], static_cast<std::uint64_t>(num(7)));
                edited = true;
            }
        } else if (mode == "--accessor" && e.isCall() && e.getCall().getSeq() == num(4)) {
            for (auto a : e.getCall().getArgs()) {
                if (!a.isKernelConfig()) continue;
                auto config = a.getKernelConfig();
                if (std::string(argv[5]) == "none") {
                    config.initTensorAccessors(0);
                } else {
                    if (config.getTensorAccessors().size() == 0)
                        return std::fprintf(stderr, "log_edit: call %s records no TensorAccessorArgs\n", argv[4]), 2;
                    auto use = capnp::toDynamic(config.getTensorAccessors()[0]);
                    const std::string field = argv[5];
                    if (field == "known" || field == "meshBuffer") use.set(field, num(6) != 0);
                    else use.set(field, static_cast<std::uint64_t>(num(6)));
                }
                edited = true;
            }
        } else if (mode == "--cb-index" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto index = capnp::toDynamic(e.getCall().getArgs()[num(5)].getCbConfig().getIndices()[0]);
            index.set(argv[6], static_cast<std::uint64_t>(num(7)));
            edited = true;
        } else if (mode == "--distribution" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto d = e.getCall().getArgs()[num(5)].getBufferConfig().getDistribution();
            (std::string(argv[6]) == "tensor" ? d.getTensorPages() : d.getShardPages()).set(num(7), num(8));
            edited = true;
        } else if (mode == "--object-raw" && e.isCall() && e.getCall().getSeq() == num(4)) {
            e.getCall().getArgs()[num(5)].getObject().setRaw(num(6));
            edited = true;
        } else if (mode == "--shard-region" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto t = e.getCall().getArgs()[num(5)].getList()[0].getShardTransfer();
            t.setHasRegion(true);
            auto r = t.initRegion();
            r.setOffset(num(6));
            r.setSize(num(7));
            edited = true;
        } else if (mode == "--shard-coord" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto t = e.getCall().getArgs()[num(5)].getList()[0].getShardTransfer();
            auto c = t.initCoord(static_cast<unsigned>(argc - 6));
            for (int i = 6; i < argc; i++) c.set(static_cast<unsigned>(i - 6), static_cast<std::uint32_t>(num(i)));
            edited = true;
        } else if (mode == "--range-dims" && e.isCall() && e.getCall().getSeq() == num(4)) {
            auto r = e.getCall().getArgs()[num(5)].getMeshRange();
            r.initStart(0);
            r.initEnd(0);
            edited = true;
        } else if (mode == "--object-id" && e.isCall() && e.getCall().getSeq() == num(4)) {
            e.getCall().getArgs()[num(5)].getObject().setId(num(6));
            edited = true;
        } else if (mode == "--kernel-source" && e.isKernelSource() && e.getKernelSource().getId() == num(4)) {
            auto file = e.getKernelSource().getFiles()[0];
            std::string text = file.getContent().cStr();
            const auto at = text.find(argv[5]);
            if (at != std::string::npos) {
                text.replace(at, std::strlen(argv[5]), argv[6]);
                file.setContent(text);
                edited = true;
            }
        } else if (mode == "--home-path" && e.isKernelSource() && e.getKernelSource().getId() == num(4)) {
            auto file = e.getKernelSource().getFiles()[0];
            file.setPath(argv[5]);
            file.setFromHome(true);
            edited = true;
        } else if (mode == "--source-path" && e.isKernelSource() && e.getKernelSource().getId() == num(4)) {
            auto file = e.getKernelSource().getFiles()[0];
            file.setPath(argv[5]);
            file.setFromHome(false);
            edited = true;
        } else if (mode == "--binary-folder" && e.isKernelBinary() && e.getKernelBinary().getId() == num(4)) {
            e.getKernelBinary().setFolder(argv[5]);
            edited = true;
        } else if (mode == "--binary-file" && e.isKernelBinary() && e.getKernelBinary().getId() == num(4)) {
            e.getKernelBinary().getFiles()[0].setPath(argv[5]);
            edited = true;
        } else if (mode == "--drop-binaries" && e.isKernelBinary()) {
            edited = true;
            continue;
        } else if (mode == "--drop-calls" && e.isCall() && ltcap::ApiName(e.getCall().getFunction()) == argv[4]) {
            edited = true;
            continue;
        } else if ((mode == "--write-payload" || mode == "--read-payload") && e.isBlob() &&
                   e.getBlob().getId() == target_blob) {
            auto data = e.getBlob().getData();
            const std::uint64_t offset = num(5), start = e.getBlob().getOffset();
            if (offset >= start && offset < start + data.size()) {
                data[offset - start] ^= 0xff;
                edited = true;
            }
        }
        write(b);
    }
    release_held(true);
    ::close(out);
    if (!edited) {
        std::fprintf(stderr, "log_edit: nothing matched %s\n", mode.c_str());
        return 1;
    }
    return 0;
}
