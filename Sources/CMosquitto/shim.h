#include <mosquitto.h>
// OpenSSL, for why a broker's certificate was not trusted (libmosquitto's own log says only
// "certificate verify failed").
#include <openssl/ssl.h>
#include <openssl/x509.h>
// glibc's mallopt, so that a broker's large messages do not stay resident once freed.
#include <malloc.h>
