#ifndef GENKAN_CPCRE2_SHIM_H
#define GENKAN_CPCRE2_SHIM_H
// Genkan matches UTF-8 subjects only.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
