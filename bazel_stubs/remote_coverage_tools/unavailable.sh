#!/bin/sh
echo "coverage is not available in this offline build; use gcov/lcov directly" >&2
exit 1
