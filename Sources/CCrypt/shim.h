#ifndef GENKAN_CCRYPT_SHIM_H
#define GENKAN_CCRYPT_SHIM_H
/* libxcrypt (Debian's libcrypt-dev): crypt_rn checks bcrypt ($2a$, $2b$, $2y$) hashes. */
#include <crypt.h>
#endif
