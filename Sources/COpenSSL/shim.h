#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>

/* Macros Swift cannot import, as constants. */
static const int yaruki_evp_pkey_public_key = EVP_PKEY_PUBLIC_KEY;
static const int yaruki_evp_ctrl_gcm_get_tag = EVP_CTRL_GCM_GET_TAG;
