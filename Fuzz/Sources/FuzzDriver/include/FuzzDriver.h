/* libFuzzer's entry for a program with its own main (libFuzzer 11 and later, in the toolchain's
 * libclang_rt.fuzzer). SwiftPM links every executable target with a `main` of its own (it renames
 * the module's entry point and points `main` at it), so a fuzz target cannot leave `main` to
 * libFuzzer as `swiftc -parse-as-library -sanitize=fuzzer` would: its main.swift hands its
 * LLVMFuzzerTestOneInput to this driver instead. */
#ifndef GENKAN_FUZZ_DRIVER_H
#define GENKAN_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
