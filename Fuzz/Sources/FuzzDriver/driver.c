/* Intentionally empty: SwiftPM needs a source file to make a C target of FuzzDriver.h, whose
 * function libclang_rt.fuzzer defines. */
