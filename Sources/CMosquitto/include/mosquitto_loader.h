#ifndef RINGS_MOSQUITTO_LOADER_H
#define RINGS_MOSQUITTO_LOADER_H
// libmosquitto, Eclipse Mosquitto's own MQTT client (Debian's libmosquitto-dev), and the OpenSSL it
// does TLS with (libssl-dev), loaded when a screen first uses a broker (mosquitto_loader.c): a screen
// without one keeps neither them nor OpenSSL's 1.8 MB in memory.
#include <mosquitto.h>
// OpenSSL, for why a broker's certificate was not trusted (libmosquitto's own log says only
// "certificate verify failed").
#include <openssl/ssl.h>
#include <openssl/x509.h>
// glibc's mallopt, so that a broker's large messages do not stay resident once freed.
#include <malloc.h>
#include <stddef.h>

// Loads libmosquitto (and with it libssl and libcrypto): 0, or -1 with dlopen's reason in `why`.
// The functions declared above may be called only after it returned 0.
int rings_mosquitto_load(char *why, size_t size);

#endif
