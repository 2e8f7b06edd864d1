// fmt 11's core header by its fmt 11 name, over the fmt this package is built with (Debian's 9.1, whose core.h holds
// the same API: format, format_to, print, formatter, format_context). tt-metal v0.67.0 pins fmt 11.1.4, and its
// headers and tests include <fmt/base.h>; a program of that kind builds against this package unchanged and links
// fmt 9's names, which this library exports (a program built against fmt 11 itself imports fmt 11's: the library
// exports those it declares too, emu/fmt11_formatters.cc).
#pragma once

#include <fmt/core.h>
