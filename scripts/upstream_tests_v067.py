#!/usr/bin/env python3
"""The source side of scripts/upstream_tests_v067.sh, over a tree extracted from tt-metal v0.67.0 (TREE):

  upstream_tests_v067.py list TREE        one line per source file of the five gtest suites: SUITE BASE PATH public
                                          [COMPANION...] (the .cpp files defining the tests/ headers it includes, built
                                          with it), or SUITE BASE PATH internal HEADER (the first internal header its
                                          includes, or its companions', reach); BASE is the suite's folder, which
                                          tt-metal's build puts on the include path with its common/
  upstream_tests_v067.py patch TREE       rewrites the shared fixture headers in TREE to the public API (below)

The suites are those tt-metal v0.67.0 builds into unit_tests_legacy, unit_tests_api, unit_tests_integration, the
unit_tests_dispatch binaries and distributed_unit_tests, read from their sources.cmake / CMakeLists.txt.

A file uses only the public API when every header its includes reach — through tests/ headers, followed — is a
system, gtest or third-party header, or one of v0.67.0's public headers (tt_metal/api, tt_stl, hostdevcommon): the
fixture headers (tests/tt_metal/tt_metal/common/*_fixture.hpp) and tests/tt_metal/test_utils/env_vars.hpp are not
followed, since `patch` gives them public equivalents of the few internal calls they make (MetalContext's cluster,
rtoptions and HAL queries; the UMD cluster descriptor), each listed in RULES. A rule that matches nothing is an
error: the fixtures changed and the rules must be read again.
"""
import os
import re
import sys

THIRD_PARTY = re.compile(r'(gtest|gmock|fmt|nlohmann|tt_stl|umd|enchantum|magic_enum|tt-logger|reflect|hostdevcommon|'
                         r'boost|sys|linux|bits)/')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def cmake_list(path, var):
    text = open(path).read()
    m = re.search(r'set\(\s*%s\s+(.*?)\)' % var, text, re.S)
    return [w for w in m.group(1).split() if w.endswith('.cpp')] if m else []


def suites(tree):
    """(suite, its folder, a source file) for every source file of the five suites."""
    base = os.path.join(tree, 'tests/tt_metal/tt_metal')
    out = [('legacy', base, os.path.join(base, f)) for f in cmake_list(base + '/sources.cmake', 'UNIT_TESTS_LEGACY_SRC')]
    for suite, var in (('api', 'UNIT_TESTS_API_SOURCES'), ('integration', 'UNIT_TESTS_INTEGRATION_SRC')):
        d = os.path.join(base, suite)
        out += [(suite, d, os.path.join(d, f)) for f in cmake_list(d + '/sources.cmake', var)]
    d = os.path.join(base, 'dispatch')
    for var in ('UNIT_TESTS_DISPATCH_SMOKE_SOURCES', 'UNIT_TESTS_DISPATCH_BASIC_SOURCES',
                'UNIT_TESTS_DISPATCH_SLOW_SOURCES'):
        out += [('dispatch', d, os.path.join(d, f)) for f in cmake_list(d + '/sources.cmake', var)]
    d = os.path.join(tree, 'tests/tt_metal/distributed')
    text = open(os.path.join(d, 'CMakeLists.txt')).read()
    m = re.search(r'add_executable\(distributed_unit_tests\)\s*target_sources\(\s*distributed_unit_tests\s*PRIVATE(.*?)\)',
                  text, re.S)
    out += [('distributed', d, os.path.join(d, f)) for f in m.group(1).split() if f.endswith('.cpp') and f != 'utils.cpp']
    return out


def substituted(path):
    return (re.search(r'tests/tt_metal/tt_metal/common/[^/]*_fixture\.hpp$', path) is not None or
            path.endswith('tests/tt_metal/test_utils/env_vars.hpp'))


