// Force-included into every source of the shim (BUILD: -include). The shim is preloaded into every process
// of a traced program's tree, compilers and shells included; a strong reference to a tt-metal symbol would
// make those refuse to load it (a BIND_NOW executable such as bash resolves everything at load). Weak
// references resolve to null where there is no tt-metal and are only ever used inside tt-metal calls.
// shim_symbols_test fails if a strong tt-metal reference appears: add its mangled name here.
#pragma once

__asm__(".weak _ZN12CoreRangeSetC1EOS_");
__asm__(".weak _ZNK12CoreRangeSet6rangesEv");
__asm__(".weak _ZN2tt8tt_metal2v07ProgramC1EOS2_");
__asm__(".weak _ZN2tt8tt_metal2v07ProgramD1Ev");
__asm__(".weak _ZNK2tt8tt_metal2v015GlobalSemaphore7addressEv");
__asm__(".weak _ZNK2tt8tt_metal2v020CircularBufferConfig10page_sizesEv");
__asm__(".weak _ZNK2tt8tt_metal2v020CircularBufferConfig10total_sizeEv");
__asm__(".weak _ZNK2tt8tt_metal2v020CircularBufferConfig12data_formatsEv");
__asm__(".weak _ZNK2tt8tt_metal2v020CircularBufferConfig26globally_allocated_addressEv");
