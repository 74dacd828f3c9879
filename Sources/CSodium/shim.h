#ifndef GENKAN_CSODIUM_SHIM_H
#define GENKAN_CSODIUM_SHIM_H
#include <sodium.h>
#endif