def classify(tree, base, path):
    """(None, companions) if `path` (of the suite in folder `base`) reaches only public headers, else (the first
    internal one, companions). A tests/ header with a .cpp of its name beside it (distributed/utils.hpp and
    utils.cpp) is defined there: that companion is built with the file, so its includes count too."""
    companions = []
    api = os.path.join(tree, 'tt_metal/api')
    public = {os.path.relpath(os.path.join(d, f), api) for d, _, fs in os.walk(api) for f in fs}
    # tt-metal's include path for its tests: the tree, tests/, the test utilities, the shared common/, the suite's
    # folder and its common/, and the public headers (also as bare names).
    search = [os.path.join(tree, p) for p in ('tests', 'tests/tt_metal/test_utils', 'tests/tt_metal/tt_metal/common',
                                              'tests/tt_metal/tt_metal', '', 'tt_metal/api', 'tt_metal/api/tt-metalium',
                                              'tt_metal/hostdevcommon/api', 'tt_stl')] + [base, os.path.join(base, 'common')]
    seen = set()
    todo = [path]
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        for delimiter, name in INCLUDE.findall(open(cur, errors='ignore').read()):
            if name.startswith('tt-metalium/'):
                if name not in public:
                    return name, companions
                continue
            if THIRD_PARTY.match(name) or ('/' not in name and not name.endswith(('.h', '.hpp', '.hh'))):
                continue
            found = None
            for d in [os.path.dirname(cur)] + search:
                p = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(p):
                    found = p
                    break
            rel = os.path.relpath(found, tree) if found else None
            if found is None:
                if '/' in name or delimiter == '"':
                    return name, companions  # a quoted name found nowhere in the tree's public parts: tt-metal's internal ones
                continue  # a system header
            if rel.startswith('tests/'):
                if not substituted(found):
                    todo.append(found)
                    companion = os.path.splitext(found)[0] + '.cpp'
                    if found.endswith(('.hpp', '.h')) and os.path.isfile(companion) and companion != path:
                        if companion not in companions:
                            companions.append(companion)
                        todo.append(companion)
            elif not rel.startswith(('tt_metal/api/', 'tt_stl/', 'tt_metal/hostdevcommon/')):
                return rel, companions
    return None, companions


# The public API's equivalents of the fixtures' internal calls, for one Wormhole card as the emulated device shows
# it: the chips the program may open, then the queries of the cluster, the runtime options and the HAL.
PRELUDE = r'''// Written by ltcap's scripts/upstream_tests_v067.py into the extracted copy: what the shared test fixtures ask of
// tt-metal's internals, asked of its public API instead.
#pragma once
#include <cstdlib>
#include <string>
#include <vector>
#include <tt-metalium/cluster.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <umd/device/types/arch.hpp>
namespace tt::tt_metal::ltcap_public {
// Every chip a program may open (the cluster's user-exposed chips): 0 .. GetNumAvailableDevices() - 1.
inline std::vector<ChipId> Chips() {
    std::vector<ChipId> ids;
    for (ChipId i = 0; i < static_cast<ChipId>(tt::tt_metal::GetNumAvailableDevices()); i++) ids.push_back(i);
    return ids;
}
// The chips reached over PCIe (the cluster's MMIO chips): 0 .. GetNumPCIeDevices() - 1.
inline std::vector<ChipId> PcieChips() {
    std::vector<ChipId> ids;
    for (ChipId i = 0; i < static_cast<ChipId>(tt::tt_metal::GetNumPCIeDevices()); i++) ids.push_back(i);
    return ids;
}
inline std::string ArchName() {
    switch (tt::tt_metal::hal::get_arch()) {
        case tt::ARCH::WORMHOLE_B0: return "wormhole_b0";
        case tt::ARCH::BLACKHOLE: return "blackhole";
        default: return "invalid";
    }
}
}  // namespace tt::tt_metal::ltcap_public
'''

MC = r'tt::tt_metal::MetalContext::instance\(\)'
RULES = [
    # (file, pattern, replacement): every pattern must match at least once in its file.
    ('test_utils/env_vars.hpp', r'#include <umd/device/driver_atomics.hpp>\n#include <umd/device/cluster_descriptor.hpp>\n'
     r'#include <umd/device/simulation/simulation_chip.hpp>\n#include "impl/context/metal_context.hpp"\n',
     '#include "ltcap_public_fixture_support.hpp"\n'),
    ('test_utils/env_vars.hpp', r'inline std::string get_umd_arch_name\(\) \{.*?\n\}\n',
     'inline std::string get_umd_arch_name() { return ::tt::tt_metal::ltcap_public::ArchName(); }\n'),
    ('tt_metal/common/mesh_dispatch_fixture.hpp', r'#include "llrt.hpp"\n', ''),
    ('tt_metal/common/mesh_dispatch_fixture.hpp', r'#include "common/tt_backend_api_types.hpp"\n',
     '#include <tt-metalium/tt_backend_api_types.hpp>\n'),
    ('tt_metal/common/mesh_dispatch_fixture.hpp', r'#include <llrt/tt_cluster.hpp>\n', ''),
    ('tt_metal/common/command_queue_fixture.hpp', r'#include "impl/context/metal_context.hpp"\n#include "llrt.hpp"\n', ''),
    ('tt_metal/common/multi_device_fixture.hpp', r'#include <boost/algorithm/string.hpp>\n', ''),
    ('tt_metal/common/multi_device_fixture.hpp', r'#include "llrt.hpp"\n#include "impl/context/metal_context.hpp"\n', ''),
    ('tt_metal/common/multi_device_fixture.hpp', r'#include "system_mesh.hpp"\n', '#include <tt-metalium/system_mesh.hpp>\n'),
    ('*', MC + r'\.get_cluster\(\)\.user_exposed_chip_ids\(\)', '::tt::tt_metal::ltcap_public::Chips()'),
    ('*', MC + r'\.get_cluster\(\)\.all_chip_ids\(\)', '::tt::tt_metal::ltcap_public::Chips()'),
    ('*', MC + r'\.get_cluster\(\)\.mmio_chip_ids\(\)', '::tt::tt_metal::ltcap_public::PcieChips()'),
    ('*', MC + r'\.rtoptions\(\)\.get_dispatch_core_config\(\)', 'tt::tt_metal::DispatchCoreConfig{}'),
    ('*', MC + r'\.hal\(\)\.get_arch_num_circular_buffers\(\)', 'tt::tt_metal::hal::get_arch_num_circular_buffers()'),
    ('*', MC + r'\.get_cluster\(\)\.get_cluster_type\(\)', 'tt::tt_metal::GetClusterType()'),
    ('*', MC + r'\.get_cluster\(\)\.number_of_devices\(\)', 'tt::tt_metal::GetNumAvailableDevices()'),
    ('*', MC + r'\.get_system_mesh\(\)\.shape\(\)', 'tt::tt_metal::distributed::SystemMesh::instance().shape()'),
    # The internal common/tt_backend_api_types.hpp's name for UMD's public arch_from_str.
    ('*', r'tt::get_arch_from_string\(', 'tt::arch_from_str('),
    # A UBB board is a Galaxy's.
    ('*', MC + r'\.get_cluster\(\)\.get_board_type\(0\) == BoardType::UBB', 'tt::tt_metal::IsGalaxyCluster()'),
    # Chips behind an MMIO chip's Ethernet tunnels: none on one card.
    ('*', MC + r'\.get_cluster\(\)\.get_tunnels_from_mmio_device\(\w+\)', 'std::vector<std::vector<ChipId>>{}'),
]
FIXTURES = ['test_utils/env_vars.hpp', 'tt_metal/common/mesh_dispatch_fixture.hpp',
            'tt_metal/common/device_fixture.hpp', 'tt_metal/common/command_queue_fixture.hpp',
            'tt_metal/common/multi_device_fixture.hpp']


def patch(tree):
    base = os.path.join(tree, 'tests/tt_metal')
    texts = {f: open(os.path.join(base, f)).read() for f in FIXTURES}
    for target, pattern, replacement in RULES:
        hits = 0
        for f in FIXTURES if target == '*' else [target]:
            texts[f], n = re.subn(pattern, lambda _: replacement, texts[f], flags=re.S)
            hits += n
        if hits == 0:
            sys.exit('upstream_tests_v067.py: no match for %r in %s: the fixtures changed' % (pattern, target))
    for f, text in texts.items():
        if 'MetalContext' in text:
            line = next(l for l in text.splitlines() if 'MetalContext' in l)
            sys.exit('upstream_tests_v067.py: %s still calls MetalContext: %s' % (f, line.strip()))
        open(os.path.join(base, f), 'w').write(text)
    open(os.path.join(base, 'test_utils/ltcap_public_fixture_support.hpp'), 'w').write(PRELUDE)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('list', 'patch'):
        sys.exit(__doc__)
    tree = sys.argv[2]
    if sys.argv[1] == 'patch':
        patch(tree)
        return
    for suite, base, path in suites(tree):
        internal, companions = classify(tree, base, path)
        print(suite, os.path.relpath(base, tree), os.path.relpath(path, tree),
              'public' if internal is None else 'internal ' + internal,
              *([os.path.relpath(c, tree) for c in companions] if internal is None else []))


if __name__ == '__main__':
    main()
